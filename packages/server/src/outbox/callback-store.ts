import { type Expression, type SqlBool, sql } from "kysely";
import type { OutboxDb } from "./tables.ts";

/**
 * The outbox's reads and writes of wallet_transactions. Claims are short transactions: the due rows are
 * locked with `FOR UPDATE SKIP LOCKED` (rows another instance is claiming at that moment are skipped, not
 * waited for), leased to the claiming instance and committed before any HTTP call; each outcome is
 * recorded later in a transaction of its own, only by the holder of the lease.
 */

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

/**
 * Due: pending, its retry time reached, no live lease, and no earlier callback of its round still
 * pending (a later callback waits for the earlier one's answer). The debit a rollback reverses is not
 * waited for: a debit left pending by a process that died mid-call is exactly what such a rollback is for.
 */
export async function claimDue(
  db: OutboxDb,
  opts: { now: Date; owner: string; leaseUntil: Date; limit: number; roundId?: string },
): Promise<ClaimedCallback[]> {
  return db.transaction().execute(async (trx) => {
    let query = trx
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
      .where((eb) => eb.or([eb("t.next_attempt_at", "is", null), eb("t.next_attempt_at", "<=", opts.now)]))
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
    await trx
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
  });
}

type Leased = { transactionId: string; owner: string };

function held(db: OutboxDb, leased: Leased) {
  return db
    .updateTable("wallet_transactions")
    .where("transaction_id", "=", leased.transactionId)
    .where("status", "=", "pending")
    .where("lease_owner", "=", leased.owner);
}

/**
 * The wallet confirmed the callback. When it is the round's closing one, the round closes in the same
 * transaction. `recorded` is false when the lease was lost meanwhile (another instance took the row over
 * and records its own outcome).
 */
export async function recordDelivered(
  db: OutboxDb,
  leased: Leased & { roundId: string; roundClosed: boolean; attempts: number },
  outcome: { now: Date; answer: string },
): Promise<{ recorded: boolean; closedRound: boolean }> {
  return db.transaction().execute(async (trx) => {
    const updated = await held(trx, leased)
      .set({
        status: "ok",
        attempts: leased.attempts + 1,
        completed_at: outcome.now,
        answer: outcome.answer,
        last_error: null,
        lease_owner: null,
        lease_until: null,
        next_attempt_at: null,
      })
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return { recorded: false, closedRound: false };
    const closedRound = leased.roundClosed ? await closeRound(trx, leased.roundId, outcome.now) : false;
    return { recorded: true, closedRound };
  });
}

/** Closes a round whose closing callback is settled; false when it was closed already. */
export async function closeRound(db: OutboxDb, roundId: string, now: Date): Promise<boolean> {
  const closed = await db
    .updateTable("rounds")
    .set({ status: "closed", closed_at: now })
    .where("id", "=", roundId)
    .where("status", "not in", ["closed", "void"])
    .executeTakeFirst();
  return closed.numUpdatedRows > 0n;
}

/** The wallet definitely refused a credit or rollback: a dead letter for a person, with its audit event. */
export async function recordDead(
  db: OutboxDb,
  leased: Leased & { attempts: number; operatorId: string; audit: Record<string, unknown> },
  outcome: { now: Date; status: string; answer: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await held(trx, leased)
      .set({
        status: "dead",
        attempts: leased.attempts + 1,
        answer: outcome.answer,
        last_error: outcome.status,
        lease_owner: null,
        lease_until: null,
        next_attempt_at: null,
      })
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await trx
      .insertInto("audit_events")
      .values({
        at: outcome.now,
        operator_id: leased.operatorId,
        kind: "callback.dead",
        data: JSON.stringify(leased.audit),
      })
      .execute();
    return true;
  });
}

/** No clear answer: the next attempt is scheduled; `alertedAt` is set once, when the alert is raised. */
export async function recordRetry(
  db: OutboxDb,
  leased: Leased & { attempts: number },
  outcome: { nextAttemptAt: Date; error: string; alertedAt?: Date },
): Promise<boolean> {
  const updated = await held(db, leased)
    .set({
      attempts: leased.attempts + 1,
      next_attempt_at: outcome.nextAttemptAt,
      last_error: outcome.error,
      lease_owner: null,
      lease_until: null,
      ...(outcome.alertedAt !== undefined && { alerted_at: outcome.alertedAt }),
    })
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
