import { systemTimers, type Timers } from "../clock.ts";
import { type EventLogger, silentLogger } from "../observability/event-logger.ts";

/** What a pass answers: true when it left work behind (a full batch), so the next pass runs at once. */
export type PassResult = boolean | undefined;

export interface PollLoopOptions {
  /** One pass of the poller's work. */
  pass: () => Promise<PassResult>;
  /** Time from the end of one pass to the start of the next. */
  intervalMs: number;
  /** Time from `start` to the first pass; `intervalMs` unless given. */
  firstDelayMs?: number;
  /** The message of the error line a failed pass writes. */
  failureMessage: string;
  timers?: Timers;
  logger?: EventLogger;
}

/**
 * The loop every background poller runs on (outbox, sweeper, token purger, GGR roller, audit sealer). Each
 * poller has a loop of its own with its own timer, so a long pass of one (a GGR roll-up catching up)
 * never delays another (a credit waiting in the outbox). A loop never runs two passes at once: the next
 * is scheduled when one ends, so a slow database spaces passes out rather than piling them up. A pass that
 * throws is logged and the loop goes on at its interval.
 */
export class PollLoop {
  readonly #options: PollLoopOptions;
  readonly #timers: Timers;
  readonly #log: EventLogger;
  #cancel: (() => void) | undefined;
  #inFlight: Promise<void> | undefined;
  #running = false;
  #poked = false;

  constructor(options: PollLoopOptions) {
    this.#options = options;
    this.#timers = options.timers ?? systemTimers;
    this.#log = options.logger ?? silentLogger;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(this.#options.firstDelayMs ?? this.#options.intervalMs);
  }

  /** Asks for a pass at once, or right after the one under way; nothing when the loop is stopped. */
  poke(): void {
    if (!this.#running) return;
    if (this.#inFlight === undefined) this.#schedule(0);
    else this.#poked = true;
  }

  /** Stops scheduling passes and waits for the one under way, if any. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#cancel?.();
    this.#cancel = undefined;
    await this.#inFlight;
  }

  #schedule(delayMs: number): void {
    this.#cancel?.();
    this.#cancel = this.#timers.after(delayMs, () => {
      this.#cancel = undefined;
      this.#inFlight = this.#run();
    });
  }

  async #run(): Promise<void> {
    let again = false;
    try {
      again = (await this.#options.pass()) === true;
    } catch (error) {
      this.#log.error({ err: error }, this.#options.failureMessage);
    }
    this.#inFlight = undefined;
    again ||= this.#poked;
    this.#poked = false;
    if (this.#running) this.#schedule(again ? 0 : this.#options.intervalMs);
  }
}
