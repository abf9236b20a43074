/**
 * Numbers in the player's language, from exact decimal strings: amounts with the currency's own decimals (not
 * Intl's, which knows neither USDT nor DOGE and gives BTC two), percentages and multipliers; and what a player
 * types, read with the language's decimal separator only.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createFormats, formatMinor, inputText, parseDecimalInput } from "../../src/i18n/format.ts";

const nbsp = "\u00a0";
const narrow = "\u202f";

describe("amounts", () => {
  it("keep every digit of the currency, with the language's separators and the code beside", () => {
    expect(createFormats("en", { code: "BTC", decimals: 8 }).amount(123_456_789n)).toBe("1.23456789 BTC");
    expect(createFormats("de", { code: "USDT", decimals: 6 }).amount(1_234_500_000n)).toBe(
      "1.234,500000 USDT",
    );
    expect(createFormats("de", { code: "EUR", decimals: 2 }).amount(10n)).toBe("0,10 EUR");
    expect(createFormats("fr", { code: "DOGE", decimals: 8 }).amount(150_000_000_000n)).toBe(
      `1${narrow}500,00000000 DOGE`,
    );
    expect(createFormats("hi", { code: "INR", decimals: 2 }).amount(123_456_789n)).toBe("12,34,567.89 INR");
    expect(createFormats("ja", { code: "JPY", decimals: 0 }).amount(1500n)).toBe("1,500 JPY");
    expect(createFormats("en", { code: "USD", decimals: 2 }).amount(-150n)).toBe("-1.50 USD");
  });

  it("are exact for any amount: the digits read back are the digits written", () => {
    fc.assert(
      fc.property(fc.bigInt(0n, 10n ** 20n), fc.integer({ min: 0, max: 8 }), (minor, decimals) => {
        const text = formatMinor(minor, decimals, "de").replaceAll(".", "").replace(",", "");
        expect(BigInt(text)).toBe(minor);
      }),
    );
  });
});

describe("percentages and multipliers", () => {
  it("follow the language, the sign where it puts it", () => {
    expect(createFormats("en", { code: "", decimals: 2 }).percent("49.49")).toBe("49.49%");
    expect(createFormats("de", { code: "", decimals: 2 }).percent("49.49")).toBe(`49,49${nbsp}%`);
    expect(createFormats("tr", { code: "", decimals: 2 }).percent("49.49")).toBe("%49,49");
    expect(createFormats("fr", { code: "", decimals: 2 }).multiplier("1234.5678")).toBe(
      `1${narrow}234,5678×`,
    );
    expect(createFormats("pl", { code: "", decimals: 2 }).decimal("0.2364")).toBe("0,2364");
  });
});

describe("an amount typed by the player", () => {
  it("is read with the language's decimal separator only", () => {
    expect(parseDecimalInput("1,50", "de", 2)).toEqual({ ok: true, text: "1.50", minor: 150n });
    expect(parseDecimalInput("1.50", "en", 2)).toEqual({ ok: true, text: "1.50", minor: 150n });
    expect(parseDecimalInput("0012", "en", 2)).toEqual({ ok: true, text: "12", minor: 1200n });
    expect(parseDecimalInput("1.50", "de", 2)).toEqual({ ok: false, reason: "grouping" });
    expect(parseDecimalInput("1,50", "en", 2)).toEqual({ ok: false, reason: "grouping" });
  });

  it("is refused when it groups digits, as 1.500 in German could mean fifteen hundred", () => {
    for (const [text, locale] of [
      ["1.500", "de"],
      ["1.500,00", "de"],
      ["1,500", "en"],
      ["1,500.00", "en"],
      ["1 500", "fr"],
      [`1${narrow}500`, "fr"],
      ["1 500", "pl"],
      ["1'500", "de"],
      ["1,5,0", "de"],
    ])
      expect(parseDecimalInput(text as string, locale as string, 2), `${text} in ${locale}`).toMatchObject({
        ok: false,
        reason: "grouping",
      });
  });

  it("says too many decimals, or not an amount at all", () => {
    expect(parseDecimalInput("1,505", "de", 2)).toEqual({ ok: false, reason: "decimals" });
    expect(parseDecimalInput("1,5", "de", 0)).toEqual({ ok: false, reason: "decimals" });
    expect(parseDecimalInput("abc", "de", 2)).toEqual({ ok: false, reason: "malformed" });
    expect(parseDecimalInput("-1", "en", 2)).toEqual({ ok: false, reason: "malformed" });
    expect(parseDecimalInput("  ", "en", 2)).toEqual({ ok: false, reason: "empty" });
    expect(parseDecimalInput(",", "de", 2)).toEqual({ ok: false, reason: "malformed" });
  });

  it("reads back what an amount field shows, in every language", () => {
    fc.assert(
      fc.property(
        fc.bigInt(0n, 10n ** 15n),
        fc.integer({ min: 0, max: 8 }),
        fc.constantFrom("en", "de", "fr", "pl", "tr", "hi", "ja", "fi", "pt-BR"),
        (minor, decimals, locale) => {
          const read = parseDecimalInput(inputText(minor, decimals, locale), locale, decimals);
          expect(read).toMatchObject({ ok: true, minor });
        },
      ),
    );
  });
});
