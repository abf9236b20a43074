import { resolveCurrency } from "@rgs/protocol/currencies";
import { parseAmount } from "@rgs/protocol/money";
import { Refusal } from "./callback.ts";

/** Same bound as the RGS puts on player ids at launch; transaction and round ids get the same room. */
export const ID_MAX_LENGTH = 256;
const CODE_MAX_LENGTH = 64;

function syntax(detail: string): Refusal {
  return new Refusal("ERROR_WRONG_SYNTAX", detail);
}

/**
 * Control characters (NUL cannot even be stored in PostgreSQL text) and unpaired UTF-16 surrogates
 * (two different ones would be stored as the same replacement character) have no place in an id.
 */
function hasUnsafeCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return true;
    }
  }
  return false;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/** A required identifier: a non-empty string of printable characters, at most 256 long. */
export function requiredId(body: Record<string, unknown>, name: string, maxLength = ID_MAX_LENGTH): string {
  const value = body[name];
  if (typeof value !== "string") throw syntax(`${name} must be a string, got ${describe(value)}`);
  if (value === "") throw syntax(`${name} is empty`);
  if (value.length > maxLength) throw syntax(`${name} is longer than ${maxLength} characters`);
  if (hasUnsafeCharacter(value)) throw syntax(`${name} contains control characters or broken UTF-16`);
  return value;
}

export function requiredCode(body: Record<string, unknown>, name: string): string {
  return requiredId(body, name, CODE_MAX_LENGTH);
}

export function requiredBoolean(body: Record<string, unknown>, name: string): boolean {
  const value = body[name];
  if (typeof value !== "boolean") throw syntax(`${name} must be true or false, got ${describe(value)}`);
  return value;
}

/** An optional string field: absent or null means not sent. */
export function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw syntax(`${name} must be a string, got ${describe(value)}`);
  return value;
}

/** The amount in the player's currency, strictly in the wire grammar (no sign, exponent or extra decimals). */
export function amountField(
  body: Record<string, unknown>,
  decimals: number,
  opts: { allowZero: boolean },
): bigint {
  const parsed = parseAmount(body.amount, decimals, { allowZero: opts.allowZero });
  if (!parsed.ok) throw syntax(`amount: ${parsed.detail}`);
  return parsed.minor;
}

/** Decimals of a stored (canonical) currency code. */
export function decimalsOf(currency: string): number {
  const entry = resolveCurrency(currency);
  if (entry === undefined) throw new Error(`player currency ${currency} is not a known currency`);
  return entry.decimals;
}

/** Whether a requested currency code names the account's currency ("RMB" names CNY). */
export function sameCurrency(requested: string, accountCurrency: string): boolean {
  return resolveCurrency(requested)?.code === accountCurrency;
}

/**
 * When a callback carries a `currency` (only authenticate must), it has to be the account's.
 * Checked after the player is known, so the answer can be specific.
 */
export function checkOptionalCurrency(body: Record<string, unknown>, accountCurrency: string): void {
  const currency = optionalString(body, "currency");
  if (currency !== undefined && !sameCurrency(currency, accountCurrency)) {
    throw new Refusal(
      "ERROR_WRONG_CURRENCY",
      `currency ${JSON.stringify(currency)} is not ${accountCurrency}`,
    );
  }
}

/** Canonical JSON of a request's parameters (keys sorted), compared when a transactionId comes back. */
export function fingerprint(params: Record<string, string | boolean>): string {
  const sorted: Record<string, string | boolean> = {};
  for (const key of Object.keys(params).sort()) sorted[key] = params[key] as string | boolean;
  return JSON.stringify(sorted);
}
