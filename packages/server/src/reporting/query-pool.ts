import type { Kysely } from "kysely";
import type { Database } from "../store/schema.ts";

/**
 * Where the operator's reporting queries (searches, reports, reconciliation) run, so that they cannot starve
 * the bet path. On PostgreSQL they have connections of their own, read-only and under a `statement_timeout`,
 * never taken from the pool the ledger commits through. On the embedded store every query runs on the RGS's
 * one PGlite connection, between the ledger's batches, and PGlite cannot interrupt a running statement: there
 * the limits are small (one reporting query at a time) and the queries themselves stay bounded (indexed
 * filters, capped pages and ranges).
 *
 * Each operator may have a few queries in flight at once; one more is refused (`ReportingBusyError`, answered
 * 429 `reporting_busy`) rather than queued, so one operator's dashboards cannot hold every connection.
 */

export interface ReportingLimits {
  /** Longest a reporting statement may run before PostgreSQL cancels it (not enforced on PGlite). */
  statementTimeoutMs: number;
  /** Queries one operator may have in flight at once. */
  perOperator: number;
  /** Reporting connections of the instance (PostgreSQL), or reporting queries in flight at once (PGlite). */
  connections: number;
}

export const POSTGRES_REPORTING_LIMITS: ReportingLimits = {
  statementTimeoutMs: 5000,
  perOperator: 2,
  connections: 4,
};

export const EMBEDDED_REPORTING_LIMITS: ReportingLimits = {
  statementTimeoutMs: 5000,
  perOperator: 1,
  connections: 1,
};

/** The operator has as many reporting queries in flight as it may: it should wait for one to finish. */
export class ReportingBusyError extends Error {
  readonly retryAfterSeconds = 1;
  constructor(readonly operatorId: string) {
    super(`The operator ${operatorId} has reached its number of reporting queries in flight`);
    this.name = "ReportingBusyError";
  }
}

/** A reporting statement ran longer than the statement timeout and was cancelled. */
export class ReportingTimeoutError extends Error {
  constructor(
    readonly timeoutMs: number,
    options?: { cause: unknown },
  ) {
    super(`A reporting query ran longer than ${timeoutMs} ms and was cancelled`, options);
    this.name = "ReportingTimeoutError";
  }
}

/** PostgreSQL's `query_canceled`, which a `statement_timeout` raises. */
const QUERY_CANCELED = "57014";

export class ReportingQueryPool {
  readonly limits: ReportingLimits;
  private readonly db: Kysely<Database>;
  private readonly inFlight = new Map<string, number>();
  private total = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly onClose: () => Promise<void>;

  constructor(opts: { db: Kysely<Database>; limits: ReportingLimits; close?: () => Promise<void> }) {
    this.db = opts.db;
    this.limits = opts.limits;
    this.onClose = opts.close ?? (async () => {});
  }

  /**
   * Runs one operator's reporting query on the reporting connections. Refuses at once (ReportingBusyError)
   * when the operator already has `perOperator` queries in flight; waits for a free slot when the instance
   * has `connections` in flight (a short wait: each is bounded by the statement timeout).
   */
  run<T>(operatorId: string, query: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.#run(operatorId, false, (db) => query(db));
  }

  /**
   * As `run`, for a query that can split its work over two connections: it gets `lanes` 2 when a second slot
   * of the instance is free at once, 1 otherwise. The second slot is never waited for, so a wide query
   * cannot hold up another operator's, and it counts as one of its operator's queries.
   */
  runWide<T>(operatorId: string, query: (db: Kysely<Database>, lanes: 1 | 2) => Promise<T>): Promise<T> {
    return this.#run(operatorId, true, query);
  }

  async #run<T>(
    operatorId: string,
    wide: boolean,
    query: (db: Kysely<Database>, lanes: 1 | 2) => Promise<T>,
  ): Promise<T> {
    const mine = this.inFlight.get(operatorId) ?? 0;
    if (mine >= this.limits.perOperator) throw new ReportingBusyError(operatorId);
    this.inFlight.set(operatorId, mine + 1);
    try {
      await this.acquire();
      const lanes = wide && this.tryAcquire() ? 2 : 1;
      try {
        return await query(this.db, lanes);
      } catch (error) {
        if ((error as { code?: unknown })?.code === QUERY_CANCELED) {
          throw new ReportingTimeoutError(this.limits.statementTimeoutMs, { cause: error });
        }
        throw error;
      } finally {
        for (let lane = 0; lane < lanes; lane++) this.release();
      }
    } finally {
      const left = (this.inFlight.get(operatorId) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(operatorId);
      else this.inFlight.set(operatorId, left);
    }
  }

  /** Queries in flight now, for an operator or for the instance. */
  busy(operatorId?: string): number {
    return operatorId === undefined ? this.total : (this.inFlight.get(operatorId) ?? 0);
  }

  close(): Promise<void> {
    return this.onClose();
  }

  private acquire(): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** A slot if one is free now; queries already waiting keep their turn. */
  private tryAcquire(): boolean {
    if (this.total >= this.limits.connections || this.waiting.length > 0) return false;
    this.total++;
    return true;
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.total--;
  }
}

/**
 * The `options` a PostgreSQL reporting connection starts with: the statement timeout, and read-only
 * transactions, so that nothing run through this pool can change the ledger. Without JIT compilation: a
 * year's report is estimated costly enough for PostgreSQL to compile it, which takes longer (about half a
 * second) than running it. `base` keeps what the store's own connections were given (a test's search_path).
 */
export function reportingConnectionOptions(limits: ReportingLimits, base?: string): string {
  return [
    base,
    `-c statement_timeout=${limits.statementTimeoutMs}`,
    "-c default_transaction_read_only=on",
    "-c jit=off",
  ]
    .filter((part) => part !== undefined && part !== "")
    .join(" ");
}
