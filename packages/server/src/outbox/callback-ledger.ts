import { type Expression, type SqlBool, sql } from "kysely";
import { LedgerTx, laneOf, type NewTransactionRow } from "../rounds/ledger.ts";
import type { Executor } from "../rounds/round-repository.ts";
import type { TransactionKind } from "../rounds/transaction-repository.ts";
import type { Batch, GroupCommitWriter } from "../store/group-commit.ts";
import { answerColumns } from "../store/transaction-columns.ts";
import type { ResolutionColumns } from "./tables.ts";

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

/**
 * The writes of the callbacks' delivery: the outbox's claims and leases, and what came of each attempt
 * (delivered, retried, dead), and the dead letters a person requeues or resolves. The rows are the
 * ledger's (rounds/ledger.ts writes them); this is the only writer of their delivery columns. Its jobs run
 * through the same group-commit writer, in the lane of the round's player, so a delivery is recorded in
 * order with the player's own writes.
 */
export class CallbackLedger {
  readonly #writer: GroupCommitWriter;

  constructor(writer: GroupCommitWriter) {
    this.#writer = writer;
  }

  /** Runs `work` in the lane of `laneKey` (a player's, see `laneOf`, or a name of its own). */
  write<T>(laneKey: string, work: (tx: CallbackLedgerTx) => Promise<T>): Promise<T> {
    return this.#writer.run(laneKey, (trx, batch) => work(new CallbackLedgerTx(trx, batch)));
  }

  /**
   * `write` for what no answer waits on (a credit's confirmation): it joins the lane's next transaction, or
   * commits alone after `withinMs`. See `GroupCommitWriter.runSoon`.
   */
  writeSoon<T>(laneKey: string, work: (tx: CallbackLedgerTx) => Promise<T>, withinMs: number): Promise<T> {
    return this.#writer.runSoon(laneKey, (trx, batch) => work(new CallbackLedgerTx(trx, batch)), withinMs);
  }
}

export { laneOf };

/** The delivery writes of one job, on its shared transaction; `rounds` closes the round a callback settles. */
export class CallbackLedgerTx {
  readonly rounds: LedgerTx;

  constructor(
    readonly db: Executor,
    batch?: Batch,
  ) {
    this.rounds = new LedgerTx(db, batch);
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
    leased: Leased & { roundId: string; roundClosed: boolean; kind: TransactionKind; attempts: number },
    outcome: { now: Date; answer: string; latencyMs: number },
  ): Promise<{ recorded: boolean; closedRound: boolean }> {
    // One statement: the round closes only if this instance still held the callback it confirms.
    const row = await this.db
      .with("delivered", (db) =>
        this.#held(leased, db)
          .set({
            status: "ok",
            attempts: leased.attempts,
            completed_at: outcome.now,
            ...answerColumns(outcome.answer),
            latency_ms: outcome.latencyMs,
            last_error: null,
            lease_owner: null,
            lease_until: null,
            next_attempt_at: null,
          })
          .returning("round_id"),
      )
      .with("closed", (db) =>
        db
          .updateTable("rounds")
          .set({ status: leased.kind === "rollback" ? "cancelled" : "closed", closed_at: outcome.now })
          .where("id", "=", leased.roundId)
          .where("status", "not in", ["closed", "void", "cancelled"])
          .where((eb) =>
            leased.roundClosed ? eb.exists(eb.selectFrom("delivered").select("round_id")) : eb.val(false),
          )
          .returning("id"),
      )
      .selectNoFrom((eb) => [
        eb.exists(eb.selectFrom("delivered").select("round_id")).as("recorded"),
        eb.exists(eb.selectFrom("closed").select("id")).as("closed_round"),
      ])
      .executeTakeFirstOrThrow();
    return { recorded: row.recorded === true, closedRound: row.closed_round === true };
  }

