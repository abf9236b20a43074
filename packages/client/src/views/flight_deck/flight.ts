/**
 * The flight as the browser draws it: the multiplier climbs by the curve of the games package from the server's
 * take-off time, read on the server's clock as the shell knows it from the server's answers. What was cashed
 * in time is never decided here: the server's answer to a cash-out (or its settlement) is what the player gets.
 */
import { DOUBLING_MS, MAX_MULTIPLIER, multiplierAt, timeToReach } from "@rgs/games/games/flight_deck/curve";
import { MAX_AUTO_CASH_OUT, MIN_AUTO_CASH_OUT } from "@rgs/games/games/flight_deck/paytable";

/** Hundredths as a multiplier text: 250 -> "2.50". */
export const hundredthsText = (hundredths: number): string =>
  `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;

/** "2.5", "2.50" -> 250; undefined for anything that is not a multiplier with at most 2 decimals. */
export function hundredthsOf(text: string): number | undefined {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The auto cash-out a player typed, when the game accepts it (1.01x to 1,000,000x). */
export function autoCashOutOf(text: string): string | undefined {
  const hundredths = hundredthsOf(text);
  return hundredths !== undefined && hundredths >= MIN_AUTO_CASH_OUT && hundredths <= MAX_AUTO_CASH_OUT
    ? hundredthsText(hundredths)
    : undefined;
}

/**
 * The multiplier to show `elapsed` ms after take-off: the curve, held at the automatic cash-out target once it
 * is reached (the server cashes out there by itself if the flight gets that far).
 */
export function shownMultiplier(elapsed: number, target: number): number {
  return Math.min(multiplierAt(elapsed), target, MAX_MULTIPLIER);
}

/** True once the browser's clock says the flight has reached its automatic cash-out target. */
export const targetPassed = (elapsed: number, target: number): boolean => elapsed >= timeToReach(target);

/** The curve without its rounding to hundredths: what the chart draws, so the line climbs smoothly. */
function smoothAt(elapsed: number): number {
  const j = Math.floor(Math.max(0, elapsed) / DOUBLING_MS);
  return 2 ** j * (100 + (Math.max(0, elapsed) - j * DOUBLING_MS) / 100);
}

/**
 * The curve's points (SVG units, width x height) from take-off to `elapsed`, scaled so the flight fills the chart:
 * at least 6 seconds wide and 1.50x high, so the first moments already climb visibly.
 */
export function curvePoints(
  elapsed: number,
  width: number,
  height: number,
  samples = 48,
): { x: number; y: number }[] {
  const span = Math.max(elapsed, 6000);
  const top = Math.max(smoothAt(elapsed), 150);
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i <= samples; i++) {
    const at = (elapsed * i) / samples;
    points.push({ x: (at / span) * width, y: height - ((smoothAt(at) - 100) / (top - 100)) * height });
  }
  return points;
}

export const payoutAt = (stakeMinor: string, hundredths: number): bigint =>
  (BigInt(stakeMinor) * BigInt(hundredths)) / 100n;

/** Milliseconds of flight a finished round is drawn for: up to its cash-out, or up to its crash. */
export function endOf(view: { cashedOutAt: string | null; crashPoint: string | null }): number {
  const end = hundredthsOf(view.cashedOutAt ?? view.crashPoint ?? "1.00") ?? 100;
  return timeToReach(end);
}
