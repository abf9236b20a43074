import { type Kysely, sql } from "kysely";
import { SILENT_AFTER_MS } from "../instances/instance-heartbeat.ts";
import type { Database } from "../store/schema.ts";

/**
 * The instances sharing the store, as their heartbeats left them (src/instances): running, silent (no beat
 * for three heartbeats: crashed, frozen or cut off from the database) or stopped cleanly, with the callbacks
 * and rounds each one holds leased now. A silent instance's leases run out by themselves and another
 * instance takes the work over; the page shows whose they still are until then.
 */

export interface InstanceHealth {
  id: string;
  host: string;
  pid: number;
  startedAt: string;
  lastSeenAt: string;
  state: "running" | "silent" | "stopped";
  /** Pending callbacks whose outbox lease this instance holds. */
  callbacksLeased: number;
  /** Rounds the instance's sweeper holds leased. */
  roundsLeased: number;
}

/** The silent and the stopped are listed for a day: long enough for the morning after a night's crash. */
const SHOWN_FOR_MS = 24 * 3_600_000;
const SHOWN = 100;

export async function instanceHealth(db: Kysely<Database>, nowMs: number): Promise<InstanceHealth[]> {
  const now = new Date(nowMs);
  const result = await sql<{
    id: string;
    host: string;
    pid: number;
    started_at: Date;
    last_seen_at: Date;
    stopped_at: Date | null;
    callbacks_leased: number;
    rounds_leased: number;
  }>`
    select i.id, i.host, i.pid, i.started_at, i.last_seen_at, i.stopped_at,
      (select count(*)::int from wallet_transactions t
        where t.status = 'pending' and t.lease_owner = i.id and t.lease_until > ${now}) as callbacks_leased,
      (select count(*)::int from sweep_leases s where s.owner = i.id and s.lease_until > ${now}) as rounds_leased
    from rgs_instances i
    where i.last_seen_at >= ${new Date(nowMs - SHOWN_FOR_MS)}
    order by i.stopped_at is not null, i.last_seen_at desc, i.id
    limit ${SHOWN}`.execute(db);
  return result.rows.map((row) => ({
    id: row.id,
    host: row.host,
    pid: row.pid,
    startedAt: row.started_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    state:
      row.stopped_at !== null
        ? "stopped"
        : nowMs - row.last_seen_at.getTime() > SILENT_AFTER_MS
          ? "silent"
          : "running",
    callbacksLeased: row.callbacks_leased,
    roundsLeased: row.rounds_leased,
  }));
}
