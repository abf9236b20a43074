import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AmountError,
  compareDecimal,
  decimalToMinor,
  formatAmount,
  formatDecimal,
  MAX_INTEGER_DIGITS,
  minorToDecimal,
  parseAmount,
  parseDecimalExact,
} from "../src/money.ts";

const DECIMALS = Array.from({ length: 19 }, (_, d) => d);

function errorOf(input: unknown, decimals: number, opts?: { allowZero?: boolean }): AmountError | bigint {
  const result = parseAmount(input, decimals, opts);
  return result.ok ? result.minor : result.error;
}

/** The canonical grammar written independently of the parser, as an oracle. */
function canonical(decimals: number): RegExp {
  const fraction = decimals === 0 ? "" : `(\\.[0-9]{1,${decimals}})?`;
  return new RegExp(`^(0|[1-9][0-9]{0,${MAX_INTEGER_DIGITS - 1}})${fraction}$`);
}

const maxMinor = (decimals: number) => 10n ** BigInt(MAX_INTEGER_DIGITS + decimals) - 1n;

describe("parseAmount", () => {
  it.each([
    ["0", 2, 0n],
    ["0.00", 2, 0n],
    ["0.5", 2, 50n],
    ["1.5", 2, 150n],
    ["1.50", 2, 150n],
    ["10", 2, 1000n],
    ["1000000.01", 2, 100000001n],
    ["15", 0, 15n],
    ["0.00000100", 8, 100n],
    ["21000000", 8, 2100000000000000n],
    ["1.000000000000000001", 18, 1000000000000000001n],
    ["9".repeat(30), 0, 10n ** 30n - 1n],
  ] as const)("reads %j with %i decimals as %s minor units", (input, decimals, minor) => {
    expect(parseAmount(input, decimals)).toEqual({ ok: true, minor });
  });

  it.each([
    [1.5, "not_a_string"],
    [150, "not_a_string"],
    [null, "not_a_string"],
    [undefined, "not_a_string"],
    [true, "not_a_string"],
    [["1"], "not_a_string"],
    [{ amount: "1" }, "not_a_string"],
    ["", "empty"],
    [".", "malformed"],
    [".5", "malformed"],
    ["1.", "malformed"],
    ["01.5", "malformed"],
    ["00", "malformed"],
    ["00.50", "malformed"],
    [" 1", "malformed"],
    ["1 ", "malformed"],
    ["1,5", "malformed"],
    ["1_000", "malformed"],
    ["1.2.3", "malformed"],
    ["NaN", "malformed"],
    ["Infinity", "malformed"],
    ["-Infinity", "malformed"],
    ["0x10", "malformed"],
    ["１", "malformed"],
    ["1e", "malformed"],
    ["e3", "malformed"],
    ["-", "malformed"],
    ["+", "malformed"],
    ["1e3", "exponent"],
    ["1E3", "exponent"],
    ["1.5e-2", "exponent"],
    ["+1", "sign_not_allowed"],
    ["+0.50", "sign_not_allowed"],
    ["-1", "negative"],
    ["-0", "negative"],
    ["-0.01", "negative"],
    ["1.500", "too_many_decimals"],
    ["1.001", "too_many_decimals"],
    ["1".repeat(31), "too_large"],
    [`1${"0".repeat(30)}.00`, "too_large"],
  ] as const)("refuses %j as %s", (input, error) => {
    expect(errorOf(input, 2)).toBe(error);
  });

  it("refuses any fraction for a currency without decimals", () => {
    expect(errorOf("15.0", 0)).toBe("too_many_decimals");
    expect(errorOf("15.", 0)).toBe("malformed");
  });

  it("refuses a bigint: the wire carries strings only", () => {
    expect(errorOf(150n, 2)).toBe("not_a_string");
  });

  it("refuses zero only when asked", () => {
    expect(errorOf("0", 2, { allowZero: false })).toBe("zero");
    expect(errorOf("0.00", 2, { allowZero: false })).toBe("zero");
    expect(errorOf("0.01", 2, { allowZero: false })).toBe(1n);
    expect(errorOf("0", 2, { allowZero: true })).toBe(0n);
  });

  it("explains every refusal in a short sentence that quotes at most 40 characters of the input", () => {
    const hostile = `<script>${"x".repeat(5000)}`;
    const result = parseAmount(hostile, 2);
    expect(result).toMatchObject({ ok: false, error: "malformed" });
    if (result.ok) return;
    expect(result.detail.length).toBeLessThan(200);
    expect(parseAmount("1.001", 2)).toMatchObject({ detail: expect.stringContaining("at most 2 decimals") });
  });

  it("rejects an invalid decimals argument as a programming error", () => {
    expect(() => parseAmount("1", -1)).toThrow(RangeError);
    expect(() => parseAmount("1", 19)).toThrow(RangeError);
    expect(() => parseAmount("1", 1.5)).toThrow(RangeError);
  });

  it("round-trips formatAmount for every precision from 0 to 18", () => {
    for (const decimals of DECIMALS) {
      fc.assert(
        fc.property(fc.bigInt({ min: 0n, max: maxMinor(decimals) }), (minor) => {
          const text = formatAmount(minor, decimals);
          expect(text).toMatch(canonical(decimals));
          expect(parseAmount(text, decimals)).toEqual({ ok: true, minor });
        }),
        { numRuns: 200 },
      );
    }
  });

  it("accepts exactly the canonical grammar, with the value it spells", () => {
    const alphabet = fc.constantFrom(..."0123456789", "0", "1", ".", "-", "+", "e", "E", " ", ",", "x");
    const numberLike = fc.string({ unit: alphabet, maxLength: 40 });
    for (const decimals of [0, 2, 8]) {
      fc.assert(
        fc.property(fc.oneof(numberLike, fc.string()), (input) => {
          const result = parseAmount(input, decimals);
          expect(result.ok).toBe(canonical(decimals).test(input));
          if (!result.ok) return;
          const [integer = "", fraction = ""] = input.split(".");
          expect(result.minor).toBe(BigInt(integer + fraction.padEnd(decimals, "0")));
        }),
        { numRuns: 2000 },
      );
    }
  });

  it("refuses every non-canonical spelling of a valid amount", () => {
    const decimals = 2;
    const spellings = fc.bigInt({ min: 0n, max: 10n ** 12n }).chain((minor) => {
      const text = formatAmount(minor, decimals);
      const [integer = "", fraction = ""] = text.split(".");
      return fc.constantFrom<[string, AmountError]>(
        [`0${text}`, "malformed"],
        [`+${text}`, "sign_not_allowed"],
        [`-${text}`, "negative"],
        [` ${text}`, "malformed"],
        [`${text} `, "malformed"],
        [`${text}\n`, "malformed"],
        [`${text}e0`, "exponent"],
        [`${integer}.${fraction.padEnd(decimals, "0")}0`, "too_many_decimals"],
        [`${integer}.`, "malformed"],
        [`.${fraction || "0"}`, "malformed"],
        [`${integer},${fraction || "0"}`, "malformed"],
        [`"${text}"`, "malformed"],
      );
    });
    fc.assert(
      fc.property(spellings, ([input, error]) => {
        expect(errorOf(input, decimals)).toBe(error);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("formatAmount", () => {
  it.each([
    [0n, 2, "0"],
    [0n, 0, "0"],
    [150n, 2, "1.50"],
    [5n, 2, "0.05"],
    [-150n, 2, "-1.50"],
    [-5n, 2, "-0.05"],
    [15n, 0, "15"],
    [-15n, 0, "-15"],
    [100n, 8, "0.00000100"],
    [123456789n, 8, "1.23456789"],
  ] as const)("writes %s with %i decimals as %j", (minor, decimals, text) => {
    expect(formatAmount(minor, decimals)).toBe(text);
  });
});

describe("parseDecimalExact", () => {
  it.each([
    ["10.123456789", 10123456789n, 9],
    ["-5.00", -500n, 2],
    ["0", 0n, 0],
    ["-0", 0n, 0],
    ["10.10", 1010n, 2],
    ["100", 100n, 0],
  ] as const)("reads %j exactly", (input, units, scale) => {
    expect(parseDecimalExact(input)).toEqual({ ok: true, units, scale });
  });

  it.each([
    [10.5, "not_a_string"],
    ["", "empty"],
    ["+5", "sign_not_allowed"],
    ["1e2", "exponent"],
    ["-.5", "malformed"],
    ["01", "malformed"],
    ["5.", "malformed"],
    ["--5", "malformed"],
    ["5 ", "malformed"],
    [`0.${"1".repeat(31)}`, "too_many_decimals"],
    ["9".repeat(31), "too_large"],
  ] as const)("refuses %j as %s", (input, error) => {
    expect(parseDecimalExact(input)).toMatchObject({ ok: false, error });
  });

  it("round-trips with formatDecimal", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.integer({ min: 0, max: 30 }),
        (units, scale) => {
          fc.pre(units.toString().replace("-", "").length <= MAX_INTEGER_DIGITS + scale);
          const text = formatDecimal({ units, scale });
          expect(parseDecimalExact(text)).toEqual({ ok: true, units, scale });
        },
      ),
    );
  });
});

describe("compareDecimal", () => {
  const d = (text: string) => {
    const result = parseDecimalExact(text);
    if (!result.ok) throw new Error(result.detail);
    return result;
  };

  it.each([
    ["1.5", "1.50", 0],
    ["1.49", "1.5", -1],
    ["-5.00", "0", -1],
    ["10.123456789", "10.12", 1],
    ["0", "-0", 0],
    ["-1.1", "-1.10000", 0],
  ] as const)("compares %s with %s as %i", (a, b, expected) => {
    expect(compareDecimal(d(a), d(b))).toBe(expected);
  });

  it("agrees with the order of the values whatever the scales", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        (x, y, extraX, extraY) => {
          const a = { units: x * 10n ** BigInt(extraX), scale: 8 + extraX };
          const b = { units: y * 10n ** BigInt(extraY), scale: 8 + extraY };
          expect(compareDecimal(a, b)).toBe(x < y ? -1 : x > y ? 1 : 0);
          expect(compareDecimal(b, a)).toBe(-compareDecimal(a, b) || 0);
        },
      ),
    );
  });
});

describe("minorToDecimal and decimalToMinor", () => {
  it("views minor units as a decimal of the currency's scale", () => {
    expect(minorToDecimal(150n, 2)).toEqual({ units: 150n, scale: 2 });
    expect(compareDecimal(minorToDecimal(150n, 2), { units: 15n, scale: 1 })).toBe(0);
  });

  it.each([
    ["10.129", 2, "exact", undefined],
    ["10.129", 2, "floor", 1012n],
    ["-10.129", 2, "floor", -1013n],
    ["10.120", 2, "exact", 1012n],
    ["10.1", 2, "exact", 1010n],
    ["7", 0, "exact", 7n],
    ["-5.00", 2, "exact", -500n],
  ] as const)("converts %s to %i decimals (%s) as %s", (text, decimals, mode, expected) => {
    const value = parseDecimalExact(text);
    if (!value.ok) throw new Error(value.detail);
    expect(decimalToMinor(value, decimals, mode)).toBe(expected);
  });

  it("floors to the largest representable amount not above the value", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 8 }),
        (units, scale, decimals) => {
          const value = { units, scale };
          const floored = decimalToMinor(value, decimals, "floor");
          expect(floored).toBeDefined();
          if (floored === undefined) return;
          expect(compareDecimal(minorToDecimal(floored, decimals), value)).toBeLessThanOrEqual(0);
          expect(compareDecimal(minorToDecimal(floored + 1n, decimals), value)).toBe(1);
        },
      ),
    );
  });
});
