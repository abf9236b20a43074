/**
 * Observed RTP and its 95 % interval against a set of rounds small enough to work out by hand.
 */
import { describe, expect, it } from "vitest";
import { observedRtp, type RoundSums, Z_95 } from "../../src/reporting/rtp-interval.ts";

/** The sums of rounds given as [stake, payout]. */
function sumsOf(rounds: [bigint, bigint][]): RoundSums {
  const sums = { n: 0n, stakes: 0n, payouts: 0n, stakeSquares: 0n, payoutSquares: 0n, stakePayouts: 0n };
  for (const [x, y] of rounds) {
    sums.n += 1n;
    sums.stakes += x;
    sums.payouts += y;
    sums.stakeSquares += x * x;
    sums.payoutSquares += y * y;
    sums.stakePayouts += x * y;
  }
  return sums;
}

describe("observed RTP", () => {
  it("is payouts over stakes, with the ratio estimator's interval", () => {
    // Σx = 500, Σy = 400: R = 0.8. Residuals y − 0.8x: −80, 120, −60, 20; Σ² = 24 800, s² = 24 800 / 3.
    // Var(R) = n·s² / (Σx)² = 4 · 24 800 / 3 / 250 000.
    const observed = observedRtp(
      sumsOf([
        [100n, 0n],
        [100n, 200n],
        [200n, 100n],
        [100n, 100n],
      ]),
    );
    const half = Z_95 * Math.sqrt((4 * 24_800) / 3 / 250_000) * 100;
    expect(observed?.rtp).toBe(80);
    expect(observed?.low).toBeCloseTo(80 - half, 10);
    expect(observed?.high).toBeCloseTo(80 + half, 10);
    expect(observed?.low).toBeCloseTo(8.7191, 4);
    expect(observed?.high).toBeCloseTo(151.2809, 4);
  });

  it("narrows as rounds of the same spread add up", () => {
    const few = observedRtp(
      sumsOf([
        [100n, 0n],
        [100n, 200n],
      ]),
    );
    const many = observedRtp(sumsOf(Array.from({ length: 100 }, (_, i) => [100n, i % 2 === 0 ? 0n : 200n])));
    expect(few?.rtp).toBe(100);
    expect(many?.rtp).toBe(100);
    expect((many?.high ?? 0) - (many?.low ?? 0)).toBeLessThan(((few?.high ?? 0) - (few?.low ?? 0)) / 5);
  });

  it("has no spread when every round paid the same share of its stake", () => {
    expect(
      observedRtp(
        sumsOf([
          [100n, 99n],
          [300n, 297n],
        ]),
      ),
    ).toEqual({
      rtp: 99,
      low: 99,
      high: 99,
    });
  });

  it("stops the interval's low end at 0 when few rounds spread widely", () => {
    // Σx = 200, Σy = 200: R = 1. Residuals −100, 100: s² = 20 000, Var(R) = 2 · 20 000 / 40 000 = 1.
    const observed = observedRtp(
      sumsOf([
        [100n, 0n],
        [100n, 200n],
      ]),
    );
    expect(observed).toEqual({ rtp: 100, low: 0, high: 100 + Z_95 * 100 });
  });

  it("gives no interval for one round, and no RTP when nothing was staked", () => {
    expect(observedRtp(sumsOf([[100n, 250n]]))).toEqual({ rtp: 250 });
    expect(observedRtp(sumsOf([]))).toBeUndefined();
  });

  it("stays exact where stakes squared pass 2⁶³", () => {
    // Stakes of 10¹² minor units: their squares (10²⁴) exceed bigint columns and doubles' exact range.
    const big = 1_000_000_000_000n;
    const observed = observedRtp(
      sumsOf([
        [big, 0n],
        [big, 2n * big],
        [2n * big, big],
        [big, big],
      ]),
    );
    const half = Z_95 * Math.sqrt((4 * 24_800) / 3 / 250_000) * 100;
    expect(observed?.rtp).toBe(80);
    expect(observed?.high).toBeCloseTo(80 + half, 8);
  });
});
