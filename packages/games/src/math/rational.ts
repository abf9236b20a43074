/**
 * Exact rational numbers over bigint. Game maths never touches floating point: multipliers,
 * probabilities and RTPs are rationals, and only the final payout is rounded (down, once).
 */
export interface Rational {
  readonly num: bigint;
  readonly den: bigint;
}

const abs = (x: bigint) => (x < 0n ? -x : x);

function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function rat(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError("rational with a zero denominator");
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

export const ZERO = rat(0);
export const ONE = rat(1);

export const add = (a: Rational, b: Rational) => rat(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: Rational, b: Rational) => rat(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: Rational, b: Rational) => rat(a.num * b.num, a.den * b.den);
export const div = (a: Rational, b: Rational) => rat(a.num * b.den, a.den * b.num);
export const cmp = (a: Rational, b: Rational): -1 | 0 | 1 => {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};
export const eq = (a: Rational, b: Rational) => cmp(a, b) === 0;
export const sum = (xs: Iterable<Rational>) => {
  let total = ZERO;
  for (const x of xs) total = add(total, x);
  return total;
};

/** Parses an exact decimal literal such as "1.0102" or "1000"; multipliers in paytables are written this way. */
export function dec(literal: string): Rational {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(literal);
  if (!match) throw new SyntaxError(`not a decimal literal: ${literal}`);
  const [, sign, int, frac = ""] = match;
  const n = BigInt(`${int}${frac}`) * (sign ? -1n : 1n);
  return rat(n, 10n ** BigInt(frac.length));
}

/** The RTP declared in hundredths of a percent (9946 for 99.46%) as an exact fraction of 1. */
export const rtpFromBasisPoints = (basisPoints: number) => rat(basisPoints, 10_000);

/** Payout of a stake (minor units) at an exact multiplier, rounded down to the minor unit: the only rounding a round sees. */
export function payout(stake: bigint, multiplier: Rational): bigint {
  if (stake < 0n || multiplier.num < 0n) throw new RangeError("payouts are never negative");
  return (stake * multiplier.num) / multiplier.den;
}

/**
 * For display and reports only: never feed the result back into money. Both terms are scaled down together
 * first, so fractions beyond 2^1023 (exact blackjack values) still give a finite float.
 */
export function toNumber(r: Rational): number {
  const bits = Math.max(abs(r.num).toString(2).length, r.den.toString(2).length);
  const shift = BigInt(Math.max(0, bits - 1000));
  return Number(r.num >> shift) / Number(r.den >> shift);
}

/** Rounds down to `places` decimals, as a decimal string (display of multipliers). */
export function toFixedDown(r: Rational, places: number): string {
  const scale = 10n ** BigInt(places);
  const negative = r.num < 0n;
  const scaled = (abs(r.num) * scale) / r.den;
  const int = scaled / scale;
  const frac = (scaled % scale).toString().padStart(places, "0");
  return `${negative ? "-" : ""}${int}${places > 0 ? `.${frac}` : ""}`;
}

export const toFraction = (r: Rational) => `${r.num}/${r.den}`;
