import type { Clock } from "../clock.ts";
import { type EventLogger, silentLogger } from "../outbox/logger.ts";
import type { SessionRepository } from "../store/sessions-repository.ts";

export interface TokenPurgerOptions {
  /** Time between passes. */
  intervalMs: number;
  /** Tokens deleted per statement; a pass repeats until fewer are left. */
  batchSize: number;
}

export const DEFAULT_TOKEN_PURGER_OPTIONS: TokenPurgerOptions = { intervalMs: 60_000, batchSize: 1_000 };

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
  #timer: NodeJS.Timeout | undefined;
  #pass: Promise<void> = Promise.resolve();
  #running = false;
  #stopping = false;

  constructor(deps: {
    sessions: Pick<SessionRepository, "purgeReplacedTokens">;
    clock: Clock;
    options?: Partial<TokenPurgerOptions>;
    logger?: EventLogger;
  }) {
    this.#sessions = deps.sessions;
    this.#clock = deps.clock;
    this.#options = { ...DEFAULT_TOKEN_PURGER_OPTIONS, ...deps.options };
    this.#log = deps.logger ?? silentLogger;
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
    if (this.#running) return;
    this.#running = true;
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#stopping = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#pass;
  }

  #schedule(): void {
    this.#timer = setTimeout(() => {
      this.#pass = this.runOnce().then(
        (deleted) => {
          if (deleted > 0) this.#log.info({ deleted }, "sessions: replaced tokens past their grace deleted");
        },
        (error: unknown) => this.#log.error({ err: error }, "sessions: purging replaced tokens failed"),
      );
      void this.#pass.then(() => {
        if (this.#running) this.#schedule();
      });
    }, this.#options.intervalMs);
    this.#timer.unref();
  }
}
