import { formatAmount } from "@rgs/protocol/money";
import type { Clock } from "../clock.ts";
import { type Executor, findRound, type RoundRow, updateRound } from "../rounds/round-repository.ts";
import {
  findTransaction,
  listTransactions,
  recordOutcome,
  type TransactionRow,
} from "../rounds/transaction-repository.ts";
import type { Store } from "../store/database.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import type { DebitResult, WalletGateway } from "./gateway.ts";

/**
 * Demo play: a virtual balance on the session row, moved in the same database transaction that records the
 * transaction's outcome, so the balance and the rows never disagree. No callback is ever sent.
 */
export class DemoWalletGateway implements WalletGateway {
  readonly mode = "demo" as const;
  readonly #store: Store;
  readonly #clock: Clock;

  constructor(deps: { store: Store; clock: Clock }) {
    this.#store = deps.store;
    this.#clock = deps.clock;
  }

  async debit(round: RoundRow, tx: TransactionRow): Promise<DebitResult> {
    return this.#store.db.transaction().execute(async (trx) => {
      const balance = await lockBalance(trx, round.sessionId);
      const now = new Date(this.#clock.now());
      if (balance < tx.amount) {
        const answer = { status: "ERROR_NOT_ENOUGH_MONEY", balance: formatAmount(balance, round.decimals) };
        await recordOutcome(trx, tx.transactionId, { status: "refused", answer, completedAt: now });
        return { outcome: "refused", status: answer.status, answer };
      }
      const after = balance - tx.amount;
      await setBalance(trx, round.sessionId, after);
      const answer = { status: "OK", balance: formatAmount(after, round.decimals) };
      await recordOutcome(trx, tx.transactionId, { status: "ok", answer, completedAt: now });
      return { outcome: "ok", balance: after, answer };
    });
  }

  /** Applies every pending credit and rollback of the round in order; the closing one closes the round. */
  async settle(roundId: string): Promise<void> {
    await this.#store.db.transaction().execute(async (trx) => {
      const round = await findRound(trx, roundId, { forUpdate: true });
      if (!round) return;
      const pending = (await listTransactions(trx, roundId)).filter(
        (t) => t.status === "pending" && t.kind !== "debit",
      );
      if (pending.length === 0) return;
      let balance = await lockBalance(trx, round.sessionId);
      const now = new Date(this.#clock.now());
      for (const tx of pending) {
        balance += await this.#refund(trx, tx);
        const answer = { status: "OK", balance: formatAmount(balance, round.decimals) };
        await recordOutcome(trx, tx.transactionId, { status: "ok", answer, completedAt: now });
        if (tx.roundClosed) await updateRound(trx, roundId, { status: "closed", closedAt: now });
      }
      await setBalance(trx, round.sessionId, balance);
    });
  }

  async balance(session: GameSession): Promise<{ balance: bigint }> {
    const row = await this.#store.db
      .selectFrom("sessions")
      .select("demo_balance")
      .where("id", "=", session.id)
      .executeTakeFirst();
    return { balance: row?.demo_balance ?? 0n };
  }

  /** What a credit or rollback adds: a rollback returns its debit's stake only if that debit took it. */
  async #refund(trx: Executor, tx: TransactionRow): Promise<bigint> {
    if (tx.kind === "credit") return tx.amount;
    const debit = tx.reverseTransactionId ? await findTransaction(trx, tx.reverseTransactionId) : undefined;
    return debit?.status === "ok" ? debit.amount : 0n;
  }
}

async function lockBalance(trx: Executor, sessionId: string): Promise<bigint> {
  const row = await trx
    .selectFrom("sessions")
    .select("demo_balance")
    .where("id", "=", sessionId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.demo_balance ?? 0n;
}

async function setBalance(trx: Executor, sessionId: string, balance: bigint): Promise<void> {
  await trx.updateTable("sessions").set({ demo_balance: balance }).where("id", "=", sessionId).execute();
}
