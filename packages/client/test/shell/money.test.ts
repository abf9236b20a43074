import { describe, expect, it } from "vitest";
import { formatMinor, formatMoney } from "../../src/shell/money.ts";

describe("amount display", () => {
  it("shows exact amounts with the currency's decimals and the language's separators", () => {
    expect(formatMoney(123_456_789n, { code: "USD", decimals: 2 }, "en")).toBe("1,234,567.89 USD");
    expect(formatMoney(123_456_789n, { code: "EUR", decimals: 2 }, "de")).toBe("1.234.567,89 EUR");
    expect(formatMoney(1n, { code: "BTC", decimals: 8 }, "en")).toBe("0.00000001 BTC");
    expect(formatMoney(1500n, { code: "JPY", decimals: 0 }, "en")).toBe("1,500 JPY");
    expect(formatMinor(0n, 2)).toBe("0.00");
    expect(formatMinor(-150n, 2)).toBe("-1.50");
    expect(formatMinor(12_345_678_901_234_567_890n, 8)).toBe("123,456,789,012.34567890");
  });
});
