/**
 * The bet amount: what the player typed, read in their language (its decimal separator only, no grouping),
 * exact in minor units, checked against the session's limits, the maximum win and the balance shown, so the
 * play control says why it is disabled before any request. The presets (min, half, double, max) stay within
 * the limits.
 */
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import { parseDecimalInput } from "../i18n/format.ts";

export interface Limits {
  /** Minor units. */
  minBet: bigint;
  maxBet: bigint;
}

export type Preset = "min" | "half" | "double" | "max";

export function clamp(amount: bigint, limits: Limits): bigint {
  if (amount < limits.minBet) return limits.minBet;
  if (amount > limits.maxBet) return limits.maxBet;
  return amount;
}

/** The amount after a preset, within the limits; an unreadable current amount counts as the minimum. */
export function applyPreset(current: bigint | undefined, preset: Preset, limits: Limits): bigint {
  const base = current ?? limits.minBet;
  switch (preset) {
    case "min":
      return limits.minBet;
    case "max":
      return limits.maxBet;
    case "half":
      return clamp(base / 2n, limits);
    case "double":
      return clamp(base * 2n, limits);
  }
}

export type AmountProblem =
  /** Not an amount in this language: a grouping or foreign separator, too many decimals, or garbage. */
  | "grouping"
  | "decimals"
  | "malformed"
  /** Nothing typed, or (games whose params carry the bets) no bet on the table. */
  | "empty"
  | "below"
  | "above"
  /** It could pay more than the session's maximum win. */
  | "maxWin";

export type AmountCheck = { ok: true; minor: bigint } | { ok: false; reason: AmountProblem; minor?: bigint };

/** The stake a player typed, in the session's language and currency. */
export function readTypedAmount(text: string, locale: string, decimals: number): AmountCheck {
  const read = parseDecimalInput(text, locale, decimals);
  if (!read.ok) return { ok: false, reason: read.reason };
  return { ok: true, minor: read.minor };
}

/** A stake in minor units against the limits and, when known, the largest payout against the maximum win. */
export function checkStake(
  minor: bigint | undefined,
  limits: Limits & { maxWin?: bigint },
  largestPayout?: (stake: bigint) => bigint | undefined,
): AmountCheck {
  if (minor === undefined || minor <= 0n) return { ok: false, reason: "empty" };
  if (minor < limits.minBet) return { ok: false, reason: "below", minor };
  if (minor > limits.maxBet) return { ok: false, reason: "above", minor };
  const largest = largestPayout?.(minor);
  if (limits.maxWin !== undefined && largest !== undefined && largest > limits.maxWin)
    return { ok: false, reason: "maxWin", minor };
  return { ok: true, minor };
}

/** What the player typed, read and checked. */
export function checkAmount(
  text: string,
  locale: string,
  decimals: number,
  limits: Limits & { maxWin?: bigint },
  largestPayout?: (stake: bigint) => bigint | undefined,
): AmountCheck {
  const typed = readTypedAmount(text, locale, decimals);
  return typed.ok ? checkStake(typed.minor, limits, largestPayout) : typed;
}

/** The API's form of minor units ("1.50"). */
export function toText(minor: bigint, decimals: number): string {
  return formatAmount(minor, decimals);
}

/** Reads a decimal string of the API in minor units, or undefined when it is not one. */
export function toMinor(text: string | null | undefined, decimals: number): bigint | undefined {
  if (text === null || text === undefined) return undefined;
  const parsed = parseAmount(text, decimals, { allowZero: true });
  return parsed.ok ? parsed.minor : undefined;
}
