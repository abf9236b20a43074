import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { type ShutdownSteps, shutDown } from "../../src/shutdown/graceful-shutdown.ts";
import { Lifecycle } from "../../src/shutdown/lifecycle.ts";

/** Waits that end when the test advances the manual clock past them. */
function fakeTime() {
  const clock = manualClock(0);
  let waits: { until: number; resolve: () => void }[] = [];
  return {
    clock,
    wait: (ms: number) =>
      new Promise<void>((resolve) => {
        waits.push({ until: clock.now() + ms, resolve });
      }),
    /** Lets pending promises run, then moves the clock to `ms` and ends the waits due by then. */
    async advanceTo(ms: number) {
      await flush();
      clock.set(ms);
      const due = waits.filter((w) => w.until <= ms);
      waits = waits.filter((w) => w.until > ms);
      for (const w of due) w.resolve();
      await flush();
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function steps(
  time: ReturnType<typeof fakeTime>,
  lifecycle: Lifecycle,
  overrides: Partial<ShutdownSteps> = {},
) {
  const done: string[] = [];
  const step = (name: string) => async () => {
    done.push(name);
  };
  return {
    done,
    steps: {
      clock: time.clock,
      wait: time.wait,
      lifecycle,
      graceMs: 10_000,
      drainMs: 3_000,
      closeHttp: step("closeHttp"),
      forceCloseHttp: () => done.push("forceCloseHttp"),
      stopBackground: step("stopBackground"),
      releaseClaims: step("releaseClaims"),
      close: step("close"),
      log: () => {},
      ...overrides,
    } satisfies ShutdownSteps,
  };
}

describe("graceful shutdown", () => {
  it("drains, then refuses, finishes the requests in flight, stops the background work and hands its claims back", async () => {
    const time = fakeTime();
    const lifecycle = new Lifecycle();
    const request = deferred();
    lifecycle.track(request.promise);
    const { steps: s, done } = steps(time, lifecycle);
    const stopped = shutDown(s);
    await time.advanceTo(0);
    expect(lifecycle.phase).toBe("draining");
    await time.advanceTo(2_999);
    expect(lifecycle.phase).toBe("draining");
    await time.advanceTo(3_000);
    expect(lifecycle.phase).toBe("refusing");
    expect(done).toEqual([]);
    request.resolve();
    await time.advanceTo(3_500);
    expect(await stopped).toEqual({ clean: true });
    expect(done).toEqual(["closeHttp", "stopBackground", "releaseClaims", "close"]);
  });

  it("cuts off a request still in flight at the deadline, keeping time to hand the claims back", async () => {
    const time = fakeTime();
    const lifecycle = new Lifecycle();
    lifecycle.track(new Promise(() => {}));
    const { steps: s, done } = steps(time, lifecycle);
    const stopped = shutDown(s);
    await time.advanceTo(3_000);
    await time.advanceTo(7_999);
    expect(done).toEqual([]);
    await time.advanceTo(8_000);
    expect(await stopped).toEqual({ clean: false });
    expect(done).toEqual(["closeHttp", "stopBackground", "releaseClaims", "close"]);
  });

  it("hands the claims back even when the background work does not stop in time", async () => {
    const time = fakeTime();
    const lifecycle = new Lifecycle();
    const { steps: s, done } = steps(time, lifecycle, {
      drainMs: 0,
      stopBackground: () => new Promise(() => {}),
      closeHttp: () => new Promise(() => {}),
    });
    const stopped = shutDown(s);
    await time.advanceTo(0);
    await time.advanceTo(8_000);
    await time.advanceTo(8_000);
    expect(await stopped).toEqual({ clean: true });
    expect(done).toEqual(["forceCloseHttp", "releaseClaims", "close"]);
  });

  it("goes on when a step fails", async () => {
    const time = fakeTime();
    const lifecycle = new Lifecycle();
    const logged: string[] = [];
    const { steps: s, done } = steps(time, lifecycle, {
      drainMs: 0,
      releaseClaims: async () => {
        throw new Error("store gone");
      },
      log: (m) => logged.push(m),
    });
    const stopped = shutDown(s);
    await time.advanceTo(0);
    expect(await stopped).toEqual({ clean: true });
    expect(done).toEqual(["closeHttp", "stopBackground", "close"]);
    expect(logged.join("\n")).toContain("store gone");
  });
});
