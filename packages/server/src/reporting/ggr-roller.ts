import { PollLoop } from "../background/poll-loop.ts";
import type { Clock, Timers } from "../clock.ts";
import type { EventLogger } from "../observability/event-logger.ts";
import type { Store } from "../store/database.ts";
import { GgrRollup, type RollupOptions } from "./ggr-rollup.ts";

export interface RollerOptions extends RollupOptions {
  /** Time between passes. */
  intervalMs: number;
}

export const DEFAULT_ROLLER_INTERVAL_MS = 15_000;

/**
 * Runs the GGR roll-up on its own schedule, the same loop as the other pollers: a pass steps until the
 * watermark is as recent as allowed, then the next pass is scheduled. Every instance may run it: while
 * one steps, the others' steps find the watermark's row held and skip.
 */
export class GgrRoller {
  readonly rollup: GgrRollup;
  readonly #loop: PollLoop;
  #stopping = false;

  constructor(deps: {
    store: Pick<Store, "db">;
    clock: Clock;
    options?: Partial<RollerOptions>;
    logger?: EventLogger;
    timers?: Timers;
  }) {
    const { intervalMs, ...rollup } = deps.options ?? {};
    this.rollup = new GgrRollup({ store: deps.store, clock: deps.clock, options: rollup });
    this.#loop = new PollLoop({
      pass: async () => {
        await this.runOnce();
        return undefined;
      },
      intervalMs: intervalMs ?? DEFAULT_ROLLER_INTERVAL_MS,
      failureMessage: "reports: rolling up the GGR aggregates failed",
      ...(deps.logger && { logger: deps.logger }),
      ...(deps.timers && { timers: deps.timers }),
    });
  }

  /** One pass: steps until up to date (or stopped); returns the number of steps. */
  runOnce(): Promise<number> {
    return this.rollup.catchUp(() => this.#stopping);
  }

  start(): void {
    this.#stopping = false;
    this.#loop.start();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#loop.stop();
  }
}
