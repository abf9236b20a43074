import { resolveCurrency } from "@rgs/protocol/currencies";
import { parseAmount } from "@rgs/protocol/money";
import { WIRE_ID_MAX_LENGTH, wireIdProblem } from "@rgs/protocol/wallet-callbacks";
import { Refusal } from "./callback.ts";

/** Same bound as the RGS puts on player ids at launch, and the contract on every id. */
export const ID_MAX_LENGTH = WIRE_ID_MAX_LENGTH;

function syntax(detail: string): Refusal {
  return new Refusal("ERROR_WRONG_SYNTAX", detail);
}

/** A required identifier by the contract's rule: a non-empty string of printable characters, at most 256 long. */
export function requiredId(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  const problem = wireIdProblem(value);
  if (problem !== undefined) throw syntax(`${name} ${problem}`);
  return value as string;
}

/** An optional string field: absent or null means not sent. */
function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw syntax(`${name} must be a string, got a ${typeof value}`);
  return value;
}

/**
 * The amount in the player's currency. The contract's check has already read it in the wire grammar;
 * here it must also fit the currency's decimals.
 */
export function amountIn(amount: string, decimals: number, opts: { allowZero: boolean }): bigint {
  const parsed = parseAmount(amount, decimals, { allowZero: opts.allowZero });
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
