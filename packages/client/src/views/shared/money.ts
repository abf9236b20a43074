/**
 * Amounts inside the params of games whose bets are chips (roulette, baccarat, craps, war, multi-seat
 * blackjack): decimal strings in the session currency, summed exactly; the chips offered, their faces and
 * colours; and a first bet valid in the session's limits.
 */
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import { formatDecimalText } from "../../i18n/format.ts";
import type { ViewContext } from "../types.ts";

/** Minor units of a decimal amount, or undefined when it is not a positive amount of this currency. */
export function minorOf(amount: unknown, decimals: number): bigint | undefined {
  const parsed = parseAmount(amount, decimals, { allowZero: false });
  return parsed.ok ? parsed.minor : undefined;
}

/** The wire form of minor units ("1.50"). */
export const decimalOf = (minor: bigint, decimals: number): string => formatAmount(minor, decimals);

/** Total of decimal amounts in minor units; amounts that do not parse count as 0. */
export const totalOf = (amounts: readonly unknown[], decimals: number): bigint =>
  amounts.reduce<bigint>((total, amount) => total + (minorOf(amount, decimals) ?? 0n), 0n);

/**
 * A first bet: one unit of the currency when the limits allow it, else the nearest limit (the minimum when a
 * currency's starts at 10 units, the maximum when a launch narrowed it below one unit).
 */
export function defaultStake(context: ViewContext): bigint {
  const unit = 10n ** BigInt(context.decimals);
  const { minBet, maxBet } = context.limits;
  return unit < minBet ? minBet : unit > maxBet ? maxBet : unit;
}

/** Chip values offered, in minor units: fractions of a unit only when the currency has cents. */
export function chipPresets(decimals: number): bigint[] {
  const unit = 10n ** BigInt(decimals);
  return decimals >= 2
    ? [unit / 10n, unit / 2n, unit, 5n * unit, 25n * unit, 100n * unit]
    : [unit, 5n * unit, 25n * unit, 100n * unit, 500n * unit];
}

/** The same chip value as a short label for a chip face ("0,5" in German, "25", "1K"). */
export function chipLabel(minor: bigint, decimals: number, locale = "en"): string {
  const unit = 10n ** BigInt(decimals);
  const whole = minor / unit;
  if (minor % unit === 0n) {
    if (whole >= 1_000_000n && whole % 1_000_000n === 0n) return `${whole / 1_000_000n}M`;
    if (whole >= 1000n && whole % 1000n === 0n) return `${whole / 1000n}K`;
    return whole.toString();
  }
  return formatDecimalText(formatAmount(minor, decimals).replace(/0+$/, ""), locale);
}

/**
 * One colour per chip value, wherever a chip is drawn (the picker, the layout, a seat): the classic casino
 * colours by value in whole units, and grey for any other value.
 */
const COLOURS: readonly (readonly [tenths: bigint, colour: string])[] = [
  [1n, "sky"],
  [5n, "pink"],
  [10n, "white"],
  [50n, "red"],
  [250n, "green"],
  [1000n, "black"],
  [5000n, "purple"],
  [10000n, "orange"],
];

export function chipColour(minor: bigint, decimals: number): string {
  const unit = 10n ** BigInt(decimals);
  if ((minor * 10n) % unit !== 0n) return "grey";
  const tenths = (minor * 10n) / unit;
  return COLOURS.find(([value]) => value === tenths)?.[1] ?? "grey";
}

/**
 * Amounts scaled by `to / from` (autobet raising or resetting a multi-bet layout), each rounded down and
 * never below one minor unit, so every bet stays on the table.
 */
export function scaleAmounts(amounts: readonly bigint[], from: bigint, to: bigint): bigint[] {
  if (from <= 0n) return [...amounts];
  return amounts.map((amount) => {
    const scaled = (amount * to) / from;
    return scaled > 0n ? scaled : 1n;
  });
}
