/**
 * Exact counting over the 2^32 lattice of the random source. A word u maps to floor(u x n / 2^32); outcome k
 * is hit by the words u in [ceil(k 2^32 / n), ceil((k+1) 2^32 / n)), so unless n is a power of two some
 * outcomes get one word more than others. Analyses count those words instead of assuming 1/n.
 */
import { type Rational, rat } from "../math/rational.ts";

export const LATTICE_SIZE = 2n ** 32n;

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** The first word u with floor(u n / 2^32) >= k. */
export const firstWordOf = (n: number, k: number): bigint => ceilDiv(BigInt(k) * LATTICE_SIZE, BigInt(n));

/** How many of the 2^32 words map to outcome k of n: floor or ceil of 2^32 / n. */
export function latticeCount(n: number, k: number): bigint {
  if (!Number.isSafeInteger(k) || k < 0 || k >= n) throw new RangeError(`outcome ${k} is not in [0, ${n})`);
  return firstWordOf(n, k + 1) - firstWordOf(n, k);
}

/** How many words map to an outcome in [from, to) of n. */
export const latticeCountRange = (n: number, from: number, to: number): bigint =>
  firstWordOf(n, to) - firstWordOf(n, from);

/** Exact probability of outcome k of n under the lattice. */
export const latticeProbability = (n: number, k: number): Rational => rat(latticeCount(n, k), LATTICE_SIZE);
