import { hostname } from "node:os";
import { PollLoop } from "../background/poll-loop.ts";
import type { Clock, Timers } from "../clock.ts";
import { type EventLogger, silentLogger } from "../observability/event-logger.ts";
import type { Store } from "../store/database.ts";

/** Time between an instance's heartbeats; three missed ones and the on-call view calls it silent. */
export const HEARTBEAT_MS = 10_000;
export const SILENT_AFTER_MS = 3 * HEARTBEAT_MS;
/** A stopped or silent instance's row is kept this long, so last night's crash is still on the page. */
export const INSTANCE_KEPT_MS = 7 * 24 * 3_600_000;

export interface InstancesTable {
  id: string;
  host: string;
  pid: number;
  started_at: Date;
  last_seen_at: Date;
  stopped_at: Date | null;
}

export function instancesDb(store: Pick<Store, "db">) {
  return store.db.withTables<{ rgs_instances: InstancesTable }>();
}

/**
 * Keeps this instance's row in `rgs_instances` current: written at start, its `last_seen_at` moved on every
 * HEARTBEAT_MS, marked stopped at a clean shutdown. A crashed instance stops beating and shows as silent.
 * One small write per instance per heartbeat, never on the bet path. Each pass also deletes rows older than
 * INSTANCE_KEPT_MS; every instance may do it, a row already deleted is deleted by nobody twice.
 */
export class InstanceHeartbeat {
  readonly #db: ReturnType<typeof instancesDb>;
  readonly #clock: Clock;
  readonly #id: string;
  readonly #loop: PollLoop;
  readonly #log: EventLogger;
  #started: Date | undefined;

  constructor(deps: {
    store: Pick<Store, "db">;
    clock: Clock;
    instanceId: string;
    timers?: Timers;
    logger?: EventLogger;
  }) {
    this.#db = instancesDb(deps.store);
    this.#clock = deps.clock;
    this.#id = deps.instanceId;
    this.#log = deps.logger ?? silentLogger;
    this.#loop = new PollLoop({
      pass: async () => {
        await this.beat();
        return undefined;
      },
      intervalMs: HEARTBEAT_MS,
      firstDelayMs: 0,
      failureMessage: "instances: heartbeat failed",
      logger: this.#log,
      ...(deps.timers && { timers: deps.timers }),
    });
  }

  /** Writes this instance's row as seen now (the first beat also records where and since when it runs). */
  async beat(): Promise<void> {
    const now = new Date(this.#clock.now());
    this.#started ??= now;
    await this.#db
      .insertInto("rgs_instances")
      .values({
        id: this.#id,
        host: hostname(),
        pid: process.pid,
        started_at: this.#started,
        last_seen_at: now,
      })
      .onConflict((oc) => oc.column("id").doUpdateSet({ last_seen_at: now, stopped_at: null }))
      .execute();
    await this.#db
      .deleteFrom("rgs_instances")
      .where("last_seen_at", "<", new Date(now.getTime() - INSTANCE_KEPT_MS))
      .execute();
  }

  start(): void {
    this.#loop.start();
  }

  /**
   * Stops beating and marks the row stopped, so a clean shutdown is not mistaken for a crash. A database
   * that cannot take the mark does not hold the shutdown up: the row is then shown silent, which it is.
   */
  async stop(): Promise<void> {
    await this.#loop.stop();
    if (this.#started === undefined) return;
    const now = new Date(this.#clock.now());
    try {
      await this.#db
        .updateTable("rgs_instances")
        .set({ stopped_at: now, last_seen_at: now })
        .where("id", "=", this.#id)
        .execute();
    } catch (error) {
      this.#log.warn({ err: error }, "instances: marking this instance stopped failed");
    }
  }
}
