import { describe, expect, it } from "vitest";
import { MIN_RETRY_DELAY_MS, parseRetryAfter, retryDelayMs } from "../src/retry-policy.ts";

const schedule = { maxAttempts: 6, baseDelayMs: 1000, maxDelayMs: 8000 };

describe("retryDelayMs", () => {
  it("backs off exponentially with equal jitter, capped", () => {
    const delays = (random: number) =>
      [1, 2, 3, 4, 5].map((attempt) => retryDelayMs("read", attempt, { type: "not_sent" }, random, schedule));
    expect(delays(0)).toEqual([1000, 1000, 2000, 4000, 4000]);
    expect(delays(0.999_999)).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(retryDelayMs("read", 3, { type: "not_sent" }, 0.5, schedule)).toBe(3000);
  });

  it("waits at least Retry-After on a 429, and at least the backoff", () => {
    expect(
      retryDelayMs("launch", 1, { type: "answer", status: 429, retryAfterSeconds: 7 }, 0.5, schedule),
    ).toBe(7000);
    expect(
      retryDelayMs("launch", 4, { type: "answer", status: 429, retryAfterSeconds: 1 }, 1, schedule),
    ).toBe(8000);
  });

  it("never retries sooner than a second, so every attempt is signed with a new timestamp", () => {
    const tiny = { maxAttempts: 5, baseDelayMs: 1, maxDelayMs: 10 };
    for (const outcome of [
      { type: "not_sent" },
      { type: "timeout" },
      { type: "answer", status: 429 },
    ] as const) {
      expect(retryDelayMs("launch", 1, outcome, 0, tiny)).toBe(MIN_RETRY_DELAY_MS);
    }
  });

  it.each([
    ["read", { type: "not_sent" }, true],
    ["launch", { type: "not_sent" }, true],
    ["read", { type: "timeout" }, true],
    ["launch", { type: "timeout" }, true],
    ["read", { type: "broken" }, true],
    ["launch", { type: "broken" }, false],
    ["read", { type: "answer", status: 503 }, true],
    ["launch", { type: "answer", status: 503 }, false],
    ["read", { type: "answer", status: 500 }, false],
    ["read", { type: "answer", status: 401 }, false],
    ["launch", { type: "answer", status: 400 }, false],
  ] as const)("%s after %j: retried %s", (kind, outcome, retried) => {
    expect(retryDelayMs(kind, 1, outcome, 0.5, schedule) !== undefined).toBe(retried);
  });

  it("stops after the last attempt", () => {
    expect(retryDelayMs("read", 6, { type: "not_sent" }, 0.5, schedule)).toBeUndefined();
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds only", () => {
    expect(parseRetryAfter("3")).toBe(3);
    expect(parseRetryAfter(" 12 ")).toBe(12);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT")).toBeUndefined();
    expect(parseRetryAfter("-1")).toBeUndefined();
  });
});
