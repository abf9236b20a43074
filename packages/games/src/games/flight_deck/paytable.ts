/**
 * Flight Deck: a crash game. At take-off the round's crash point c is drawn; the multiplier then climbs with the
 * server's clock (curve.ts). The flight stays up while the multiplier shows at most c and crashes when it would
 * pass c, that is at the first millisecond the curve reaches c + 0.01; with c below 1.00 it crashes at take-off.
 * A player still aboard when the curve shows m is paid m on cashing out, which happens exactly when c >= m.
 *
 * The crash point is c = min(top, floor(RTP x 100 / U)) hundredths for U uniform on (0, 1], so
 * P(c >= m) = RTP / m exactly for every multiplier m from 1.00 to the top, and P(crash at take-off) = 1 - RTP:
 * every automatic or manual cash-out target m pays m with probability RTP / m, returning exactly RTP.
 *
 * U is read from the stream lazily: word 0 gives U in (u/2^32, (u+1)/2^32]; when that interval already fixes
 * floor(RTP x 100 / U) (all rounds but about 3 in 10,000) the crash point is limbo's result for that word,
 * floor(RTP x 100 x 2^32 / (u + 1)). Otherwise the next word narrows U by another 2^32, until the floor is fixed.
 * U is then an exact uniform, so the crash law is exact, not merely exact up to the lattice.
 */
import type { RandomReader } from "../../fair/random.ts";
import { type Rational, rat } from "../../math/rational.ts";
import { MAX_MULTIPLIER, timeToReach } from "./curve.ts";

/** Automatic cash-out targets: 1.01x to the top, two decimals. */
export const MIN_AUTO_CASH_OUT = 101;
export const MAX_AUTO_CASH_OUT = MAX_MULTIPLIER;

/**
 * Refining past 64 words (2,048 bits) is never needed in practice: it would take U within 2^-2016 of a crash
 * boundary. The bound only keeps the loop finite; such a round would take the lower crash point.
 */
export const MAX_CRASH_WORDS = 64;

const WORD = 2n ** 32n;

export interface CrashDraw {
  /** Hundredths; below 100 the flight crashes at take-off. */
  crash: number;
  /** Words of the stream read (1 in all but rare rounds). */
  words: number;
}

export function drawCrash(random: RandomReader, rtp: Rational): CrashDraw {
  const a = rtp.num * 100n;
  const b = rtp.den;
  const cap = BigInt(MAX_MULTIPLIER);
  let n = BigInt(random.nextUint32());
  let d = WORD;
  let words = 1;
  for (;;) {
    // U in (n/d, (n+1)/d] maps RTP x 100 / U onto [a d / (b (n+1)), a d / (b n)).
    const low = (a * d) / (b * (n + 1n));
    if (low >= cap) return { crash: MAX_MULTIPLIER, words };
    if ((n > 0n && a * d <= (low + 1n) * b * n) || words === MAX_CRASH_WORDS)
      return { crash: Number(low), words };
    n = n * WORD + BigInt(random.nextUint32());
    d *= WORD;
    words++;
  }
}

/** P(c >= m) for m in hundredths, 100 <= m <= top: RTP x 100 / m. */
export const survival = (hundredths: number, rtp: Rational): Rational =>
  rat(rtp.num * 100n, rtp.den * BigInt(hundredths));

export const multiplierOf = (hundredths: number): Rational => rat(hundredths, 100);

/** Milliseconds after take-off at which a flight with crash point `crash` crashes (never, at the top). */
export function crashTime(crash: number): number {
  if (crash < 100) return 0;
  if (crash >= MAX_MULTIPLIER) return Number.POSITIVE_INFINITY;
  return timeToReach(crash + 1);
}
