/**
 * Keno odds: 80 numbers, 20 drawn. With p numbers picked, the number of hits h is hypergeometric:
 * P(h) = C(20, h) C(60, p - h) / C(80, p).
 */
import { type Rational, rat } from "../../math/rational.ts";

export const BOARD = 80;
export const DRAWN = 20;
export const MIN_PICKS = 1;
export const MAX_PICKS = 10;

export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** P(h hits) for h = 0..picks, exact. */
export const hitProbabilities = (picks: number): Rational[] =>
  Array.from({ length: picks + 1 }, (_, h) =>
    rat(choose(DRAWN, h) * choose(BOARD - DRAWN, picks - h), choose(BOARD, picks)),
  );

/**
 * The draw is a cut-short Fisher-Yates shuffle over the 2^32 lattice: the j-th draw picks each of the n = 80 - j
 * numbers left with probability c / 2^32 where c is floor or ceil of 2^32 / n, i.e. within a factor
 * (1 +- n / 2^32) of 1/n. Any event decided by `draws` such draws therefore has a probability within a factor
 * (1 +- 80 / 2^32)^draws of its ideal value, and so has the RTP, which is a positive sum of such probabilities
 * times multipliers. This is that factor's excess over 1, exactly: (1 + 80 / 2^32)^draws - 1.
 */
export function latticeRelativeBound(draws: number): Rational {
  const base = 2n ** 32n;
  return rat((base + BigInt(BOARD)) ** BigInt(draws) - base ** BigInt(draws), base ** BigInt(draws));
}
