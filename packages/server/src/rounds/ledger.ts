import { randomUUID } from "node:crypto";
import type { WalletOp } from "@rgs/games/model";
import { type Expression, type SqlBool, sql } from "kysely";
import type { ResolutionColumns } from "../outbox/tables.ts";
import {
  type Batch,
  type DeferrableTable,
  type GroupCommitWriter,
  insertRows,
  type JobPlan,
  type TakenNonce,
} from "../store/group-commit.ts";
import { creditBody, debitBody, rollbackBody } from "../wallet/callback-bodies.ts";
import { newRequestId } from "../wallet/wallet-client.ts";
import { encodeJson } from "./json-codec.ts";
import type { Executor, RoundPatch, RoundRow } from "./round-repository.ts";
import type { TransactionRow, TransactionStatus } from "./transaction-repository.ts";

export type Debit = Extract<WalletOp, { kind: "debit" }>;
export type Credit = Extract<WalletOp, { kind: "credit" }>;

/**
 * The only writer of rounds and wallet transactions. Every write happens inside `write`, whose jobs the
 * group-commit writer runs in transactions shared with the other bets in flight; a job's promise settles
 * once its rows are durable, so the engine sends a callback only after the rows that describe it (and the
 * outcome of the call before it in the round) are stored. The outbox's and the sweeper's writes come
 * through here too.
 */
export class Ledger {
  readonly #writer: GroupCommitWriter;

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
  writePlanned<T>(
    laneKey: string,
    plan: JobPlan | undefined,
    work: (tx: LedgerTx) => Promise<T>,
  ): Promise<T> {
    return this.#writer.run(laneKey, (trx, batch) => work(new LedgerTx(trx, batch)), plan);
  }
}

/** The lane of a player's writes. */
export const laneOf = (round: { operatorId: string; playerId: string }): string =>
  `${round.operatorId}|${round.playerId}`;

/** A credit or rollback leased for one delivery attempt, with what sending it needs from its round. */
export interface ClaimedCallback {
  transactionId: string;
  roundId: string;
  seq: number;
  kind: "credit" | "rollback";
  requestId: string;
  requestBody: string;
  roundClosed: boolean;
  /** Attempts made before this one. */
  attempts: number;
  createdAt: Date;
  alertedAt: Date | null;
  operatorId: string;
  playerId: string;
  gameCode: string;
  mode: "demo" | "real";
  decimals: number;
}

/** A callback row held under a lease by `owner`. */
export type Leased = { transactionId: string; owner: string };

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
}

