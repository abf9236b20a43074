/**
 * Exact dyadic rationals n / 2^e. Every probability of the infinite deck is a lattice count over 2^32 and every
 * blackjack payout is a multiple of 1/4, so the optimal-play analysis stays dyadic: additions only align exponents
 * and nothing needs a gcd, which keeps the exact proof fast. Converted to `Rational` for reports.
 */
import { type Rational, rat } from "../../math/rational.ts";

export interface Dyadic {
  readonly n: bigint;
  readonly e: bigint;
}

export const dy = (n: bigint | number, e: bigint | number = 0n): Dyadic => ({ n: BigInt(n), e: BigInt(e) });

export const DY_ZERO = dy(0);

const align = (a: Dyadic, b: Dyadic): [bigint, bigint, bigint] =>
  a.e >= b.e ? [a.n, b.n << (a.e - b.e), a.e] : [a.n << (b.e - a.e), b.n, b.e];

export function dAdd(a: Dyadic, b: Dyadic): Dyadic {
  if (a.n === 0n) return b;
  if (b.n === 0n) return a;
  const [x, y, e] = align(a, b);
  return { n: x + y, e };
}

export const dNeg = (a: Dyadic): Dyadic => ({ n: -a.n, e: a.e });
export const dSub = (a: Dyadic, b: Dyadic): Dyadic => dAdd(a, dNeg(b));
export const dMul = (a: Dyadic, b: Dyadic): Dyadic =>
  a.n === 0n || b.n === 0n ? DY_ZERO : { n: a.n * b.n, e: a.e + b.e };

export function dCmp(a: Dyadic, b: Dyadic): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const dSum = (xs: Iterable<Dyadic>): Dyadic => {
  let total = DY_ZERO;
  for (const x of xs) total = dAdd(total, x);
  return total;
};

export const toRational = (a: Dyadic): Rational => rat(a.n, 1n << a.e);

/** A rational whose denominator is a power of two (payouts in quarters), as a dyadic. */
export function fromRational(r: Rational): Dyadic {
  let e = 0n;
  while (1n << e < r.den) e++;
  if (1n << e !== r.den) throw new RangeError(`${r.num}/${r.den} is not dyadic`);
  return { n: r.num, e };
}
