/**
 * The flight as the browser draws it: the multiplier climbs by the curve of the games package from the server's
 * take-off time, read on the browser's clock corrected by the server's clock at the last answer. What was cashed
 * in time is never decided here: the server's answer to a cash-out (or its settlement) is what the player gets.
 */
import { MAX_MULTIPLIER, multiplierAt, timeToReach } from "@rgs/games/games/flight_deck/curve";
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

/** Milliseconds to add to the browser's clock to read the server's, from a view made at `serverTime` and received at `receivedAt`. */
export const clockOffset = (serverTime: number, receivedAt: number): number => serverTime - receivedAt;

/**
 * The multiplier to show `elapsed` ms after take-off: the curve, held at the automatic cash-out target once it
 * is reached (the server cashes out there by itself if the flight gets that far).
 */
export function shownMultiplier(elapsed: number, target: number): number {
  return Math.min(multiplierAt(elapsed), target, MAX_MULTIPLIER);
}

/** True once the browser's clock says the flight has reached its automatic cash-out target. */
export const targetPassed = (elapsed: number, target: number): boolean => elapsed >= timeToReach(target);

/** The curve's points (SVG units, width x height) from take-off to `elapsed`, scaled so the flight fills the chart. */
export function curvePoints(
  elapsed: number,
  width: number,
  height: number,
  samples = 48,
): { x: number; y: number }[] {
  const span = Math.max(elapsed, 6000);
  const top = Math.max(multiplierAt(elapsed), 200);
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i <= samples; i++) {
    const at = (elapsed * i) / samples;
    const m = multiplierAt(at);
    points.push({ x: (at / span) * width, y: height - ((m - 100) / (top - 100)) * height });
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
