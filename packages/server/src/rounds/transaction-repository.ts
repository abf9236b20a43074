import { type TransactionRow, toTransaction } from "../store/transaction-columns.ts";
import type { Executor } from "./round-repository.ts";

export type { TransactionKind, TransactionStatus } from "../store/schema.ts";
export type { TransactionRow } from "../store/transaction-columns.ts";

export async function findTransaction(
  db: Executor,
  transactionId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<TransactionRow | undefined> {
  let query = db.selectFrom("wallet_transactions").selectAll().where("transaction_id", "=", transactionId);
  if (opts.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toTransaction(row);
}

export async function listTransactions(db: Executor, roundId: string): Promise<TransactionRow[]> {
  const rows = await db
    .selectFrom("wallet_transactions")
    .selectAll()
    .where("round_id", "=", roundId)
    .orderBy("seq")
    .execute();
  return rows.map(toTransaction);
}

/** The rollback that reverses a debit, if one was ever written: after it, the debit is never sent again. */
export async function findRollbackOf(db: Executor, debitId: string): Promise<TransactionRow | undefined> {
  const row = await db
    .selectFrom("wallet_transactions")
    .selectAll()
    .where("reverse_transaction_id", "=", debitId)
    .executeTakeFirst();
  return row && toTransaction(row);
}
