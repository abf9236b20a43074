import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CURRENCIES, CURRENCY_ALIASES, resolveCurrency } from "../src/currencies.ts";
import { parseAmount } from "../src/money.ts";

/** ISO 4217 minor units, checked against the standard's list, for every fiat code the catalog must hold. */
const ISO_4217_MINOR_UNITS: Record<string, number> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  CHF: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  RON: 2,
  BGN: 2,
  TRY: 2,
  BRL: 2,
  MXN: 2,
  ARS: 2,
  CLP: 0,
  COP: 2,
  PEN: 2,
  JPY: 0,
  KRW: 0,
  CNY: 2,
  HKD: 2,
  SGD: 2,
  TWD: 2,
  INR: 2,
  IDR: 2,
  MYR: 2,
  PHP: 2,
  THB: 2,
  VND: 0,
  ZAR: 2,
  NGN: 2,
  KES: 2,
  UAH: 2,
  KZT: 2,
  AED: 2,
  SAR: 2,
  ILS: 2,
};

const CRYPTO_DECIMALS: Record<string, number> = {
  BTC: 8,
  ETH: 8,
  LTC: 8,
  BCH: 8,
  DOGE: 8,
  XRP: 6,
  TRX: 6,
  SOL: 8,
  BNB: 8,
  ADA: 6,
  USDT: 6,
  USDC: 6,
};

function minor(text: string, decimals: number): bigint {
  const result = parseAmount(text, decimals, { allowZero: false });
  if (!result.ok) throw new Error(`${text}: ${result.detail}`);
  return result.minor;
}

describe("CURRENCIES", () => {
  it.each(Object.entries(ISO_4217_MINOR_UNITS))("lists fiat %s with %i decimals", (code, decimals) => {
    expect(resolveCurrency(code)).toMatchObject({ code, decimals, kind: "fiat" });
  });

  it.each(Object.entries(CRYPTO_DECIMALS))("lists crypto %s with %i decimals", (code, decimals) => {
    expect(resolveCurrency(code)).toMatchObject({ code, decimals, kind: "crypto" });
  });

  it("has unique, upper-case codes and a name for each", () => {
    const codes = CURRENCIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const currency of CURRENCIES) {
      expect(currency.code).toMatch(/^[A-Z]{2,5}$/);
      expect(currency.name.length).toBeGreaterThan(0);
    }
  });

  it.each(CURRENCIES.map((c) => [c.code, c] as const))(
    "%s limits parse with its decimals and satisfy 0 < minBet <= maxBet <= maxWin",
    (_, currency) => {
      const { minBet, maxBet, maxWin } = currency.defaultLimits;
      const min = minor(minBet, currency.decimals);
      const max = minor(maxBet, currency.decimals);
      const win = minor(maxWin, currency.decimals);
      expect(min).toBeGreaterThan(0n);
      expect(min).toBeLessThanOrEqual(max);
      expect(max).toBeLessThanOrEqual(win);
    },
  );

  it("scales the US dollar reference limits", () => {
    expect(resolveCurrency("USD")?.defaultLimits).toEqual({
      minBet: "0.10",
      maxBet: "1000.00",
      maxWin: "100000.00",
    });
    expect(resolveCurrency("JPY")?.defaultLimits).toEqual({
      minBet: "10",
      maxBet: "100000",
      maxWin: "10000000",
    });
    expect(resolveCurrency("BTC")?.defaultLimits).toEqual({
      minBet: "0.00000100",
      maxBet: "0.01000000",
      maxWin: "1.00000000",
    });
  });

  it("cannot be changed by a consumer", () => {
    const usd = resolveCurrency("USD");
    expect(Object.isFrozen(CURRENCIES)).toBe(true);
    expect(Object.isFrozen(usd)).toBe(true);
    expect(Object.isFrozen(usd?.defaultLimits)).toBe(true);
  });
});

describe("resolveCurrency", () => {
  it("accepts RMB as an alias of CNY", () => {
    expect(CURRENCY_ALIASES).toEqual({ RMB: "CNY" });
    expect(resolveCurrency("RMB")).toBe(resolveCurrency("CNY"));
    expect(resolveCurrency("RMB")?.code).toBe("CNY");
  });

  it("resolves every alias to a listed currency, and no alias shadows a code", () => {
    for (const [alias, code] of Object.entries(CURRENCY_ALIASES)) {
      expect(resolveCurrency(alias)?.code).toBe(code);
      expect(CURRENCIES.some((c) => c.code === alias)).toBe(false);
    }
  });

  it.each([
    "usd",
    "Usd",
    "rmb",
    "",
    " USD",
    "USD ",
    "XXX",
    "toString",
    "__proto__",
    "constructor",
    "hasOwnProperty",
  ])("does not resolve %j", (code) => {
    expect(resolveCurrency(code)).toBeUndefined();
  });
});

describe("docs/money.md", () => {
  it("lists exactly the currencies, decimals and default limits of the catalog", () => {
    const markdown = readFileSync(new URL("../../../docs/money.md", import.meta.url), "utf8");
    const rows = markdown
      .split("\n")
      .filter((line) => /^\| [A-Z]{2,5} \|/.test(line))
      .map((line) =>
        line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    const expected = CURRENCIES.map((c) => [
      c.code,
      c.name,
      c.kind,
      String(c.decimals),
      c.defaultLimits.minBet,
      c.defaultLimits.maxBet,
      c.defaultLimits.maxWin,
    ]);
    expect(rows).toEqual(expected);
  });
});
