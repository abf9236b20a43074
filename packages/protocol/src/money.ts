/**
 * Money on the wire is a decimal string; inside, an amount is a bigint count of the currency's minor
 * units (cents for USD, satoshis for BTC). Never a float. See docs/money.md for the grammar.
 */

export type AmountError =
  | "not_a_string"
  | "empty"
  | "malformed"
  | "exponent"
  | "negative"
  | "sign_not_allowed"
  | "too_many_decimals"
  | "too_large"
  | "zero";

export type AmountResult = { ok: true; minor: bigint } | { ok: false; error: AmountError; detail: string };

/** An exact decimal number: `units × 10^-scale` ("10.50" is `{ units: 1050n, scale: 2 }`). */
export interface ExactDecimal {
  units: bigint;
  scale: number;
}

export type DecimalResult =
  | { ok: true; units: bigint; scale: number }
  | { ok: false; error: AmountError; detail: string };

/** Amounts are below 10^30 in whole currency units: far above any real stake, small enough to bound input. */
export const MAX_INTEGER_DIGITS = 30;
/** The most fraction digits `parseDecimalExact` reads; wallets report at most a few more than their currency's. */
export const MAX_EXACT_FRACTION_DIGITS = 30;
/** The most decimals a currency may declare (18 covers every token's native precision). */
export const MAX_CURRENCY_DECIMALS = 18;

interface Lexed {
  sign: "" | "+" | "-";
  integer: string;
  hasPoint: boolean;
  fraction: string;
  hasExponent: boolean;
}

function isAsciiDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Reads the loose shape `[+-]? digits? (. digits?)? ([eE] [+-]? digits)?` in one linear pass (no
 * backtracking regex, so hostile input costs O(n)). Returns undefined when the text is not number-like
 * at all; canonical-form rules are applied by the callers so each gets a precise error code.
 */
function lex(text: string): Lexed | undefined {
  let i = 0;
  let sign: Lexed["sign"] = "";
  if (text[0] === "+" || text[0] === "-") {
    sign = text[0];
    i = 1;
  }
  const integerStart = i;
  while (i < text.length && isAsciiDigit(text.charCodeAt(i))) i++;
  const integer = text.slice(integerStart, i);
  let hasPoint = false;
  let fraction = "";
  if (text[i] === ".") {
    hasPoint = true;
    i++;
    const fractionStart = i;
    while (i < text.length && isAsciiDigit(text.charCodeAt(i))) i++;
    fraction = text.slice(fractionStart, i);
  }
  let hasExponent = false;
  if (text[i] === "e" || text[i] === "E") {
    i++;
    if (text[i] === "+" || text[i] === "-") i++;
    const exponentStart = i;
    while (i < text.length && isAsciiDigit(text.charCodeAt(i))) i++;
    if (i === exponentStart) return undefined;
    hasExponent = true;
  }
  if (i !== text.length) return undefined;
  if (integer === "" && fraction === "") return undefined;
  return { sign, integer, hasPoint, fraction, hasExponent };
}

/** Input echoed in a detail is JSON-quoted and shortened, so hostile text cannot flood an error answer. */
function quote(text: string): string {
  const limit = 40;
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit)}…` : text);
}

type Refusal = { ok: false; error: AmountError; detail: string };

function refuse(error: AmountError, detail: string): Refusal {
  return { ok: false, error, detail };
}

/** The checks shared by both parsers; `negativeAllowed` distinguishes amounts from balances. */
function readCanonical(input: unknown, negativeAllowed: boolean): Refusal | Lexed {
  if (typeof input !== "string") {
    return refuse(
      "not_a_string",
      `An amount must be a JSON string such as "1.50", not a ${describeType(input)}.`,
    );
  }
  if (input === "") return refuse("empty", 'The amount is an empty string; write zero as "0".');
  const lexed = lex(input);
  if (lexed === undefined) {
    return refuse(
      "malformed",
      `${quote(input)} is not a decimal number: use digits with an optional "." and fraction, e.g. "12.50".`,
    );
  }
  if (lexed.hasExponent) {
    return refuse(
      "exponent",
      `${quote(input)} uses exponent notation; write the plain decimal, e.g. "1000".`,
    );
  }
  if (lexed.sign === "+") {
    return refuse("sign_not_allowed", `${quote(input)} starts with "+"; amounts are written without a sign.`);
  }
  if (lexed.sign === "-" && !negativeAllowed) {
    return refuse("negative", `${quote(input)} is negative; amounts are zero or positive.`);
  }
  if (lexed.integer === "") {
    return refuse(
      "malformed",
      `${quote(input)} has no digit before the "."; write "${lexed.sign}0${input.slice(lexed.sign.length)}".`,
    );
  }
  if (lexed.hasPoint && lexed.fraction === "") {
    return refuse("malformed", `${quote(input)} ends with "."; drop it or add the fraction digits.`);
  }
  if (lexed.integer.length > 1 && lexed.integer.startsWith("0")) {
    return refuse("malformed", `${quote(input)} has a leading zero; write the number without it.`);
  }
  if (lexed.integer.length > MAX_INTEGER_DIGITS) {
    return refuse("too_large", `${quote(input)} is too large; amounts are below 10^${MAX_INTEGER_DIGITS}.`);
  }
  return lexed;
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_CURRENCY_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${MAX_CURRENCY_DECIMALS}, got ${decimals}`);
  }
}

