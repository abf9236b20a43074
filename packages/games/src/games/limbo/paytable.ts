/**
 * Limbo: the round's result is R = RTP x 2^32 / (u + 1) for the round's first word u (u / 2^32 is the float),
 * so P(R >= t) = floor(RTP x 2^32 / t) / 2^32, which is RTP / t up to less than one lattice word. A bet on
 * target t wins t times the stake when R >= t. The shortfall of the exact RTP is t x (less than 1) / 2^32,
 * below 0.01 percentage points exactly while t < 2^32 / 10^4 = 429,496.7296: the highest target offered is
 * therefore 429,496.72.
 */
import { LATTICE_SIZE } from "../../fair/lattice.ts";
import { type Rational, rat } from "../../math/rational.ts";

/** Targets in hundredths. */
export const MIN_TARGET = 101;
export const MAX_TARGET = Number((LATTICE_SIZE * 100n) / 10_000n);

/** The result exactly, from the round's word. */
export const resultOf = (u: number, rtp: Rational): Rational =>
  rat(rtp.num * LATTICE_SIZE, rtp.den * BigInt(u + 1));

/** R >= t, on integers: rtp.num x 2^32 x 100 >= t x (u + 1) x rtp.den. */
export const reaches = (u: number, target: number, rtp: Rational): boolean =>
  rtp.num * LATTICE_SIZE * 100n >= BigInt(target) * BigInt(u + 1) * rtp.den;

/** How many of the 2^32 words win on target t: u + 1 <= RTP x 2^32 / t (never above 2^32 since t > 1 >= RTP). */
export const winningWords = (target: number, rtp: Rational): bigint =>
  (rtp.num * LATTICE_SIZE * 100n) / (BigInt(target) * rtp.den);

/** Target t pays t times the stake. */
export const multiplierFor = (target: number): Rational => rat(target, 100);
