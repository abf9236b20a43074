import { resolveCurrency } from "@rgs/protocol/currencies";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyRequestedLimits,
  currencyDefaultLimits,
  formatLimits,
  narrowLimits,
} from "../../src/launch/bet-limits.ts";

const USD = resolveCurrency("USD");
if (!USD) throw new Error("USD missing");
const allowed = { minBet: 10n, maxBet: 100_000n, maxWin: 10_000_000n };

describe("bet limits", () => {
  it("reads the currency defaults in minor units", () => {
    expect(currencyDefaultLimits(USD)).toEqual(allowed);
    expect(formatLimits(allowed, 2)).toEqual({ minBet: "0.10", maxBet: "1000.00", maxWin: "100000.00" });
  });

  it("narrows to the intersection", () => {
    expect(narrowLimits(allowed, { minBet: 100n, maxBet: 200_000n, maxWin: 5n })).toEqual({
      minBet: 100n,
      maxBet: 100_000n,
      maxWin: 5n,
    });
    expect(narrowLimits(allowed, undefined)).toBe(allowed);
  });

  it("keeps the allowed limits when the request has none", () => {
    expect(applyRequestedLimits(allowed, undefined, USD)).toEqual({ ok: true, limits: allowed });
    expect(applyRequestedLimits(allowed, {}, USD)).toEqual({ ok: true, limits: allowed });
  });

  it("never widens: every accepted result lies inside the allowed limits", () => {
    const cents = fc.bigInt({ min: 1n, max: 20_000_000n });
    fc.assert(
      fc.property(
        fc.option(cents, { nil: undefined }),
        fc.option(cents, { nil: undefined }),
        fc.option(cents, { nil: undefined }),
        (min, max, win) => {
          const show = (v: bigint | undefined) =>
            v === undefined ? undefined : formatLimits({ minBet: v, maxBet: v, maxWin: v }, 2).minBet;
          const request = Object.fromEntries(
            Object.entries({ minBet: show(min), maxBet: show(max), maxWin: show(win) }).filter(
              ([, v]) => v !== undefined,
            ),
          );
          const result = applyRequestedLimits(allowed, request, USD);
          if (!result.ok) {
            expect(["bet_limits_not_allowed", "bet_limits_unplayable"]).toContain(result.code);
            return;
          }
          const { limits } = result;
          expect(limits.minBet).toBeGreaterThanOrEqual(allowed.minBet);
          expect(limits.maxBet).toBeLessThanOrEqual(allowed.maxBet);
          expect(limits.maxWin).toBeLessThanOrEqual(allowed.maxWin);
          expect(limits.minBet).toBeLessThanOrEqual(limits.maxBet);
          expect(limits.minBet).toBeLessThanOrEqual(limits.maxWin);
          if (min !== undefined) expect(limits.minBet).toBe(min);
          if (max !== undefined) expect(limits.maxBet).toBe(max);
        },
      ),
    );
  });
});
