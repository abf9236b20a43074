import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../../src/clock.ts";
import { GgrRollup } from "../../src/reporting/ggr-rollup.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";

/** A live clock: every read is a millisecond later than the one before, as time runs on during a pass. */
function runningClock(startMs: number): Clock & { advance(ms: number): void } {
  let current = startMs;
  return {
    now: () => current++,
    advance(ms) {
      current += ms;
    },
  };
}

describe("the GGR roll-up's pass", () => {
  const clock = runningClock(Date.parse("2030-01-01T00:00:00Z"));
  let store: Store;

  beforeAll(async () => {
    store = await openMemoryStore({ clock });
  }, 120_000);

  afterAll(async () => {
    await store?.close();
  });

  it("ends at the cutoff taken when it began, although the clock moves on while it steps", async () => {
    const rollup = new GgrRollup({ store, clock });
    await rollup.catchUp();
    clock.advance(15_000);
    let checks = 0;
    const steps = await rollup.catchUp(() => ++checks > 50);
    expect(steps).toBe(1);
    expect(checks).toBeLessThan(50);
  });
});
