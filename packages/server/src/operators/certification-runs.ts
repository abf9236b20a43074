import { sql } from "kysely";
import type { Store } from "../store/database.ts";

/** How a tester run ended: its report passed or failed, or it stopped (or ran out of time) before one. */
export type RunOutcome = "ok" | "failed" | "stopped" | "timed_out";

/** The longest detail kept of a run that ended without a report. */
export const RUN_DETAIL_MAX = 500;

export interface CertificationRunsTable {
  operator_id: string;
  instance_id: string;
  started_at: Date;
  expires_at: Date;
  running: boolean;
  finished_at: Date | null;
  outcome: RunOutcome | null;
  error_code: string | null;
  detail: string | null;
}

/** The lease one run holds: whoever took it at `startedAt` is the only one to release it. */
export interface RunLease {
  operatorId: string;
  instanceId: string;
  startedAt: Date;
}

export interface RunEnd {
  finishedAt: Date;
  outcome: RunOutcome;
  errorCode: string | null;
  detail: string | null;
}

/** An operator's row: the run going on (if its lease still holds) and how the last finished run ended. */
export interface RunState {
  running: { instanceId: string; since: Date; expiresAt: Date } | null;
  last: RunEnd | null;
}

function runsDb(store: Pick<Store, "db">) {
  return store.db.withTables<{ certification_runs: CertificationRunsTable }>();
}

/**
 * The store-backed lease of tester runs: one run per operator across every instance sharing the store,
 * since two runs on the same test players spoil each other's balance checks. A lease expires by itself, so
 * an instance that dies mid-run holds its operator only until then.
 */
export class CertificationRuns {
  readonly #db: ReturnType<typeof runsDb>;

  constructor(store: Pick<Store, "db">) {
    this.#db = runsDb(store);
  }

  /**
   * Takes the operator's lease in one statement, so of two instances racing exactly one wins; false when a
   * run holds it (not finished and not expired at `now`).
   */
  async acquire(lease: RunLease & { expiresAt: Date }): Promise<boolean> {
    const taken = await this.#db
      .insertInto("certification_runs")
      .values({
        operator_id: lease.operatorId,
        instance_id: lease.instanceId,
        started_at: lease.startedAt,
        expires_at: lease.expiresAt,
        running: true,
      })
      .onConflict((oc) =>
        oc
          .column("operator_id")
          .doUpdateSet({
            instance_id: (eb) => eb.ref("excluded.instance_id"),
            started_at: (eb) => eb.ref("excluded.started_at"),
            expires_at: (eb) => eb.ref("excluded.expires_at"),
            running: true,
          })
          .where((eb) =>
            eb.or([
              eb("certification_runs.running", "=", false),
              eb("certification_runs.expires_at", "<=", sql<Date>`excluded.started_at`),
            ]),
          ),
      )
      .returning("operator_id")
      .executeTakeFirst();
    return taken !== undefined;
  }

  /**
   * Records how the run ended and frees the operator. A lease taken over after it expired belongs to the
   * newer run, which this leaves alone.
   */
  async release(lease: RunLease, end: RunEnd): Promise<void> {
    await this.#db
      .updateTable("certification_runs")
      .set({
        running: false,
        finished_at: end.finishedAt,
        outcome: end.outcome,
        error_code: end.errorCode,
        detail: end.detail?.slice(0, RUN_DETAIL_MAX) ?? null,
      })
      .where("operator_id", "=", lease.operatorId)
      .where("instance_id", "=", lease.instanceId)
      .where("started_at", "=", lease.startedAt)
      .where("running", "=", true)
      .execute();
  }

  /** Where the operator's runs stand at `now`; a lease past its expiry no longer counts as running. */
  async state(operatorId: string, now: Date): Promise<RunState> {
    const row = await this.#db
      .selectFrom("certification_runs")
      .selectAll()
      .where("operator_id", "=", operatorId)
      .executeTakeFirst();
    if (!row) return { running: null, last: null };
    const holds = row.running && row.expires_at.getTime() > now.getTime();
    return {
      running: holds
        ? { instanceId: row.instance_id, since: row.started_at, expiresAt: row.expires_at }
        : null,
      last: lastRun(row, now),
    };
  }
}

/**
 * The last run that ended: the one recorded, or a lease left to expire by an instance that went away
 * before it could say how its run ended (so that run stopped, when its lease expired).
 */
function lastRun(row: CertificationRunsTable, now: Date): RunEnd | null {
  if (row.running && row.expires_at.getTime() <= now.getTime()) {
    return {
      finishedAt: row.expires_at,
      outcome: "stopped",
      errorCode: "tester_stopped",
      detail: `Instance ${row.instance_id} stopped before its run ended.`,
    };
  }
  if (row.outcome === null || row.finished_at === null) return null;
  return { finishedAt: row.finished_at, outcome: row.outcome, errorCode: row.error_code, detail: row.detail };
}
