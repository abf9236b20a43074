import { decimalToMinor, parseDecimalExact } from "@rgs/protocol/money";
import type { Selectable } from "kysely";
import type { TransactionKind, TransactionStatus, WalletTransactionsTable } from "../store/schema.ts";
import type { Executor } from "./round-repository.ts";

export type { TransactionKind, TransactionStatus } from "../store/schema.ts";

export interface TransactionRow {
  transactionId: string;
  roundId: string;
  /** Order within the round: callbacks reach the wallet in this order. */
  seq: number;
  kind: TransactionKind;
  amount: bigint;
  roundClosed: boolean;
  reverseTransactionId: string | null;
  requestId: string;
  /** The exact body sent; every retry resends these bytes. */
  requestBody: string;
  status: TransactionStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  lastError: string | null;
  /** The wallet's answer object as received. */
  answer: unknown;
  createdAt: Date;
  completedAt: Date | null;
  alertedAt: Date | null;
}

export function toTransaction(row: Selectable<WalletTransactionsTable>): TransactionRow {
  return {
    transactionId: row.transaction_id,
    roundId: row.round_id,
    seq: row.seq,
    kind: row.kind,
    amount: row.amount,
    roundClosed: row.round_closed,
    reverseTransactionId: row.reverse_transaction_id,
    requestId: row.request_id,
    requestBody: row.request_body,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until,
    lastError: row.last_error,
    answer: row.answer ?? null,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    alertedAt: row.alerted_at,
  };
}

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

/**
 * The balance a wallet reported in a stored answer (minor units, rounded down), when it has a readable one.
 * Answers are stored as the wallet's JSON object, so the balance is its decimal string.
 */
export function balanceOfAnswer(answer: unknown, decimals: number): bigint | undefined {
  if (answer === null || typeof answer !== "object") return undefined;
  const parsed = parseDecimalExact((answer as { balance?: unknown }).balance);
  if (!parsed.ok) return undefined;
  return decimalToMinor({ units: parsed.units, scale: parsed.scale }, decimals, "floor");
}
