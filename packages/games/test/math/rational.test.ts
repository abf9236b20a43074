/**
 * Every payout passes through these rationals: reduced forms, exact arithmetic, and the one rounding (down) of a
 * payout, checked on examples and as properties over random fractions.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  cmp,
  dec,
  div,
  eq,
  mul,
  ONE,
  payout,
  type Rational,
  rat,
  rtpFromBasisPoints,
  sub,
  sum,
  toFixedDown,
  toFraction,
  toNumber,
  ZERO,
} from "../../src/math/rational.ts";

const fraction = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 10n ** 30n }))
  .map(([n, d]) => rat(n, d));
const nonZero = fraction.filter((r) => r.num !== 0n);

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));

describe("rat", () => {
  it("reduces to lowest terms with a positive denominator", () => {
    expect(rat(6, 4)).toEqual({ num: 3n, den: 2n });
    expect(rat(3, -6)).toEqual({ num: -1n, den: 2n });
    expect(rat(0, -7)).toEqual({ num: 0n, den: 1n });
    expect(rat(-(10n ** 40n), 10n ** 38n)).toEqual({ num: -100n, den: 1n });
  });

  it("refuses a zero denominator", () => {
    expect(() => rat(1, 0)).toThrow(RangeError);
    expect(() => div(ONE, ZERO)).toThrow(RangeError);
  });

  it("always gives the reduced form", () => {
    fc.assert(
      fc.property(fraction, (r) => {
        expect(r.den > 0n).toBe(true);
        expect(gcd(r.num, r.den)).toBe(r.num === 0n ? r.den : 1n);
      }),
    );
  });
});

describe("arithmetic", () => {
  it("computes exactly", () => {
    expect(add(rat(1, 3), rat(1, 6))).toEqual(rat(1, 2));
    expect(sub(rat(1, 3), rat(1, 2))).toEqual(rat(-1, 6));
    expect(mul(rat(2, 3), rat(9, 4))).toEqual(rat(3, 2));
    expect(div(rat(99, 100), rat(1, 52))).toEqual(rat(1287, 25));
    expect(sum([rat(1, 2), rat(1, 3), rat(1, 6)])).toEqual(ONE);
    expect(sum([])).toEqual(ZERO);
  });

  it("obeys the field laws", () => {
    fc.assert(
      fc.property(fraction, fraction, fraction, (a, b, c) => {
        expect(add(a, b)).toEqual(add(b, a));
        expect(mul(a, b)).toEqual(mul(b, a));
        expect(add(add(a, b), c)).toEqual(add(a, add(b, c)));
        expect(mul(a, add(b, c))).toEqual(add(mul(a, b), mul(a, c)));
        expect(sub(add(a, b), b)).toEqual(a);
      }),
    );
    fc.assert(
      fc.property(fraction, nonZero, (a, b) => {
        expect(mul(div(a, b), b)).toEqual(a);
      }),
    );
  });

  it("orders like the numbers they stand for", () => {
    expect(cmp(rat(1, 3), rat(1, 2))).toBe(-1);
    expect(cmp(rat(-1, 2), rat(-2, 3))).toBe(1);
    expect(eq(rat(2, 4), rat(1, 2))).toBe(true);
    fc.assert(
      fc.property(fraction, fraction, (a, b) => {
        expect(cmp(a, b)).toBe(-cmp(b, a));
        expect(cmp(sub(a, b), ZERO)).toBe(cmp(a, b));
      }),
    );
  });
});

describe("dec and rtpFromBasisPoints", () => {
  it("read exact decimal literals", () => {
    expect(dec("1.0102")).toEqual(rat(5051, 5000));
    expect(dec("1000")).toEqual(rat(1000));
    expect(dec("-0.5")).toEqual(rat(-1, 2));
    expect(rtpFromBasisPoints(9946)).toEqual(rat(4973, 5000));
  });

  it.each(["", "1.", ".5", "1e3", "1,5", " 1", "0x10"])("refuses %j", (literal) => {
    expect(() => dec(literal)).toThrow(SyntaxError);
  });
});

describe("payout", () => {
  it("rounds down once to the minor unit", () => {
    expect(payout(37n, rat(3, 2))).toBe(55n);
    expect(payout(101n, dec("2.5"))).toBe(252n);
    expect(payout(100n, rat(99, 100))).toBe(99n);
    expect(payout(0n, rat(1000))).toBe(0n);
  });

  it("refuses a negative stake or multiplier", () => {
    expect(() => payout(-1n, ONE)).toThrow(RangeError);
    expect(() => payout(1n, rat(-1, 2))).toThrow(RangeError);
  });

  it("is the largest whole amount not above stake x multiplier", () => {
    const positive = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 1n, max: 10n ** 12n }))
      .map(([n, d]) => rat(n, d));
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), positive, (stake, m: Rational) => {
        const paid = payout(stake, m);
        const exact = mul(rat(stake), m);
        expect(cmp(rat(paid), exact)).toBeLessThanOrEqual(0);
        expect(cmp(exact, rat(paid + 1n))).toBe(-1);
      }),
    );
  });
});

describe("display", () => {
  it("toFixedDown cuts after the places, toward zero", () => {
    expect(toFixedDown(rat(2, 3), 4)).toBe("0.6666");
    expect(toFixedDown(rat(5148297), 4)).toBe("5148297.0000");
    expect(toFixedDown(rat(7, 2), 0)).toBe("3");
    expect(toFixedDown(rat(-2, 3), 2)).toBe("-0.66");
  });

  it("toNumber stays finite for fractions beyond 2^1023 and toFraction writes num/den", () => {
    const huge = rat(3n * 2n ** 2000n + 1n, 2n ** 2001n);
    expect(toNumber(huge)).toBeCloseTo(1.5, 12);
    expect(toNumber(rat(1, 3))).toBeCloseTo(1 / 3, 15);
    expect(toFraction(rat(-6, 4))).toBe("-3/2");
  });
});
