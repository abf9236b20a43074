import type { WalletOp } from "@rgs/games/model";
import {
  type Batch,
  type DeferrableTable,
  type GroupCommitWriter,
  insertRows,
  type JobPlan,
  type TakenNonce,
} from "../store/group-commit.ts";
import { roundPatchColumns, roundRow } from "../store/round-columns.ts";
import { transactionColumns, transactionRow } from "../store/transaction-columns.ts";
import { CommittedCallbacks } from "./committed-callbacks.ts";
import type { Executor, RoundPatch, RoundRow } from "./round-repository.ts";
import type { TransactionKind, TransactionRow, TransactionStatus } from "./transaction-repository.ts";

export type Debit = Extract<WalletOp, { kind: "debit" }>;
export type Credit = Extract<WalletOp, { kind: "credit" }>;

/**
 * The only writer of rounds and wallet transactions. Every write happens inside `write`, whose jobs the
 * group-commit writer runs in transactions shared with the other bets in flight; a job's promise settles
 * once its rows are durable, so the engine sends a callback only after the rows that describe it (and the
 * outcome of the call before it in the round) are stored. The delivery of credits and rollbacks (claims,
 * leases, dead letters) is written by the callback ledger (outbox/callback-ledger.ts).
 */
export class Ledger {
  readonly #writer: GroupCommitWriter;
  readonly #committed = new CommittedCallbacks();

  constructor(writer: GroupCommitWriter) {
    this.#writer = writer;
  }

  /** Runs `work` in the lane of `laneKey` (a player: one player's writes commit in order). */
  write<T>(laneKey: string, work: (tx: LedgerTx) => Promise<T>): Promise<T> {
    return this.writePlanned(laneKey, undefined, work);
  }

  /**
   * `write` for a job that says beforehand what it reads (`plan`): the batch takes its nonce and locks its
   * demo balance in one statement with the other jobs', and leaves its updates to the batch's end.
   * Undefined: a plain `write`.
   */
  async writePlanned<T>(
    laneKey: string,
    plan: JobPlan | undefined,
    work: (tx: LedgerTx) => Promise<T>,
  ): Promise<T> {
    let job: LedgerTx | undefined;
    const result = await this.#writer.run(
      laneKey,
      (trx, batch) => {
        job = new LedgerTx(trx, batch);
        return work(job);
      },
      plan,
    );
    if (job) this.#committed.add(job.inserted);
    return result;
  }

  /** Whether the row of a callback about to be sent inline was inserted by a job that has committed. */
  takeCommitted(transactionId: string): boolean {
    return this.#committed.take(transactionId);
  }
}

/** The lane of a player's writes. */
export const laneOf = (round: { operatorId: string; playerId: string }): string =>
  `${round.operatorId}|${round.playerId}`;

/** The row of a transaction about to be written. */
export type NewTransactionRow = Pick<
  TransactionRow,
  | "transactionId"
  | "roundId"
  | "seq"
  | "kind"
  | "amount"
  | "roundClosed"
  | "reverseTransactionId"
  | "requestId"
  | "requestBody"
  | "createdAt"
  | "nextAttemptAt"
> &
  Partial<
    Pick<TransactionRow, "status" | "answer" | "completedAt" | "attempts" | "leaseOwner" | "leaseUntil">
  >;

export interface TransactionOutcome {
  status: TransactionStatus;
  /** The wallet's answer as parsed; with `raw`, the text it came in. */
  answer?: unknown;
  raw?: string;
  lastError?: string | null;
  completedAt?: Date | null;
  attempts?: number;
  /** How long the send that got this answer took. */
  latencyMs?: number;
}

/** The writes of one job, on its shared transaction. `db` is there for the reads a job needs. */
export class LedgerTx {
  readonly #batch: Batch | undefined;
  /** The transaction IDs this job inserted, durable once its job's promise settles. */
  readonly inserted: string[] = [];

  /** `batch`: the group commit's, whose end inserts the new rows of all its jobs in one statement per table. */
  constructor(
    readonly db: Executor,
    batch?: Batch,
  ) {
    this.#batch = batch;
  }

