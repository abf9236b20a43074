import { type Kysely, sql } from "kysely";
import type { Database } from "../store/schema.ts";

/**
 * What the on-call engineer looks at first, read from the database (so every instance's work is in it, not
 * one instance's counters): per operator the outbox's backlog and its oldest pending callback, the dead
 * letters, the alerting callbacks and the wallet's last hour (failures, retries, time to confirm); then the
 * rounds that should have ended and have not.
 */

export interface OnCallLimits {
  /** A settling round waits for its closing callback; past the outbox's alert age it needs a look. */
  alertAfterMs: number;
  /** An open round idle this long is the sweeper's to abandon; a minute later it is overdue. */
  idleMs: number;
}

export interface OperatorHealth {
  operatorId: string;
  name: string;
  pending: number;
  oldestPendingAt: string | null;
  alerting: number;
  deadLetters: number;
  lastHour: {
    calls: number;
    refused: number;
    /** Calls that needed more than one attempt, or ended ambiguous or dead. */
    failing: number;
    p50Ms: number | null;
    p95Ms: number | null;
  };
}

export interface StuckRound {
  roundId: string;
  operatorId: string;
  operatorName: string;
  playerId: string;
  gameCode: string;
  status: "initializing" | "open" | "settling";
  lastActionAt: string;
}

const HOUR = 3_600_000;
/** The sweeper passes every second or so: a round a minute past its limit was missed, not merely queued. */
const OVERDUE_MS = 60_000;
const STUCK_SHOWN = 100;
const INITIALIZING_MS = 120_000;

/** Whether a round open or opening is past the point where the sweeper should have ended it (as listed here). */
export function isStuck(
  round: { status: string; lastActionAt: Date },
  nowMs: number,
  limits: OnCallLimits,
): boolean {
  const since = nowMs - round.lastActionAt.getTime();
  if (round.status === "open") return since >= limits.idleMs + OVERDUE_MS;
  return round.status === "initializing" && since >= INITIALIZING_MS;
}

export async function operatorHealth(db: Kysely<Database>, nowMs: number): Promise<OperatorHealth[]> {
  const since = new Date(nowMs - HOUR);
  const result = await sql<{
    operator_id: string;
    name: string;
    pending: number;
    oldest_pending_at: Date | null;
    alerting: number;
    dead: number;
    calls: number;
    refused: number;
    failing: number;
    p50_ms: number | null;
    p95_ms: number | null;
  }>`
    with backlog as (
      select r.operator_id,
        count(*) filter (where t.status = 'pending')::int as pending,
        min(t.created_at) filter (where t.status = 'pending') as oldest_pending_at,
        count(*) filter (where t.status = 'pending' and t.alerted_at is not null)::int as alerting,
        count(*) filter (where t.status = 'dead')::int as dead
      from wallet_transactions t join rounds r on r.id = t.round_id
      where t.kind <> 'debit' and (t.status = 'pending' or (t.status = 'dead' and t.resolved_at is null))
      group by r.operator_id
    ), recent as (
      select r.operator_id, count(*)::int as calls,
        count(*) filter (where t.status = 'refused')::int as refused,
        count(*) filter (where t.attempts > 1 or t.status in ('ambiguous', 'dead'))::int as failing,
        percentile_cont(0.5) within group (order by extract(epoch from t.completed_at - t.created_at) * 1000)
          filter (where t.status = 'ok') as p50_ms,
        percentile_cont(0.95) within group (order by extract(epoch from t.completed_at - t.created_at) * 1000)
          filter (where t.status = 'ok') as p95_ms
      from wallet_transactions t join rounds r on r.id = t.round_id
      where t.created_at >= ${since} and r.mode = 'real'
      group by r.operator_id
    )
    select o.id as operator_id, o.name, coalesce(b.pending, 0) as pending, b.oldest_pending_at,
      coalesce(b.alerting, 0) as alerting, coalesce(b.dead, 0) as dead, coalesce(c.calls, 0) as calls,
      coalesce(c.refused, 0) as refused, coalesce(c.failing, 0) as failing, c.p50_ms, c.p95_ms
    from operators o left join backlog b on b.operator_id = o.id left join recent c on c.operator_id = o.id
    where b.operator_id is not null or c.operator_id is not null
    order by coalesce(b.dead, 0) + coalesce(b.alerting, 0) desc, o.name`.execute(db);
  return result.rows.map((row) => ({
    operatorId: row.operator_id,
    name: row.name,
    pending: row.pending,
    oldestPendingAt: row.oldest_pending_at?.toISOString() ?? null,
    alerting: row.alerting,
    deadLetters: row.dead,
    lastHour: {
      calls: row.calls,
      refused: row.refused,
      failing: row.failing,
      p50Ms: row.p50_ms === null ? null : Math.round(Number(row.p50_ms)),
      p95Ms: row.p95_ms === null ? null : Math.round(Number(row.p95_ms)),
    },
  }));
}

/**
 * Rounds past the point where the sweeper or the outbox should have ended them: open and idle past the
 * sweeper's limit, still opening after two minutes, or settling past the outbox's alert age. The oldest first.
 */
export async function stuckRounds(
  db: Kysely<Database>,
  nowMs: number,
  limits: OnCallLimits,
): Promise<StuckRound[]> {
  const rows = await db
    .selectFrom("rounds as r")
    .innerJoin("operators as o", "o.id", "r.operator_id")
    .select(["r.id", "r.operator_id", "o.name", "r.player_id", "r.game_code", "r.status", "r.last_action_at"])
    .where((eb) =>
      eb.or([
        eb.and([
          eb("r.status", "=", "open"),
          eb("r.last_action_at", "<=", new Date(nowMs - limits.idleMs - OVERDUE_MS)),
        ]),
        eb.and([
          eb("r.status", "=", "initializing"),
          eb("r.last_action_at", "<=", new Date(nowMs - INITIALIZING_MS)),
        ]),
        eb.and([
          eb("r.status", "=", "settling"),
          eb("r.last_action_at", "<=", new Date(nowMs - limits.alertAfterMs)),
        ]),
      ]),
    )
    .orderBy("r.last_action_at")
    .limit(STUCK_SHOWN)
    .execute();
  return rows.map((row) => ({
    roundId: row.id,
    operatorId: row.operator_id,
    operatorName: row.name,
    playerId: row.player_id,
    gameCode: row.game_code,
    status: row.status as StuckRound["status"],
    lastActionAt: row.last_action_at.toISOString(),
  }));
}
