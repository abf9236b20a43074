/**
 * Observed RTP of a set of rounds, with a 95 % confidence interval from their own variance.
 *
 * RTP is a ratio estimator R = Σpayout / Σstake over rounds whose stakes differ, so its variance is the
 * ratio estimator's: Var(R) ≈ n · s² / (Σstake)², with s² = Σ(payoutᵢ − R·stakeᵢ)² / (n − 1), the spread of
 * each round's payout around what the observed RTP would have paid on its stake. Expanded, s² needs only the
 * sums n, Σx, Σy, Σx², Σy², Σxy (x the stake, y the payout), which the database adds up exactly:
 *
 *   (Σx)² · (n − 1) · s² = Σy² · (Σx)² − 2 · Σy · Σx · Σxy + (Σy)² · Σx²
 *
 * That numerator is computed in bigint, so the interval loses nothing before the last division; only the
 * figures shown become floats.
 */

export interface RoundSums {
  /** Rounds. */
  n: bigint;
  /** Σ stake, Σ payout, in minor units. */
  stakes: bigint;
  payouts: bigint;
  /** Σ stake², Σ payout², Σ stake·payout, in minor units squared. */
  stakeSquares: bigint;
  payoutSquares: bigint;
  stakePayouts: bigint;
}

export interface ObservedRtp {
  /** Payouts over stakes, in percent. */
  rtp: number;
  /**
   * The 95 % interval, in percent; absent below two rounds (one round has no spread). The normal
   * approximation reaches below zero on few rounds; no RTP can, so the low end stops at 0.
   */
  low?: number;
  high?: number;
}

/** The two-sided 95 % quantile of the normal distribution. */
export const Z_95 = 1.959963984540054;

/** Undefined when nothing was staked: there is no RTP to observe. */
export function observedRtp(sums: RoundSums): ObservedRtp | undefined {
  const { n, stakes: x, payouts: y } = sums;
  if (x <= 0n || n <= 0n) return undefined;
  const rtp = (Number((y * 1_000_000_000n) / x) / 1_000_000_000) * 100;
  if (n < 2n) return { rtp };
  const numerator = sums.payoutSquares * x * x - 2n * y * x * sums.stakePayouts + y * y * sums.stakeSquares;
  // Var(R) = n · numerator / ((n − 1) · (Σx)⁴); the numerator is a sum of squares, never negative.
  const variance = (Number(n) * Number(numerator)) / (Number(n - 1n) * Number(x) ** 4);
  const half = Z_95 * Math.sqrt(Math.max(variance, 0)) * 100;
  return { rtp, low: Math.max(rtp - half, 0), high: rtp + half };
}

/** A percentage as the page and the CSV show it: two decimals. */
export const percent = (value: number) => value.toFixed(2);
