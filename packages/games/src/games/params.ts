/**
 * Parameter parsing every game uses: accepting or refusing with a catalogued reason, rejecting unknown keys,
 * and reading fixed-point decimals.
 */
import type { GameRefusalReason } from "@rgs/protocol/errors";
import type { Parsed } from "../model.ts";

export const refuse = <T>(error: GameRefusalReason, detail: string): Parsed<T> => ({
  ok: false,
  error,
  detail,
});

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

export interface ParamsShape {
  /** How refusals name the game ("Mines Mania"). */
  name: string;
  /** How the unknown-key refusal names it, where that differs ("mines mania"). */
  nameInUnknownKey?: string;
  /** A valid params object, shown when the input is not an object. */
  example: string;
  allowed: readonly string[];
}

/** The params as an object with no key outside `allowed`, or the game's refusal naming what is wrong. */
export function paramsObject(input: unknown, shape: ParamsShape): Parsed<Record<string, unknown>> {
  if (!isRecord(input))
    return refuse("invalid_params", `${shape.name} params must be an object: ${shape.example}.`);
  const extra = unknownKey(input, shape.allowed);
  if (extra)
    return refuse("invalid_params", `Unknown ${shape.nameInUnknownKey ?? shape.name} parameter "${extra}".`);
  return accept(input);
}
