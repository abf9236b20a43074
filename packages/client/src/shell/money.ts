/** Amounts as the player reads them: exact minor units, the currency's decimals, the language's separators. */
import { formatDecimal } from "@rgs/protocol/money";
import type { Money } from "../views/types.ts";

function separators(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === "group")?.value ?? ",",
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
  };
}

/** 123456n with 2 decimals in "de" -> "1.234,56"; never through a float. */
export function formatMinor(minor: bigint, decimals: number, locale = "en"): string {
  const plain = formatDecimal({ units: minor, scale: decimals });
  const negative = plain.startsWith("-");
  const [integer = "0", fraction] = (negative ? plain.slice(1) : plain).split(".");
  const { group, decimal } = separators(locale);
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? "-" : ""}${grouped}${fraction !== undefined ? `${decimal}${fraction}` : ""}`;
}

export function formatMoney(minor: bigint, currency: Money, locale = "en"): string {
  const amount = formatMinor(minor, currency.decimals, locale);
  return currency.code ? `${amount} ${currency.code}` : amount;
}
