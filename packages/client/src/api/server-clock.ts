/**
 * The server's clock as the browser can know it, for views that draw a round in time (a flight's climb).
 * Every answer bounds the difference between the two clocks: its `Date` header (whole seconds) was written
 * between sending and receiving, and a time the server stamped on a view lies before the answer arrived.
 * The browser's own clock is trusted as far as those bounds allow.
 */
export interface ClockSample {
  /** Browser time (ms) the request was sent and its answer received. */
  sentAt: number;
  receivedAt: number;
  /** The answer's `Date` header, when it had a readable one. */
  date?: string | null;
  /** A server timestamp (epoch ms) the answer carries, such as a flight view's `serverTime`. */
  serverTime?: number;
}

export class ServerClock {
  /** Bounds of (server clock - browser clock), in ms. */
  #lower = Number.NEGATIVE_INFINITY;
  #upper = Number.POSITIVE_INFINITY;

  observe(sample: ClockSample): void {
    let lower = Number.NEGATIVE_INFINITY;
    let upper = Number.POSITIVE_INFINITY;
    const date = sample.date ? Date.parse(sample.date) : Number.NaN;
    if (Number.isFinite(date)) {
      lower = date - sample.receivedAt;
      upper = date + 1000 - sample.sentAt;
    }
    if (sample.serverTime !== undefined && Number.isFinite(sample.serverTime))
      lower = Math.max(lower, sample.serverTime - sample.receivedAt);
    const nextLower = Math.max(this.#lower, lower);
    const nextUpper = Math.min(this.#upper, upper);
    // Bounds that cross mean one of the clocks was set meanwhile: start again from this answer alone.
    if (nextLower > nextUpper) {
      this.#lower = lower;
      this.#upper = upper;
    } else {
      this.#lower = nextLower;
      this.#upper = nextUpper;
    }
  }

  /** Milliseconds to add to the browser's clock to read the server's. */
  offset(): number {
    return Math.min(Math.max(0, this.#lower), this.#upper);
  }

  now(browserNow: number = Date.now()): number {
    return browserNow + this.offset();
  }
}

/** The `serverTime` a round's view carries in an answer of the game API (a round result, the current state, a round). */
export function serverTimeOf(answer: unknown): number | undefined {
  const record = answer as { round?: { view?: unknown } | null; view?: unknown } | null;
  const view = (record?.round?.view ?? record?.view) as { serverTime?: unknown } | null | undefined;
  const time = view?.serverTime;
  return typeof time === "number" && Number.isFinite(time) ? time : undefined;
}