/** The writes of one job, on its shared transaction. `db` is there for the reads a job needs. */
export class LedgerTx {
  readonly #batch: Batch | undefined;

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
    await this.#insert("rounds", [
      {
        id: round.id,
        session_id: round.sessionId,
        operator_id: round.operatorId,
        player_id: round.playerId,
        mode: round.mode,
        game_code: round.gameCode,
        currency: round.currency,
        decimals: round.decimals,
        status: round.status,
        stake_total: round.stakeTotal,
        payout_total: round.payoutTotal,
        params: encodeJson(round.params),
        state: encodeJson(round.state),
        view: encodeJson(round.view),
        actions: encodeJson(round.actions),
        seed_pair_id: round.seedPairId,
        nonce: round.nonce,
        random_position: round.randomPosition,
        deadline: round.deadline,
        close_reason: round.closeReason,
        note: round.note,
        created_at: round.createdAt,
        last_action_at: round.lastActionAt,
        closed_at: round.closedAt,
        request_key: round.requestKey ?? null,
        request_digest: round.requestDigest ?? null,
      },
    ]);
  }

  async updateRound(id: string, patch: RoundPatch): Promise<void> {
    const columns = roundColumns(patch);
    if (this.#batch?.defersUpdates && this.#batch.deferUpdate("rounds", id, columns)) return;
    await this.db.updateTable("rounds").set(columns).where("id", "=", id).execute();
  }

  /** Closes a round whose closing callback is settled; false when it was closed already. */
  async closeRound(roundId: string, now: Date): Promise<boolean> {
    const closed = await this.db
      .updateTable("rounds")
      .set({ status: "closed", closed_at: now })
      .where("id", "=", roundId)
      .where("status", "not in", ["closed", "void"])
      .executeTakeFirst();
    return closed.numUpdatedRows > 0n;
  }

  /** Writes transaction rows in one statement, `pending` unless they say otherwise. */
  async insertTransactions(rows: NewTransactionRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#insert(
      "wallet_transactions",
      rows.map((tx) => ({
        transaction_id: tx.transactionId,
        round_id: tx.roundId,
        seq: tx.seq,
        kind: tx.kind,
        amount: tx.amount,
        round_closed: tx.roundClosed,
        reverse_transaction_id: tx.reverseTransactionId,
        request_id: tx.requestId,
        request_body: tx.requestBody,
        status: tx.status ?? "pending",
        attempts: tx.attempts ?? 0,
        next_attempt_at: tx.nextAttemptAt,
        lease_owner: tx.leaseOwner ?? null,
        lease_until: tx.leaseUntil ?? null,
        answer: tx.answer === undefined || tx.answer === null ? null : storableJson(tx.answer),
        created_at: tx.createdAt,
        completed_at: tx.completedAt ?? null,
      })),
    );
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

  /**
   * The outbox's claim: due credits and rollbacks (pending, retry time reached, no live lease, and no
   * earlier callback of their round still pending, so a round's callbacks reach the wallet in order),
   * locked with `FOR UPDATE SKIP LOCKED` and leased to `owner`. The debit a rollback reverses is not
   * waited for: a debit left pending by a process that died mid-call is exactly what such a rollback is for.
   */
  async claimDue(opts: {
    now: Date;
    owner: string;
    leaseUntil: Date;
    limit: number;
    roundId?: string;
    /** Also before their retry time: a player is waiting on the round. */
    early?: boolean;
  }): Promise<ClaimedCallback[]> {
    let query = this.db
      .selectFrom("wallet_transactions as t")
      .innerJoin("rounds as r", "r.id", "t.round_id")
      .select([
        "t.transaction_id",
        "t.round_id",
        "t.seq",
        "t.kind",
        "t.request_id",
        "t.request_body",
        "t.round_closed",
        "t.attempts",
        "t.created_at",
        "t.alerted_at",
        "r.operator_id",
        "r.player_id",
        "r.game_code",
        "r.mode",
        "r.decimals",
      ])
      .where("t.status", "=", "pending")
      .where("t.kind", "in", ["credit", "rollback"])
      .where((eb) =>
        opts.early
          ? eb.lit(true)
          : eb.or([eb("t.next_attempt_at", "is", null), eb("t.next_attempt_at", "<=", opts.now)]),
      )
      .where((eb) => eb.or([eb("t.lease_until", "is", null), eb("t.lease_until", "<=", opts.now)]))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("wallet_transactions as e")
              .select(sql.lit(1).as("one"))
              .whereRef("e.round_id", "=", "t.round_id")
              .whereRef("e.seq", "<", "t.seq")
              .where("e.status", "=", "pending")
              .where(
                sql<SqlBool>`e.transaction_id is distinct from t.reverse_transaction_id` as Expression<SqlBool>,
              ),
          ),
        ),
      );
    if (opts.roundId !== undefined) query = query.where("t.round_id", "=", opts.roundId);
    const rows = await query
      .orderBy("t.next_attempt_at", (o) => o.asc().nullsFirst())
      .orderBy("t.created_at")
      .orderBy("t.seq")
      .limit(opts.limit)
      .forUpdate("t")
      .skipLocked()
      .execute();
    if (rows.length === 0) return [];
    await this.db
      .updateTable("wallet_transactions")
      .set({ lease_owner: opts.owner, lease_until: opts.leaseUntil })
      .where(
        "transaction_id",
        "in",
        rows.map((r) => r.transaction_id),
      )
      .execute();
    return rows.map((r) => ({
      transactionId: r.transaction_id,
      roundId: r.round_id,
      seq: r.seq,
      kind: r.kind as "credit" | "rollback",
      requestId: r.request_id,
      requestBody: r.request_body,
      roundClosed: r.round_closed,
      attempts: r.attempts,
      createdAt: r.created_at,
      alertedAt: r.alerted_at,
      operatorId: r.operator_id,
      playerId: r.player_id,
      gameCode: r.game_code,
      mode: r.mode,
      decimals: r.decimals,
    }));
  }

  /**
   * The wallet confirmed a leased callback; a round's closing one closes the round. `recorded` is false
   * when the lease was lost meanwhile (another instance took the row over and records its own outcome).
   */
  async recordDelivered(
    leased: Leased & { roundId: string; roundClosed: boolean; attempts: number },
    outcome: { now: Date; answer: string },
  ): Promise<{ recorded: boolean; closedRound: boolean }> {
    const updated = await this.#held(leased)
      .set({
        status: "ok",
        attempts: leased.attempts,
        completed_at: outcome.now,
        answer: storableJson(parseAnswer(outcome.answer)),
        answer_raw: Buffer.from(outcome.answer, "utf8"),
        last_error: null,
        lease_owner: null,
        lease_until: null,
        next_attempt_at: null,
      })
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return { recorded: false, closedRound: false };
    const closedRound = leased.roundClosed ? await this.closeRound(leased.roundId, outcome.now) : false;
    return { recorded: true, closedRound };
  }

  /** The wallet definitely refused a credit or rollback: a dead letter for a person, with its audit event. */
  async recordDead(
    leased: Leased & { attempts: number; operatorId: string; audit: Record<string, unknown> },
    outcome: { now: Date; status: string; answer: string },
  ): Promise<boolean> {
    const updated = await this.#held(leased)
      .set({
        status: "dead",
        attempts: leased.attempts,
        answer: storableJson(parseAnswer(outcome.answer)),
        answer_raw: Buffer.from(outcome.answer, "utf8"),
        last_error: outcome.status,
        lease_owner: null,
        lease_until: null,
        next_attempt_at: null,
      })
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await this.db
      .insertInto("audit_events")
      .values({
        at: outcome.now,
        operator_id: leased.operatorId,
        kind: "callback.dead",
        data: JSON.stringify(leased.audit),
      })
      .execute();
    return true;
  }

  /** No clear answer: the next attempt is scheduled; `alertedAt` is set once, when the alert is raised. */
  async recordRetry(
    leased: Leased & { attempts: number },
    outcome: { nextAttemptAt: Date; error: string; alertedAt?: Date },
  ): Promise<boolean> {
    const updated = await this.#held(leased)
      .set({
        attempts: leased.attempts,
        next_attempt_at: outcome.nextAttemptAt,
        last_error: outcome.error,
        lease_owner: null,
        lease_until: null,
        ...(outcome.alertedAt !== undefined && { alerted_at: outcome.alertedAt }),
      })
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }

  /** A person asked for a dead letter to be sent again, from now on. */
  async requeueDeadLetter(transactionId: string, now: Date): Promise<void> {
    await this.db
      .updateTable("wallet_transactions")
      .set({ status: "pending", next_attempt_at: now, lease_owner: null, lease_until: null })
      .where("transaction_id", "=", transactionId)
      .execute();
  }

  /** A person settled a callback by hand: it is never sent again. */
  async resolveByHand(
    transactionId: string,
    resolution: { now: Date; by: string; note: string },
  ): Promise<void> {
    await this.db
      .withTables<{ wallet_transactions: ResolutionColumns }>()
      .updateTable("wallet_transactions")
      .set({
        status: "dead",
        next_attempt_at: null,
        lease_owner: null,
        lease_until: null,
        resolved_at: resolution.now,
        resolved_by: resolution.by,
        resolution_note: resolution.note,
      })
      .where("transaction_id", "=", transactionId)
      .execute();
  }

  /** Extends this instance's lease on callbacks it is still sending; false when the lease was lost meanwhile. */
  async renewLeases(transactionIds: string[], owner: string, until: Date): Promise<boolean> {
    const renewed = await this.db
      .updateTable("wallet_transactions")
      .set({ lease_until: until })
      .where("transaction_id", "in", transactionIds)
      .where("status", "=", "pending")
      .where("lease_owner", "=", owner)
      .executeTakeFirst();
    return renewed.numUpdatedRows === BigInt(transactionIds.length);
  }

  /** Hands leased callbacks that were never sent back to the outbox, due at once. */
  async releaseLeases(transactionIds: string[], owner: string, now: Date): Promise<void> {
    if (transactionIds.length === 0) return;
    await this.db
      .updateTable("wallet_transactions")
      .set({ lease_owner: null, lease_until: null, next_attempt_at: now })
      .where("transaction_id", "in", transactionIds)
      .where("status", "=", "pending")
      .where("lease_owner", "=", owner)
      .execute();
  }

  /** An instance stopping hands back every callback it still holds, due at once; the number handed back. */
  async releaseAllLeases(owner: string, now: Date): Promise<number> {
    const released = await this.db
      .updateTable("wallet_transactions")
      .set({ lease_owner: null, lease_until: null, next_attempt_at: now })
      .where("status", "=", "pending")
      .where("lease_owner", "=", owner)
      .executeTakeFirst();
    return Number(released.numUpdatedRows);
  }

  #held(leased: Leased) {
    return this.db
      .updateTable("wallet_transactions")
      .where("transaction_id", "=", leased.transactionId)
      .where("status", "=", "pending")
      .where("lease_owner", "=", leased.owner);
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