  /** New rows are only ever read back by later batches, so they can wait for the end of this one. */
  async #insert(table: DeferrableTable, rows: Record<string, unknown>[]): Promise<void> {
    if (this.#batch?.defers) return this.#batch.defer(table, rows);
    await insertRows(this.db, table, rows);
  }

  /** The nonce the batch took for the pair this job planned, or undefined (the caller takes it itself). */
  plannedNonce(pairId: string): (TakenNonce & { pairId: string }) | undefined {
    const taken = this.#batch?.takeNonce(pairId);
    return taken && { pairId, ...taken };
  }

  async insertRound(round: RoundRow): Promise<void> {
    await this.#insert("rounds", [roundRow(round)]);
  }

  async updateRound(id: string, patch: RoundPatch): Promise<void> {
    const columns = roundPatchColumns(patch);
    if (this.#batch?.defersUpdates && this.#batch.deferUpdate("rounds", id, columns)) return;
    await this.db.updateTable("rounds").set(columns).where("id", "=", id).execute();
  }

  /**
   * Ends a round whose closing callback is settled; false when it had ended already. A round that closes
   * with a rollback was cancelled before it was played: its outcome never counted.
   */
  async closeRound(roundId: string, now: Date, closedBy: TransactionKind): Promise<boolean> {
    const closed = await this.db
      .updateTable("rounds")
      .set({ status: closedBy === "rollback" ? "cancelled" : "closed", closed_at: now })
      .where("id", "=", roundId)
      .where("status", "not in", ["closed", "void", "cancelled"])
      .executeTakeFirst();
    return closed.numUpdatedRows > 0n;
  }

  /** Writes transaction rows in one statement, `pending` unless they say otherwise. */
  async insertTransactions(rows: NewTransactionRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#insert("wallet_transactions", rows.map(transactionRow));
    for (const row of rows) this.inserted.push(row.transactionId);
  }

  async recordOutcome(transactionId: string, outcome: TransactionOutcome): Promise<void> {
    await this.db
      .updateTable("wallet_transactions")
      .set(outcomeColumns(outcome))
      .where("transaction_id", "=", transactionId)
      .execute();
  }

  /**
   * Records the outcome of a debit that is still pending; false when it no longer is (the sweeper found
   * it stuck and wrote its rollback), in which case the caller must not act on the answer.
   */
  async settleDebit(transactionId: string, outcome: TransactionOutcome): Promise<boolean> {
    // Checked at the end of the batch: a debit no longer pending reruns the batch, where this answers false.
    const columns = outcomeColumns(outcome);
    if (
      this.#batch?.defersUpdates &&
      this.#batch.deferUpdate("wallet_transactions", transactionId, columns, true)
    ) {
      return true;
    }
    const updated = await this.db
      .updateTable("wallet_transactions")
      .set(columns)
      .where("transaction_id", "=", transactionId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }

  /** Counts one more send of a debit and what went wrong with it. */
  async recordAttempt(transactionId: string, lastError: string | null): Promise<void> {
    await this.db
      .updateTable("wallet_transactions")
      .set((eb) => ({ attempts: eb("attempts", "+", 1), last_error: lastError }))
      .where("transaction_id", "=", transactionId)
      .execute();
  }

  /** Demo: moves the virtual balance by `delta`, only if it stays at or above `floor`; the new balance, or undefined. */
  async moveDemoBalance(sessionId: string, delta: bigint, floor: bigint): Promise<bigint | undefined> {
    // A balance a job of this batch planned is locked and held by the batch: every move of it goes there.
    const held = this.#batch?.moveBalance(sessionId, delta, floor) ?? "unplanned";
    if (held !== "unplanned") return held;
    const row = await this.db
      .updateTable("sessions")
      .set((eb) => ({ demo_balance: eb("demo_balance", "+", delta) }))
      .where("id", "=", sessionId)
      .where((eb) => eb("demo_balance", ">=", floor))
      .returning("demo_balance")
      .executeTakeFirst();
    return row ? (row.demo_balance ?? 0n) : undefined;
  }
}

/** The columns an outcome sets; the answer's text, when given, is kept as bytes beside it. */
function outcomeColumns({ raw, ...outcome }: TransactionOutcome) {
  return transactionColumns({ ...outcome, ...(raw !== undefined && { answerRaw: raw }) });
}
