import fc from "fast-check";
import { expect, it } from "vitest";
import { type Clock, manualClock } from "../../src/clock.ts";
import type { RateLimiter } from "../../src/rate-limit/rate-limiter.ts";

export type MakeLimiter = (opts: { ratePerSecond: number; burst: number; clock: Clock }) => RateLimiter;

async function takeMany(limiter: RateLimiter, key: string, count: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < count; i++) if ((await limiter.take(key)).allowed) allowed++;
  return allowed;
}

/** The token-bucket behaviour every limiter implementation must show. */
export function rateLimiterBehaviour(make: MakeLimiter): void {
  const T0 = 1_700_000_000_000;

  it("allows exactly the burst of 100 simultaneous requests (50/s, burst 20)", async () => {
    const limiter = make({ ratePerSecond: 50, burst: 20, clock: manualClock(T0) });
    expect(await takeMany(limiter, "ip", 100)).toBe(20);
  });

  it("counts the remaining requests down and refuses with Retry-After once empty", async () => {
    const limiter = make({ ratePerSecond: 50, burst: 20, clock: manualClock(T0) });
    const first = await limiter.take("ip");
    expect(first).toEqual({ allowed: true, remaining: 19, retryAfterSeconds: 0 });
    for (let i = 18; i >= 0; i--) expect((await limiter.take("ip")).remaining).toBe(i);
    expect(await limiter.take("ip")).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
  });

  it("refills one token every 1/rate seconds, exactly", async () => {
    const clock = manualClock(T0);
    const limiter = make({ ratePerSecond: 50, burst: 20, clock });
    await takeMany(limiter, "ip", 20);
    clock.advance(19);
    expect((await limiter.take("ip")).allowed).toBe(false);
    clock.advance(1);
    expect((await limiter.take("ip")).allowed).toBe(true);
    expect((await limiter.take("ip")).allowed).toBe(false);
    clock.advance(200);
    expect(await takeMany(limiter, "ip", 100)).toBe(10);
  });

  it("never holds more than the burst, however long the client waited", async () => {
    const clock = manualClock(T0);
    const limiter = make({ ratePerSecond: 50, burst: 20, clock });
    await takeMany(limiter, "ip", 20);
    clock.advance(1000);
    expect(await takeMany(limiter, "ip", 100)).toBe(20);
    clock.advance(86_400_000);
    expect(await takeMany(limiter, "ip", 100)).toBe(20);
  });

  it("reaches the sustained rate when requests are spread out", async () => {
    const clock = manualClock(T0);
    const limiter = make({ ratePerSecond: 50, burst: 20, clock });
    let allowed = 0;
    for (let i = 0; i < 100; i++) {
      if ((await limiter.take("ip")).allowed) allowed++;
      clock.advance(20);
    }
    expect(allowed).toBe(100);
  });

  it("handles fractional rates exactly", async () => {
    const clock = manualClock(T0);
    const limiter = make({ ratePerSecond: 2.5, burst: 1, clock });
    expect((await limiter.take("ip")).allowed).toBe(true);
    clock.advance(399);
    expect((await limiter.take("ip")).allowed).toBe(false);
    clock.advance(1);
    expect((await limiter.take("ip")).allowed).toBe(true);
  });

  it("reports whole seconds until the next token, at least 1", async () => {
    const clock = manualClock(T0);
    const limiter = make({ ratePerSecond: 0.1, burst: 1, clock });
    expect((await limiter.take("ip")).allowed).toBe(true);
    expect((await limiter.take("ip")).retryAfterSeconds).toBe(10);
    clock.advance(2_500);
    expect((await limiter.take("ip")).retryAfterSeconds).toBe(8);
    clock.advance(7_499);
    expect(await limiter.take("ip")).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    clock.advance(1);
    expect((await limiter.take("ip")).allowed).toBe(true);
  });

  it("keeps one budget per key", async () => {
    const limiter = make({ ratePerSecond: 1, burst: 3, clock: manualClock(T0) });
    expect(await takeMany(limiter, "/operator/launch|10.0.0.1", 5)).toBe(3);
    expect(await takeMany(limiter, "/operator/launch|10.0.0.2", 5)).toBe(3);
    expect(await takeMany(limiter, "/operator/games|10.0.0.1", 5)).toBe(3);
  });

  it("neither refills nor breaks when the clock steps back", async () => {
    const clock = manualClock(T0);
    const limiter = make({ ratePerSecond: 1, burst: 2, clock });
    await takeMany(limiter, "ip", 2);
    clock.set(T0 - 60_000);
    expect((await limiter.take("ip")).allowed).toBe(false);
    clock.set(T0 + 999);
    expect((await limiter.take("ip")).allowed).toBe(false);
    clock.set(T0 + 1000);
    expect((await limiter.take("ip")).allowed).toBe(true);
  });

  it("never allows more than burst + rate × elapsed time", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 5 })), {
          maxLength: 30,
        }),
        async (burst, ratePerSecond, steps) => {
          const clock = manualClock(T0);
          const limiter = make({ ratePerSecond, burst, clock });
          const key = `prop-${run++}`;
          let allowed = 0;
          let elapsedMs = 0;
          for (const [advance, takes] of steps) {
            clock.advance(advance);
            elapsedMs += advance;
            allowed += await takeMany(limiter, key, takes);
            expect(allowed).toBeLessThanOrEqual(burst + (ratePerSecond * elapsedMs) / 1000);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
}
