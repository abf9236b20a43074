/**
 * Settlement shared by the single-round games (dice, limbo, keno, roulette, baccarat): the round is decided
 * and paid in `start`, so its step debits the stake and closes with one credit (0 on a loss).
 */
import type { Parsed, Step } from "../model.ts";

export function settledStep<S, V>(state: S, view: V, stake: bigint, payoutAmount: bigint): Step<S, V> {
  return {
    state,
    view,
    closed: true,
    ops: [
      { kind: "debit", amount: stake, reason: "bet" },
      { kind: "credit", amount: payoutAmount, closesRound: true, reason: payoutAmount > 0n ? "win" : "loss" },
    ],
  };
}

/** A single-round game's round is settled at start: abandoning it moves no money and shows the result again. */
export const alreadySettled = <S, V>(state: S, view: V): Step<S, V> => ({
  state,
  view,
  ops: [],
  closed: true,
});

export const refuse = <T>(error: string, detail: string): Parsed<T> => ({ ok: false, error, detail });

export const accept = <T>(value: T): Parsed<T> => ({ ok: true, value });

export const isRecord = (input: unknown): input is Record<string, unknown> =>
  typeof input === "object" && input !== null && !Array.isArray(input);

/** Refuses any key outside `allowed`, so a misspelt parameter is an error rather than silently ignored. */
export function unknownKey(input: Record<string, unknown>, allowed: readonly string[]): string | undefined {
  return Object.keys(input).find((key) => !allowed.includes(key));
}

/**
 * A decimal with at most `places` decimals, as an integer count of 10^-places ("50.5" -> 5050 for 2 places).
 * Strings are preferred; a JSON number is accepted when it has no more decimals than allowed.
 */
export function parseFixed(input: unknown, places: number, maxIntegerDigits: number): number | undefined {
  let text: string;
  if (typeof input === "string") text = input;
  else if (typeof input === "number" && Number.isFinite(input)) text = String(input);
  else return undefined;
  const match = new RegExp(`^(\\d{1,${maxIntegerDigits}})(?:\\.(\\d{1,${places}}))?$`).exec(text);
  if (!match) return undefined;
  const [, int = "", frac = ""] = match;
  return Number(int) * 10 ** places + Number(frac.padEnd(places, "0"));
}

/** Formats an integer count of hundredths as "50.50" (dice rolls and targets, limbo targets and results). */
export const formatHundredths = (value: number | bigint, integerDigits = 1): string => {
  const v = BigInt(value);
  return `${(v / 100n).toString().padStart(integerDigits, "0")}.${(v % 100n).toString().padStart(2, "0")}`;
};
