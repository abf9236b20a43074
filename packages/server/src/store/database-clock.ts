import { sql } from "kysely";
import type { Clock } from "../clock.ts";
import type { Store } from "./database.ts";

/** How often the offset to the database's clock is measured again. */
const RESYNC_MS = 30_000;

export interface DatabaseClockDeps {
  /** A clock that never steps (performance.now() in production): time between two measurements. */
  monotonic: () => number;
  /** The host's wall clock, only until the first measurement. */
  wall: () => number;
}

/**
 * The time of an instance on PostgreSQL: the database's clock, not the host's. Instances hand each other
 * outbox leases, sweeper leases, round deadlines, idle times and session expiries through the database; on
 * each host's own clock, hosts a few seconds apart would let two instances send one callback at once or
 * abandon a round early. The offset to the database's clock is measured from `clock_timestamp()` halfway
 * through the query's round trip (so every instance agrees within half a round trip), and the time between
 * measurements runs on the monotonic clock, so a step of the host's clock moves nothing. It never runs
 * backwards: a measurement that would move it back holds it until the database's time catches up.
 */
export class DatabaseClock implements Clock {
  readonly #monotonic: () => number;
  #offset: number;
  #last = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;

  constructor(deps: DatabaseClockDeps = { monotonic: () => performance.now(), wall: () => Date.now() }) {
    this.#monotonic = deps.monotonic;
    this.#offset = deps.wall() - deps.monotonic();
  }

  now(): number {
    this.#last = Math.max(this.#last, Math.floor(this.#monotonic() + this.#offset));
    return this.#last;
  }

  /** Measures the offset once: `readDatabaseMs` answers the database's time in epoch milliseconds. */
  async sync(readDatabaseMs: () => Promise<number>): Promise<void> {
    const sent = this.#monotonic();
    const databaseMs = await readDatabaseMs();
    const received = this.#monotonic();
    this.#offset = databaseMs - (sent + received) / 2;
  }

  /**
   * Measures now and then every `RESYNC_MS`; a failed measurement keeps the last offset (the monotonic
   * clock drifts by milliseconds per hour) and is reported.
   */
  async follow(store: Pick<Store, "db">, onError: (error: Error) => void): Promise<void> {
    const read = () => readDatabaseMs(store);
    await this.sync(read);
    this.#timer = setInterval(() => {
      this.sync(read).catch((error: unknown) => onError(error as Error));
    }, RESYNC_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

/** The database's clock now (not the transaction's start), in epoch milliseconds. */
export async function readDatabaseMs(store: Pick<Store, "db">): Promise<number> {
  const { rows } = await sql<{
    ms: string | number;
  }>`select extract(epoch from clock_timestamp()) * 1000 as ms`.execute(store.db);
  const ms = Number(rows[0]?.ms);
  if (!Number.isFinite(ms)) throw new Error("the database did not tell its time");
  return ms;
}
