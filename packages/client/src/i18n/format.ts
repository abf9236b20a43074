/**
 * Numbers as the player's language writes them: amounts with the currency's own number of decimals and its
 * code beside them (Intl knows neither USDT nor DOGE, and gives BTC two decimals), decimals, multipliers and
 * percentages, all from exact decimal strings: digits never pass through a float. And the other way: what a
 * player types in an amount field, read with the language's decimal separator only.
 */
import { formatDecimal } from "@rgs/protocol/money";

export interface Separators {
  decimal: string;
  group: string;
}

const separatorCache = new Map<string, Separators>();

export function separatorsOf(locale: string): Separators {
  let found = separatorCache.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    found = {
      decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
      group: parts.find((part) => part.type === "group")?.value ?? ",",
    };
    separatorCache.set(locale, found);
  }
  return found;
}

const integerFormats = new Map<string, Intl.NumberFormat>();

/** "1234567" -> "1.234.567" (de), "12,34,567" (hi): the language's own grouping of whole numbers. */
export function formatInteger(digits: string | bigint | number, locale: string): string {
  let format = integerFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 });
    integerFormats.set(locale, format);
  }
  return format.format(typeof digits === "string" ? BigInt(digits) : digits);
}

/** An exact decimal string ("-1234.50") in the language's writing ("-1.234,50"), every digit kept. */
export function formatDecimalText(text: string, locale: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return text;
  const [, sign = "", integer = "0", fraction] = match;
  const grouped = formatInteger(integer, locale);
  return `${sign ? "-" : ""}${grouped}${fraction === undefined ? "" : `${separatorsOf(locale).decimal}${fraction}`}`;
}

/** Minor units with the currency's decimals: 123456n, 2, "de" -> "1.234,56". */
export function formatMinor(minor: bigint, decimals: number, locale: string): string {
  return formatDecimalText(formatDecimal({ units: minor, scale: decimals }), locale);
}

const percentPatterns = new Map<string, { before: string; after: string }>();

/** Where the language puts the percent sign ("%49,49" in Turkish, "49,49 %" in German). */
function percentPattern(locale: string): { before: string; after: string } {
  let found = percentPatterns.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale, { style: "percent" }).formatToParts(0.5);
    const number = parts.findIndex((part) => part.type === "integer");
    const text = (from: number, to: number) =>
      parts
        .slice(from, to)
        .map((part) => part.value)
        .join("");
    found = { before: text(0, number), after: text(number + 1, parts.length) };
    percentPatterns.set(locale, found);
  }
  return found;
}

export interface Money {
  code: string;
  decimals: number;
}

/** The formats of one session: its language and its currency. */
export interface Formats {
  locale: string;
  /** Minor units -> "1.234,56 EUR"; the code is left out when the session's is unknown. */
  amount(minor: bigint | string): string;
  /** A decimal string of the API ("1.50") -> "1,50 EUR"; text that is no amount is shown as sent. */
  decimalAmount(text: string): string;
  /** "2.0004" -> "2,0004". */
  decimal(text: string): string;
  /** "2.0004" -> "2,0004×". */
  multiplier(text: string): string;
  /** "49.49" (already in percent) -> "49,49 %". */
  percent(text: string): string;
  /** A count or other whole number in the language's grouping. */
  integer(value: number | bigint): string;
}

export function createFormats(locale: string, currency: Money): Formats {
  const amount = (minor: bigint | string) => {
    const units = typeof minor === "bigint" ? minor : /^-?\d+$/.test(minor) ? BigInt(minor) : undefined;
    if (units === undefined) return String(minor);
    const text = formatMinor(units, currency.decimals, locale);
    return currency.code ? `${text} ${currency.code}` : text;
  };
  return {
    locale,
    amount,
    decimalAmount(text) {
      const read = readDecimal(text, currency.decimals);
      return read === undefined ? text : amount(read);
    },
    decimal: (text) => formatDecimalText(text, locale),
    multiplier: (text) => `${formatDecimalText(text, locale)}×`,
    percent(text) {
      const { before, after } = percentPattern(locale);
      return `${before}${formatDecimalText(text, locale)}${after}`;
    },
    integer: (value) => formatInteger(value, locale),
  };
}

/** "1.5" with 2 decimals -> 150n; undefined for anything else (more decimals, signs, exponents). */
function readDecimal(text: string, decimals: number): bigint | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) return undefined;
  return BigInt(`${match[1]}${fraction.padEnd(decimals, "0")}`);
}

export type DecimalInput =
  | { ok: true /** The canonical decimal string ("1.50"). */; text: string; minor: bigint }
  | {
      ok: false;
      /**
       * empty: nothing typed; grouping: a thousands separator or a separator that is not this language's
       * decimal one (in German "1.500" is refused, not read as 1.5 or 1500); decimals: more decimals than
       * allowed; malformed: anything else.
       */
      reason: "empty" | "grouping" | "decimals" | "malformed";
    };

/**
 * What a player typed in an amount field, read in their language: digits, and at most one of the language's
 * decimal separator followed by at most `decimals` digits. Grouping separators are refused rather than
 * guessed: "1.500" in German and "1,500" in English could each mean two amounts a thousand times apart.
 */
export function parseDecimalInput(input: string, locale: string, decimals: number): DecimalInput {
  const text = input.trim();
  if (text === "") return { ok: false, reason: "empty" };
  const { decimal, group } = separatorsOf(locale);
  // A space or narrow no-break space groups digits in French, Polish or Finnish: never part of an amount.
  const spacing = /[\s\u00a0\u202f]/;
  const other = decimal === "." ? "," : ".";
  if (text.includes(group) || spacing.test(text) || text.includes(other) || text.includes("'"))
    return { ok: false, reason: "grouping" };
  const parts = text.split(decimal);
  if (parts.length > 2) return { ok: false, reason: "grouping" };
  const [integer = "", fraction] = parts;
  if (!/^\d*$/.test(integer) || (fraction !== undefined && !/^\d*$/.test(fraction)))
    return { ok: false, reason: "malformed" };
  if (integer === "" && (fraction === undefined || fraction === ""))
    return { ok: false, reason: "malformed" };
  if (integer.length > 30) return { ok: false, reason: "malformed" };
  const digits = fraction ?? "";
  if (digits.length > decimals) return { ok: false, reason: "decimals" };
  const canonical = `${integer === "" ? "0" : integer.replace(/^0+(?=\d)/, "")}${digits ? `.${digits}` : ""}`;
  return { ok: true, text: canonical, minor: BigInt(`${integer || "0"}${digits.padEnd(decimals, "0")}`) };
}

/** An amount as an input field shows it in this language, without grouping ("1500,5"). */
export function inputText(minor: bigint, decimals: number, locale: string): string {
  const plain = formatDecimal({ units: minor, scale: decimals });
  return decimals > 0 && plain.includes(".") ? plain.replace(".", separatorsOf(locale).decimal) : plain;
}
