/** Time source for everything time-dependent, so tests can drive time instead of waiting for it. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function manualClock(startMs: number): Clock & { advance(ms: number): void; set(ms: number): void } {
  let current = startMs;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
    set(ms) {
      current = ms;
    },
  };
}

/** Timer source of the background loops, so tests can fire their passes by moving time instead of waiting. */
export interface Timers {
  /** Calls `fn` once, `ms` from now; the returned function cancels the call. Never keeps the process alive. */
  after(ms: number, fn: () => void): () => void;
}

export const systemTimers: Timers = {
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/**
 * Timers driven by a manual clock: `advance` moves the clock and fires each timer that falls due on the
 * way, in order of their moments, letting the work each one starts run until it waits on something.
 */
export function manualTimers(clock: ReturnType<typeof manualClock>): Timers & {
  advance(ms: number): Promise<void>;
  /** Timers set and not yet fired nor cancelled. */
  pending(): number;
} {
  let nextId = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  const earliest = (until: number): [number, { at: number; fn: () => void }] | undefined => {
    let found: [number, { at: number; fn: () => void }] | undefined;
    for (const entry of due) {
      if (entry[1].at <= until && (found === undefined || entry[1].at < found[1].at)) found = entry;
    }
    return found;
  };
  return {
    after(ms, fn) {
      const id = nextId++;
      due.set(id, { at: clock.now() + ms, fn });
      return () => due.delete(id);
    },
    async advance(ms) {
      const until = clock.now() + ms;
      await ranToWait();
      for (let next = earliest(until); next !== undefined; next = earliest(until)) {
        const [id, timer] = next;
        due.delete(id);
        clock.set(Math.max(clock.now(), timer.at));
        timer.fn();
        await ranToWait();
      }
      clock.set(until);
    },
    pending: () => due.size,
  };
}

/** Resolves once the promise callbacks queued so far, and those they queue, have run. */
const ranToWait = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
