import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { createMemoryRateLimiter } from "../../src/rate-limit/memory.ts";
import { rateLimiterBehaviour } from "./behaviour.ts";

describe("memory rate limiter", () => {
  rateLimiterBehaviour((opts) => createMemoryRateLimiter(opts));

  it("forgets the least recently used bucket beyond maxKeys", async () => {
    const limiter = createMemoryRateLimiter({
      ratePerSecond: 1,
      burst: 1,
      clock: manualClock(0),
      maxKeys: 2,
    });
    await limiter.take("a");
    await limiter.take("b");
    expect((await limiter.take("a")).allowed).toBe(false);
    await limiter.take("c");
    // "b" was least recently used, so it was forgotten and starts again with a full bucket; "a" was kept.
    expect((await limiter.take("a")).allowed).toBe(false);
    expect((await limiter.take("b")).allowed).toBe(true);
  });

  it("refuses invalid parameters", () => {
    const clock = manualClock(0);
    expect(() => createMemoryRateLimiter({ ratePerSecond: 0, burst: 1, clock })).toThrow(/ratePerSecond/);
    expect(() => createMemoryRateLimiter({ ratePerSecond: 0.0005, burst: 1, clock })).toThrow(
      /at most 3 decimals/,
    );
    expect(() => createMemoryRateLimiter({ ratePerSecond: 1, burst: 0, clock })).toThrow(/burst/);
    expect(() => createMemoryRateLimiter({ ratePerSecond: 1, burst: 1.5, clock })).toThrow(/burst/);
  });
});
