/** Limbo params ({target: "2.00"}), the win chance shown for a target, and the counter's timeline. */
import { MAX_TARGET, MIN_TARGET } from "@rgs/games/games/limbo/paytable";
import { formatHundredths, parseFixed } from "@rgs/games/games/params";
import { type Rational, rat, toFixedDown } from "@rgs/games/math/rational";
import { easeOutCubic } from "../shared/timeline.ts";

export const DEFAULT_TARGET = 200;

export const toParams = (target: number) => ({ target: formatHundredths(target) });

export const defaultParams = (_gameCode: string) => toParams(DEFAULT_TARGET);

/** The target in hundredths, or undefined when it is not one the game accepts. */
export function parseTarget(input: unknown): number | undefined {
  const target = parseFixed(input, 2, 6);
  return target !== undefined && target >= MIN_TARGET && target <= MAX_TARGET ? target : undefined;
}

export const readTarget = (params: unknown): number =>
  parseTarget((params as { target?: unknown } | null)?.target) ?? DEFAULT_TARGET;

export const clampTarget = (target: number): number =>
  Math.min(MAX_TARGET, Math.max(MIN_TARGET, Math.round(target)));

/** Percent rounded down to 4 decimals, exactly as the round's view states it: RTP / target. */
export const winChanceOf = (target: number, rtp: Rational): string =>
  toFixedDown(rat(rtp.num * 10_000n, rtp.den * BigInt(target)), 4);

/** Longer climbs for larger results, so a 1.2x ends fast and a 1,000x builds suspense; never over 2.4 s. */
export const counterDuration = (result: number): number =>
  Math.round(Math.min(2400, 500 + 450 * Math.log10(Math.max(1, result))));

/**
 * The counter at `elapsed` ms: exponential in time (multipliers grow geometrically), eased to settle exactly on
 * the result, shown rounded down to 2 decimals like the result itself.
 */
export function counterAt(elapsed: number, result: number, duration: number): number {
  const progress = easeOutCubic(duration <= 0 ? 1 : elapsed / duration);
  const value = Math.exp(Math.log(Math.max(1, result)) * progress);
  return Math.min(result, Math.floor(value * 100 + 1e-9) / 100);
}
