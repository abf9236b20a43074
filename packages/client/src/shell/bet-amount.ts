/**
 * The bet amount field: decimal strings in the session currency, exact in minor units, kept within the
 * session's limits by the presets (min, half, double, max).
 */
import { formatAmount, parseAmount } from "@rgs/protocol/money";

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

export type AmountCheck =
  | { ok: true; minor: bigint }
  /** "empty": no bet placed (games whose params carry the bets). */
  | { ok: false; reason: "invalid" | "empty" | "below" | "above"; minor?: bigint };

/** Checks what the player typed, so the play control can say why it is disabled before any request. */
export function checkAmount(text: string, decimals: number, limits: Limits): AmountCheck {
  const parsed = parseAmount(text.trim(), decimals);
  if (!parsed.ok) return { ok: false, reason: "invalid" };
  if (parsed.minor < limits.minBet) return { ok: false, reason: "below", minor: parsed.minor };
  if (parsed.minor > limits.maxBet) return { ok: false, reason: "above", minor: parsed.minor };
  return { ok: true, minor: parsed.minor };
}

/**
 * Checks a stake already in minor units: the total of the bets, for games whose params carry them (the
 * shell shows that total instead of an amount field); undefined when no valid bet is placed.
 */
export function checkStake(minor: bigint | undefined, limits: Limits): AmountCheck {
  if (minor === undefined || minor <= 0n) return { ok: false, reason: "empty" };
  if (minor < limits.minBet) return { ok: false, reason: "below", minor };
  if (minor > limits.maxBet) return { ok: false, reason: "above", minor };
  return { ok: true, minor };
}

export function toText(minor: bigint, decimals: number): string {
  return formatAmount(minor, decimals);
}

/** Reads a decimal string of the API in minor units, or undefined when it is not one. */
export function toMinor(text: string | null | undefined, decimals: number): bigint | undefined {
  if (text === null || text === undefined) return undefined;
  const parsed = parseAmount(text, decimals, { allowZero: true });
  return parsed.ok ? parsed.minor : undefined;
}
