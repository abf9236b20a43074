import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPreset, checkAmount, checkStake, clamp, toMinor } from "../../src/shell/bet-amount.ts";

const limits = { minBet: 10n, maxBet: 10_000n };

describe("bet amount presets", () => {
  it("min and max set the limits; half and double stay within them", () => {
    expect(applyPreset(500n, "min", limits)).toBe(10n);
    expect(applyPreset(500n, "max", limits)).toBe(10_000n);
    expect(applyPreset(500n, "half", limits)).toBe(250n);
    expect(applyPreset(15n, "half", limits)).toBe(10n);
    expect(applyPreset(500n, "double", limits)).toBe(1000n);
    expect(applyPreset(6000n, "double", limits)).toBe(10_000n);
    expect(applyPreset(undefined, "double", limits)).toBe(20n);
  });

  it("every preset of any amount lands within the limits", () => {
    fc.assert(
      fc.property(
        fc.bigInt(0n, 10n ** 12n),
        fc.constantFrom("min", "half", "double", "max") as fc.Arbitrary<"min">,
        (amount, preset) => {
          const result = applyPreset(amount, preset, limits);
          expect(result >= limits.minBet && result <= limits.maxBet).toBe(true);
          expect(clamp(result, limits)).toBe(result);
        },
      ),
    );
  });
});

describe("checkAmount", () => {
  it("reads exact minor units with the currency's decimals", () => {
    expect(checkAmount("1.50", "en", 2, limits)).toEqual({ ok: true, minor: 150n });
    expect(checkAmount(" 2 ", "en", 2, limits)).toEqual({ ok: true, minor: 200n });
    expect(checkAmount("0.00001", "en", 8, { minBet: 100n, maxBet: 10n ** 8n })).toEqual({
      ok: true,
      minor: 1000n,
    });
  });

  it("says why an amount cannot be played", () => {
    expect(checkAmount("1.505", "en", 2, limits)).toEqual({ ok: false, reason: "decimals" });
    expect(checkAmount("abc", "en", 2, limits)).toEqual({ ok: false, reason: "malformed" });
    expect(checkAmount("-1", "en", 2, limits)).toEqual({ ok: false, reason: "malformed" });
    expect(checkAmount("1e3", "en", 2, limits)).toEqual({ ok: false, reason: "malformed" });
    expect(checkAmount("", "en", 2, limits)).toEqual({ ok: false, reason: "empty" });
    expect(checkAmount("0.05", "en", 2, limits)).toMatchObject({ ok: false, reason: "below" });
    expect(checkAmount("100.01", "en", 2, limits)).toMatchObject({ ok: false, reason: "above" });
  });

  it("reads the language's decimal separator only and refuses grouping: 1,50 in German, never 1.500", () => {
    const wide = { minBet: 1n, maxBet: 10n ** 9n };
    expect(checkAmount("1,50", "de", 2, wide)).toEqual({ ok: true, minor: 150n });
    expect(checkAmount("1.500", "de", 2, wide)).toEqual({ ok: false, reason: "grouping" });
    expect(checkAmount("1.5", "de", 2, wide)).toEqual({ ok: false, reason: "grouping" });
    expect(checkAmount("1.500,00", "de", 2, wide)).toEqual({ ok: false, reason: "grouping" });
    expect(checkAmount("1,500", "en", 2, wide)).toEqual({ ok: false, reason: "grouping" });
    expect(checkAmount("1 500", "fr", 2, wide)).toEqual({ ok: false, reason: "grouping" });
    expect(checkAmount("1\u202f500", "fr", 2, wide)).toEqual({ ok: false, reason: "grouping" });
    expect(checkAmount("2,5", "fr", 2, wide)).toEqual({ ok: true, minor: 250n });
    expect(checkAmount("10", "ja", 0, wide)).toEqual({ ok: true, minor: 10n });
    expect(checkAmount("10,5", "de", 0, wide)).toEqual({ ok: false, reason: "decimals" });
    expect(checkAmount(",5", "de", 2, wide)).toEqual({ ok: true, minor: 50n });
  });

  it("refuses a single-round bet that could pay more than the maximum win", () => {
    const largest = (stake: bigint) => stake * 100n;
    expect(checkAmount("1", "en", 2, { ...limits, maxWin: 10_000n }, largest)).toEqual({
      ok: true,
      minor: 100n,
    });
    expect(checkAmount("1.01", "en", 2, { ...limits, maxWin: 10_000n }, largest)).toEqual({
      ok: false,
      reason: "maxWin",
      minor: 101n,
    });
  });

  it("reads API amounts, zero included", () => {
    expect(toMinor("0", 2)).toBe(0n);
    expect(toMinor("1000.00", 2)).toBe(100_000n);
    expect(toMinor(null, 2)).toBeUndefined();
    expect(toMinor("x", 2)).toBeUndefined();
  });
});

describe("the stake of games whose params carry the bets", () => {
  it("is checked against the limits, and says when no bet is placed", () => {
    expect(checkStake(undefined, limits)).toEqual({ ok: false, reason: "empty" });
    expect(checkStake(0n, limits)).toEqual({ ok: false, reason: "empty" });
    expect(checkStake(9n, limits)).toEqual({ ok: false, reason: "below", minor: 9n });
    expect(checkStake(10_001n, limits)).toEqual({ ok: false, reason: "above", minor: 10_001n });
    expect(checkStake(10n, limits)).toEqual({ ok: true, minor: 10n });
  });
});