type RowIds = { transactionId: string; requestId: string };
type RowFields = Omit<NewTransactionRow, "transactionId" | "requestId" | "roundId" | "seq" | "createdAt">;

/** New rows of a round, in order from `seq`, each with fresh ids its body is built with. */
function newRows<T>(
  round: RoundRow,
  items: readonly T[],
  seq: number,
  now: Date,
  fields: (item: T, ids: RowIds, index: number) => RowFields,
): NewTransactionRow[] {
  return items.map((item, index) => {
    const ids = { transactionId: randomUUID(), requestId: newRequestId() };
    return { ...ids, roundId: round.id, seq: seq + index, createdAt: now, ...fields(item, ids, index) };
  });
}

/** Rows of a step's debits, in order from `seq`. */
export function debitRows(round: RoundRow, debits: Debit[], seq: number, now: Date): NewTransactionRow[] {
  return newRows(round, debits, seq, now, (debit, ids) => ({
    kind: "debit",
    amount: debit.amount,
    roundClosed: false,
    reverseTransactionId: null,
    requestBody: debitBody({
      ...ids,
      playerId: round.playerId,
      roundId: round.id,
      gameCode: round.gameCode,
      amount: debit.amount,
      decimals: round.decimals,
      sessionToken: round.sessionId,
      metadata: { reason: debit.reason },
    }),
    nextAttemptAt: null,
  }));
}

