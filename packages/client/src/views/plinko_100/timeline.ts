/**
 * Plinko 100's hundred balls, dropped in quick succession: ball i leaves the top STAGGER_MS after ball i - 1 and
 * every ball takes the same time to fall, so they land in drop order; the running total is the mean so far
 * of the landed balls' multipliers over the 100 balls, ending on the bet's multiplier.
 */
import { add, dec, type Rational, rat, toFixedDown, ZERO } from "@rgs/games/math/rational";
import { dropDuration } from "../plinko/geometry.ts";

export const STAGGER_MS = 45;
export const HOP_100_MS = 80;

export const fallDuration = (rows: number): number => dropDuration(rows, HOP_100_MS);

export const totalDuration = (balls: number, rows: number): number =>
  balls === 0 ? 0 : (balls - 1) * STAGGER_MS + fallDuration(rows);

export const ballStart = (i: number): number => i * STAGGER_MS;

/** How many balls have landed `elapsed` ms into the drop. */
export function landedAt(elapsed: number, balls: number, rows: number): number {
  const since = elapsed - fallDuration(rows);
  if (since < 0) return 0;
  return Math.min(balls, Math.floor(since / STAGGER_MS) + 1);
}

/** Balls per bucket among the first `landed` balls. */
export function bucketCounts(buckets: readonly number[], landed: number, rows: number): number[] {
  const counts = Array<number>(rows + 1).fill(0);
  for (let i = 0; i < landed; i++) {
    const bucket = buckets[i] as number;
    counts[bucket] = (counts[bucket] ?? 0) + 1;
  }
  return counts;
}

/**
 * The running bet multiplier after each landing: entry n is (sum of the first n balls' multipliers) / balls,
 * rounded down to 4 decimals; the last entry equals the round's multiplier.
 */
export function runningTotals(buckets: readonly number[], multipliers: readonly string[]): string[] {
  const totals = [toFixedDown(ZERO, 4)];
  let sum: Rational = ZERO;
  for (const bucket of buckets) {
    sum = add(sum, dec(multipliers[bucket] ?? "0"));
    totals.push(toFixedDown(rat(sum.num, sum.den * BigInt(buckets.length)), 4));
  }
  return totals;
}
