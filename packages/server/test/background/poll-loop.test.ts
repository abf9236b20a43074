import { describe, expect, it } from "vitest";
import { PollLoop, type PollLoopOptions } from "../../src/background/poll-loop.ts";
import { manualClock, manualTimers } from "../../src/clock.ts";

/** A promise settled from outside: a pass that takes as long as the test wants. */
function gate() {
  let open = () => {};
  let fail = (_error: Error) => {};
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

function setup() {
  const clock = manualClock(0);
  const timers = manualTimers(clock);
  const errors: { fields: object; message: string }[] = [];
  const logger = {
    info() {},
    warn() {},
    error: (fields: object, message: string) => errors.push({ fields, message }),
  };
  /** A loop whose passes record the moment they start and run `body`. */
  const loop = (
    body: () => Promise<boolean | undefined> = async () => undefined,
    options: Partial<PollLoopOptions> = {},
  ) => {
    const starts: number[] = [];
    const poller = new PollLoop({
      intervalMs: 1_000,
      failureMessage: "test: pass failed",
      timers,
      logger,
      ...options,
      pass: () => {
        starts.push(clock.now());
        return body();
      },
    });
    return { poller, starts };
  };
  return { clock, timers, errors, loop };
}

describe("the pollers' loop", () => {
  it("runs its first pass after the first delay, then one interval after each pass ends", async () => {
    const { timers, loop } = setup();
    const { poller, starts } = loop(undefined, { firstDelayMs: 0 });
    poller.start();
    await timers.advance(0);
    expect(starts).toEqual([0]);
    await timers.advance(999);
    expect(starts).toEqual([0]);
    await timers.advance(1);
    expect(starts).toEqual([0, 1_000]);
    await timers.advance(3_000);
    expect(starts).toEqual([0, 1_000, 2_000, 3_000, 4_000]);
    await poller.stop();
  });

  it("waits a whole interval before the first pass unless told otherwise", async () => {
    const { timers, loop } = setup();
    const { poller, starts } = loop();
    poller.start();
    poller.start();
    await timers.advance(999);
    expect(starts).toEqual([]);
    await timers.advance(1);
    expect(starts).toEqual([1_000]);
    await poller.stop();
  });

  it("counts the interval from the end of a slow pass, never running two passes at once", async () => {
    const { clock, timers, loop } = setup();
    const slow = gate();
    let passes = 0;
    const { poller, starts } = loop(async () => {
      passes++;
      if (passes === 1) await slow.promise;
      return undefined;
    });
    poller.start();
    await timers.advance(5_000);
    expect(starts).toEqual([1_000]);
    slow.open();
    await timers.advance(0);
    await timers.advance(1_000);
    expect(starts).toEqual([1_000, clock.now()]);
    expect(clock.now()).toBe(6_000);
    await poller.stop();
  });

  it("runs the next pass at once after a pass that left work behind", async () => {
    const { timers, loop } = setup();
    let full = 2;
    const { poller, starts } = loop(async () => full-- > 0);
    poller.start();
    await timers.advance(1_000);
    expect(starts).toEqual([1_000, 1_000, 1_000]);
    await timers.advance(1_000);
    expect(starts).toEqual([1_000, 1_000, 1_000, 2_000]);
    await poller.stop();
  });

  it("keeps each poller on its own schedule: a slow pass of one does not delay another", async () => {
    const { timers, loop } = setup();
    const historyMove = gate();
    const slow = loop(() => historyMove.promise.then(() => undefined), { intervalMs: 500 });
    const outbox = loop(undefined, { intervalMs: 1_000, firstDelayMs: 0 });
    slow.poller.start();
    outbox.poller.start();
    await timers.advance(4_000);
    expect(slow.starts).toEqual([500]);
    expect(outbox.starts).toEqual([0, 1_000, 2_000, 3_000, 4_000]);
    historyMove.open();
    await outbox.poller.stop();
    await slow.poller.stop();
  });

  it("stops scheduling at once, and its stop waits for the pass in flight", async () => {
    const { timers, loop } = setup();
    const inFlight = gate();
    let finished = false;
    const { poller, starts } = loop(async () => {
      await inFlight.promise;
      finished = true;
      return true;
    });
    poller.start();
    await timers.advance(1_000);
    let stopped = false;
    const stopping = poller.stop().then(() => {
      stopped = true;
    });
    await timers.advance(0);
    expect(stopped).toBe(false);
    inFlight.open();
    await stopping;
    expect(finished).toBe(true);
    expect(timers.pending()).toBe(0);
    await timers.advance(10_000);
    expect(starts).toEqual([1_000]);
  });

  it("stops before any pass without running one", async () => {
    const { timers, loop } = setup();
    const { poller, starts } = loop();
    poller.start();
    await poller.stop();
    await timers.advance(10_000);
    expect(starts).toEqual([]);
    expect(timers.pending()).toBe(0);
  });

  it("logs a pass that fails and goes on at its interval", async () => {
    const { timers, errors, loop } = setup();
    let passes = 0;
    const { poller, starts } = loop(async () => {
      passes++;
      if (passes === 1) throw new Error("database unreachable");
      return undefined;
    });
    poller.start();
    await timers.advance(1_000);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toBe("test: pass failed");
    expect(errors[0]?.fields).toEqual({ err: new Error("database unreachable") });
    await timers.advance(1_000);
    expect(starts).toEqual([1_000, 2_000]);
    expect(errors).toHaveLength(1);
    await poller.stop();
  });

  it("runs a poked pass at once, or right after the pass under way", async () => {
    const { timers, loop } = setup();
    const inFlight = gate();
    let passes = 0;
    const { poller, starts } = loop(async () => {
      passes++;
      if (passes === 2) await inFlight.promise;
      return undefined;
    });
    poller.poke();
    await timers.advance(0);
    expect(starts).toEqual([]);
    poller.start();
    await timers.advance(200);
    poller.poke();
    await timers.advance(0);
    expect(starts).toEqual([200]);
    await timers.advance(300);
    poller.poke();
    await timers.advance(0);
    expect(starts).toEqual([200, 500]);
    poller.poke();
    await timers.advance(100);
    expect(starts).toEqual([200, 500]);
    inFlight.open();
    await timers.advance(0);
    expect(starts).toEqual([200, 500, 600]);
    await timers.advance(999);
    expect(starts).toEqual([200, 500, 600]);
    await timers.advance(1);
    expect(starts).toEqual([200, 500, 600, 1_600]);
    await poller.stop();
  });
});
