import { afterAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { systemClock } from "../../src/clock.ts";
import { DatabaseClock, readDatabaseMs } from "../../src/store/database-clock.ts";
import { storeBackends } from "./store-backends.ts";

/** A monotonic clock the test moves by hand, and a host clock set apart from the database's. */
function clocks(hostMs: number) {
  let monotonic = 1_000;
  return {
    deps: { monotonic: () => monotonic, wall: () => hostMs + monotonic - 1_000 },
    advance(ms: number) {
      monotonic += ms;
    },
  };
}

describe("the database's clock", () => {
  it("reads the host's clock until it has measured the database's", () => {
    const { deps, advance } = clocks(50_000);
    const clock = new DatabaseClock(deps);
    expect(clock.now()).toBe(50_000);
    advance(250);
    expect(clock.now()).toBe(50_250);
  });

  it("takes the database's time halfway through the round trip, and runs on the monotonic clock after", async () => {
    const { deps, advance } = clocks(50_000);
    const clock = new DatabaseClock(deps);
    // The host is 7 s ahead of the database; the query takes 40 ms there and back.
    await clock.sync(async () => {
      advance(20);
      const databaseMs = 43_000 + 20;
      advance(20);
      return databaseMs;
    });
    expect(clock.now()).toBe(43_040);
    advance(1_000);
    expect(clock.now()).toBe(44_040);
  });

  it("does not move when the host's clock steps", async () => {
    let wall = 10_000;
    let monotonic = 0;
    const clock = new DatabaseClock({ monotonic: () => monotonic, wall: () => wall });
    await clock.sync(async () => 20_000);
    wall += 3_600_000;
    monotonic += 5;
    expect(clock.now()).toBe(20_005);
  });

  it("never runs backwards when a measurement finds the database behind", async () => {
    const { deps, advance } = clocks(50_000);
    const clock = new DatabaseClock(deps);
    expect(clock.now()).toBe(50_000);
    await clock.sync(async () => 49_000);
    expect(clock.now()).toBe(50_000);
    advance(1_500);
    expect(clock.now()).toBe(50_500);
  });
});

const backends = storeBackends(await postgresAvailable());

describe.each(backends)("the database's time ($name)", (backend) => {
  afterAll(async () => {
    await backend.dispose();
  });

  it("is read from the server itself, in epoch milliseconds", async () => {
    const store = await backend.open(systemClock);
    try {
      const clock = new DatabaseClock();
      await clock.follow(store, (error) => {
        throw error;
      });
      clock.stop();
      // Same machine here: the database's clock and the host's agree to well within a second.
      expect(Math.abs((await readDatabaseMs(store)) - Date.now())).toBeLessThan(1_000);
      expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1_000);
    } finally {
      await store.close();
    }
  });
});
