import { CURRENCIES, resolveCurrency } from "@rgs/protocol/currencies";
import { describe, expect, it } from "vitest";
import { currencyDefaultLimits } from "../../src/launch/bet-limits.ts";
import { demoBalanceFor } from "../../src/launch/demo-balance.ts";

const currency = (code: string) => {
  const found = resolveCurrency(code);
  if (!found) throw new Error(code);
  return found;
};

describe("demo balance", () => {
  it("is DEMO_BALANCE dollars' worth in the session currency", () => {
    expect(demoBalanceFor(currency("USD"), "1000")).toBe(100_000n);
    expect(demoBalanceFor(currency("JPY"), "1000")).toBe(100_000n);
    expect(demoBalanceFor(currency("CNY"), "1000")).toBe(1_000_000n);
    expect(demoBalanceFor(currency("BTC"), "1000")).toBe(1_000_000n);
    expect(demoBalanceFor(currency("USD"), "12.345")).toBe(1234n);
  });

  it("is ten thousand minimum bets in every currency", () => {
    for (const entry of CURRENCIES) {
      expect(demoBalanceFor(entry, "1000") / currencyDefaultLimits(entry).minBet).toBe(10_000n);
    }
  });
});
