/**
 * The flight's multiplier as a function of the time since take-off, in exact integer arithmetic so that the
 * server, the client's animation and a verifier agree to the millisecond. Multipliers are hundredths (100 = 1.00x).
 *
 * The multiplier doubles every 10 seconds and climbs linearly within each doubling: at elapsed time e ms, with
 * j = floor(e / 10000) and r = e mod 10000, it is 100 x 2^j + floor(2^j x r / 100) hundredths. So 1.00x at
 * take-off, 1.01x after 100 ms, 2.00x at 10 s, 4.00x at 20 s, 8.00x at 30 s, and the top (1,000,000.00x) after
 * 199,074 ms. The curve is continuous and never decreases; beyond a few hundred times it passes several
 * hundredths per millisecond.
 */
export const DOUBLING_MS = 10_000;
/** The top of the flight: 1,000,000.00x. */
export const MAX_MULTIPLIER = 100_000_000;

const segmentBase = (j: number) => 100 * 2 ** j;

/** The first millisecond (since take-off) at which the multiplier is at least `hundredths`. */
export function timeToReach(hundredths: number): number {
  if (!Number.isSafeInteger(hundredths)) throw new RangeError(`bad multiplier ${hundredths}`);
  if (hundredths <= 100) return 0;
  let j = 0;
  while (segmentBase(j + 1) <= hundredths) j++;
  const rise = hundredths - segmentBase(j);
  // floor(2^j r / 100) >= rise  <=>  r >= 100 rise / 2^j; the division by a power of two is exact.
  return j * DOUBLING_MS + Math.ceil((100 * rise) / 2 ** j);
}

export const TIME_TO_TOP = timeToReach(MAX_MULTIPLIER);

/** The multiplier (hundredths) shown `elapsedMs` after take-off, capped at the top. */
export function multiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  if (elapsedMs >= TIME_TO_TOP) return MAX_MULTIPLIER;
  const e = Math.floor(elapsedMs);
  const j = Math.floor(e / DOUBLING_MS);
  const r = e - j * DOUBLING_MS;
  const scaled = 2 ** j * r;
  return segmentBase(j) + (scaled - (scaled % 100)) / 100;
}
