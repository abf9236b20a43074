import { PollLoop } from "../background/poll-loop.ts";
import type { Clock, Timers } from "../clock.ts";
import { type EventLogger, silentLogger } from "../observability/event-logger.ts";
import type { SessionRepository } from "../store/sessions-repository.ts";

export interface TokenPurgerOptions {
  /** Time between passes. */
  intervalMs: number;
  /** Tokens deleted per statement; a pass repeats until fewer are left. */
  batchSize: number;
}

const DEFAULT_TOKEN_PURGER_OPTIONS: TokenPurgerOptions = { intervalMs: 60_000, batchSize: 1_000 };

/**
 * Deletes replaced session tokens once their refresh grace is over. Until then a repeated refresh needs the
 * sealed token that replaced them; after it, keeping them would only let someone holding both an old token
 * and a copy of the database unseal its successor. Every instance may run it: a delete of rows already
 * deleted by another instance deletes nothing.
 */
export class TokenPurger {
  readonly #sessions: Pick<SessionRepository, "purgeReplacedTokens">;
  readonly #clock: Clock;
  readonly #options: TokenPurgerOptions;
  readonly #log: EventLogger;
  readonly #loop: PollLoop;
  #stopping = false;

  constructor(deps: {
    sessions: Pick<SessionRepository, "purgeReplacedTokens">;
    clock: Clock;
    options?: Partial<TokenPurgerOptions>;
    logger?: EventLogger;
    timers?: Timers;
  }) {
    this.#sessions = deps.sessions;
    this.#clock = deps.clock;
    this.#options = { ...DEFAULT_TOKEN_PURGER_OPTIONS, ...deps.options };
    this.#log = deps.logger ?? silentLogger;
    this.#loop = new PollLoop({
      pass: async () => {
        const deleted = await this.runOnce();
        if (deleted > 0) this.#log.info({ deleted }, "sessions: replaced tokens past their grace deleted");
        return undefined;
      },
      intervalMs: this.#options.intervalMs,
      failureMessage: "sessions: purging replaced tokens failed",
      logger: this.#log,
      ...(deps.timers && { timers: deps.timers }),
    });
  }

  /** One pass: deletes every token whose grace has ended; returns how many. */
  async runOnce(): Promise<number> {
    const before = new Date(this.#clock.now());
    let total = 0;
    for (;;) {
      const deleted = await this.#sessions.purgeReplacedTokens(before, this.#options.batchSize);
      total += deleted;
      if (deleted < this.#options.batchSize || this.#stopping) return total;
    }
  }

  start(): void {
    this.#loop.start();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#loop.stop();
  }
}