/**
 * Parses an amount sent by an operator or a player, strictly: a string in the canonical grammar
 * `(0|[1-9][0-9]*)(\.[0-9]{1,decimals})?`. Extra fraction digits are refused even when they are zeros
 * ("1.500" for a 2-decimal currency): an amount with more precision than the currency is a client bug
 * worth surfacing, and accepting it would make two spellings of the same stake sign differently.
 */
export function parseAmount(input: unknown, decimals: number, opts?: { allowZero?: boolean }): AmountResult {
  assertDecimals(decimals);
  const read = readCanonical(input, false);
  if ("ok" in read) return read;
  if (read.fraction.length > decimals) {
    const allowed =
      decimals === 0 ? "no decimals" : `at most ${decimals} decimal${decimals === 1 ? "" : "s"}`;
    return refuse(
      "too_many_decimals",
      `${quote(input as string)} has ${read.fraction.length} decimals; this currency allows ${allowed}.`,
    );
  }
  const minor = BigInt(read.integer + read.fraction.padEnd(decimals, "0"));
  if (minor === 0n && opts?.allowZero === false) {
    return refuse("zero", "The amount is zero; a positive amount is required here.");
  }
  return { ok: true, minor };
}

/**
 * Formats minor units for the wire: `0n` is "0"; anything else has exactly `decimals` fraction digits
 * ("1.50", "-1.50", "15" for 0 decimals), so it parses back with `parseAmount` to the same value.
 */
export function formatAmount(minor: bigint, decimals: number): string {
  assertDecimals(decimals);
  if (minor === 0n) return "0";
  return formatDecimal({ units: minor, scale: decimals });
}

/** Writes an exact decimal with exactly `scale` fraction digits ("-5.00" for `{ units: -500n, scale: 2 }`). */
export function formatDecimal(value: ExactDecimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, "0");
  const integer = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale);
  return `${negative ? "-" : ""}${integer}${value.scale > 0 ? `.${fraction}` : ""}`;
}

/**
 * Reads a decimal exactly, whatever its number of decimals (up to `MAX_EXACT_FRACTION_DIGITS`), with an
 * optional "-" (an overdrawn wallet balance such as "-5.00" is real). Otherwise the same grammar as
 * `parseAmount`: no "+", no exponent, no leading zeros, no bare "." at either end. The scale is the
 * number of fraction digits written, so "10.10" is `{ units: 1010n, scale: 2 }`.
 */
export function parseDecimalExact(input: unknown): DecimalResult {
  const read = readCanonical(input, true);
  if ("ok" in read) return read;
  if (read.fraction.length > MAX_EXACT_FRACTION_DIGITS) {
    return refuse(
      "too_many_decimals",
      `${quote(input as string)} has ${read.fraction.length} decimals; at most ${MAX_EXACT_FRACTION_DIGITS} are read.`,
    );
  }
  const magnitude = BigInt(read.integer + read.fraction);
  return { ok: true, units: read.sign === "-" ? -magnitude : magnitude, scale: read.fraction.length };
}

function rescale(value: ExactDecimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** Compares two exact decimals by value, whatever their scales ("1.5" equals "1.50"). */
export function compareDecimal(a: ExactDecimal, b: ExactDecimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Minor units of a currency as an exact decimal (150n cents is 1.50). */
export function minorToDecimal(minor: bigint, decimals: number): ExactDecimal {
  assertDecimals(decimals);
  return { units: minor, scale: decimals };
}

/**
 * Converts an exact decimal to minor units of a currency. "exact" gives undefined when the value has
 * non-zero digits beyond the currency's precision; "floor" rounds toward negative infinity (a balance of
 * "10.129" shown in a 2-decimal currency is 10.12, never more than the wallet holds).
 */
export function decimalToMinor(
  value: ExactDecimal,
  decimals: number,
  mode: "exact" | "floor",
): bigint | undefined {
  assertDecimals(decimals);
  if (value.scale <= decimals) return rescale(value, decimals);
  const divisor = 10n ** BigInt(value.scale - decimals);
  const quotient = value.units / divisor;
  const remainder = value.units % divisor;
  if (remainder === 0n) return quotient;
  if (mode === "exact") return undefined;
  return value.units < 0n ? quotient - 1n : quotient;
}