/** Rows of a step's credits, in order from `seq`. */
export function creditRows(round: RoundRow, credits: Credit[], seq: number, now: Date): NewTransactionRow[] {
  return newRows(round, credits, seq, now, (credit, ids) => ({
    kind: "credit",
    amount: credit.amount,
    roundClosed: credit.closesRound,
    reverseTransactionId: null,
    requestBody: creditBody({
      ...ids,
      playerId: round.playerId,
      roundId: round.id,
      roundClosed: credit.closesRound,
      gameId: round.gameCode,
      amount: credit.amount,
      decimals: round.decimals,
      metadata: { reason: credit.reason },
    }),
    nextAttemptAt: now,
  }));
}

/** A rollback for each debit, in order from `seq`; the last one closes the round when `closesRound`. */
export function rollbackRows(
  round: RoundRow,
  debits: Pick<TransactionRow, "transactionId" | "amount">[],
  closesRound: boolean,
  seq: number,
  now: Date,
): NewTransactionRow[] {
  return newRows(round, debits, seq, now, (debit, ids, index) => {
    const roundClosed = closesRound && index === debits.length - 1;
    return {
      kind: "rollback",
      amount: debit.amount,
      roundClosed,
      reverseTransactionId: debit.transactionId,
      requestBody: rollbackBody({
        ...ids,
        playerId: round.playerId,
        reverseTransactionId: debit.transactionId,
        roundId: round.id,
        roundClosed,
        gameId: round.gameCode,
      }),
      nextAttemptAt: now,
    };
  });
}

function outcomeColumns(outcome: TransactionOutcome) {
  return {
    status: outcome.status,
    ...(outcome.answer !== undefined && { answer: storableJson(outcome.answer) }),
    ...(outcome.raw !== undefined && { answer_raw: Buffer.from(outcome.raw, "utf8") }),
    ...(outcome.lastError !== undefined && { last_error: outcome.lastError }),
    ...(outcome.completedAt !== undefined && { completed_at: outcome.completedAt }),
    ...(outcome.attempts !== undefined && { attempts: outcome.attempts }),
  };
}

function roundColumns(patch: RoundPatch) {
  return {
    ...(patch.status !== undefined && { status: patch.status }),
    ...(patch.stakeTotal !== undefined && { stake_total: patch.stakeTotal }),
    ...(patch.payoutTotal !== undefined && { payout_total: patch.payoutTotal }),
    ...(patch.state !== undefined && { state: encodeJson(patch.state) }),
    ...(patch.view !== undefined && { view: encodeJson(patch.view) }),
    ...(patch.actions !== undefined && { actions: encodeJson(patch.actions) }),
    ...(patch.randomPosition !== undefined && { random_position: patch.randomPosition }),
    ...(patch.deadline !== undefined && { deadline: patch.deadline }),
    ...(patch.closeReason !== undefined && { close_reason: patch.closeReason }),
    ...(patch.note !== undefined && { note: patch.note }),
    ...(patch.lastActionAt !== undefined && { last_action_at: patch.lastActionAt }),
    ...(patch.closedAt !== undefined && { closed_at: patch.closedAt }),
    ...(patch.actionKeys !== undefined && { action_keys: JSON.stringify(patch.actionKeys) }),
  };
}

/**
 * An answer as the JSON column can hold it. PostgreSQL's JSON refuses the NUL character (U+0000), which a
 * wallet may send escaped in any string: it is shown as U+FFFD there, and the exact text is kept in
 * `answer_raw`. A wallet's answer is read for its meaning before it is stored, so this changes nothing of it.
 */
export function storableJson(value: unknown): string {
  return JSON.stringify(withoutNul(value));
}

function withoutNul(value: unknown): unknown {
  if (typeof value === "string")
    return value.includes("\u0000") ? value.replaceAll("\u0000", "\ufffd") : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [withoutNul(key) as string, withoutNul(v)]),
  );
}

/** The answer text as JSON when it is JSON, else the text itself. */
function parseAnswer(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