  /**
   * The wallet definitely refused a credit or rollback: a dead letter for a person. False when the lease
   * was lost meanwhile. Its audit event is the caller's, recorded through the audit log in this same job.
   */
  async recordDead(
    leased: Leased & { attempts: number },
    outcome: { status: string; answer: string; latencyMs: number },
  ): Promise<boolean> {
    const updated = await this.#held(leased)
      .set({
        status: "dead",
        attempts: leased.attempts,
        ...answerColumns(outcome.answer),
        latency_ms: outcome.latencyMs,
        last_error: outcome.status,
        lease_owner: null,
        lease_until: null,
        next_attempt_at: null,
      })
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
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

  /**
   * The operator's wallet answers again: its credits and rollbacks waiting out a backoff are due now. Their
   * rounds are unfinished, which the partial index on unfinished rounds finds by operator.
   */
  async makeDue(operatorId: string, now: Date): Promise<number> {
    const updated = await this.db
      .updateTable("wallet_transactions")
      .set({ next_attempt_at: now })
      .where("status", "=", "pending")
      .where("kind", "in", ["credit", "rollback"])
      .where("next_attempt_at", ">", now)
      .where("round_id", "in", (eb) =>
        eb
          .selectFrom("rounds")
          .select("id")
          .where("operator_id", "=", operatorId)
          .where("status", "in", ["initializing", "open", "settling"]),
      )
      .executeTakeFirst();
    return Number(updated.numUpdatedRows);
  }

  /**
   * Operators with credits or rollbacks waiting out a backoff, whichever instance put them there: a wallet
   * that answers any instance makes them due (`makeDue`).
   */
  async operatorsBackingOff(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom("wallet_transactions as t")
      .innerJoin("rounds as r", "r.id", "t.round_id")
      .select("r.operator_id")
      .distinct()
      .where("t.status", "=", "pending")
      .where("t.kind", "in", ["credit", "rollback"])
      .where("t.next_attempt_at", ">", now)
      .limit(limit)
      .execute();
    return rows.map((row) => row.operator_id);
  }

  /** A person asked for a dead letter to be sent again, from now on. */
  async requeueDeadLetter(transactionId: string, now: Date): Promise<void> {
    await this.db
      .updateTable("wallet_transactions")
      .set({ status: "pending", next_attempt_at: now, lease_owner: null, lease_until: null })
      .where("transaction_id", "=", transactionId)
      .execute();
  }

  /**
   * A person settled a callback by hand: it is never sent again. `applied` is a person's word that the wallet
   * moved the money: the callback then counts as confirmed at that moment, in reports and reconciliation alike,
   * and keeps its resolution to say whose word it was.
   */
  async resolveByHand(
    transactionId: string,
    resolution: { now: Date; by: string; note: string; applied?: boolean },
  ): Promise<void> {
    await this.db
      .withTables<{ wallet_transactions: ResolutionColumns }>()
      .updateTable("wallet_transactions")
      .set({
        status: resolution.applied === true ? "ok" : "dead",
        ...(resolution.applied === true && { completed_at: resolution.now }),
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

  /**
   * A person replaced a dead credit with a new one of its own transaction ID: the old one is settled by hand
   * and points at its replacement, which is stored pending for the outbox to send like any credit.
   */
  async replaceDeadLetter(
    transactionId: string,
    replacement: NewTransactionRow,
    resolution: { now: Date; by: string; note: string },
  ): Promise<void> {
    await this.resolveByHand(transactionId, resolution);
    await this.db
      .withTables<{ wallet_transactions: ResolutionColumns }>()
      .updateTable("wallet_transactions")
      .set({ replaced_by: replacement.transactionId })
      .where("transaction_id", "=", transactionId)
      .execute();
    await this.rounds.insertTransactions([replacement]);
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

  #held(leased: Leased, db: Pick<Executor, "updateTable"> = this.db) {
    return db
      .updateTable("wallet_transactions")
      .where("transaction_id", "=", leased.transactionId)
      .where("status", "=", "pending")
      .where("lease_owner", "=", leased.owner);
  }
}
