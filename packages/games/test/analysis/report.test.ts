import { describe, expect, it } from "vitest";
import { percent, reportFromOutcomes, volatility, withinTolerance } from "../../src/analysis/report.ts";
import { dec, eq, rat } from "../../src/math/rational.ts";

describe("reportFromOutcomes", () => {
  it("computes rtp, hit frequency, max multiplier and second moment exactly", () => {
    const report = reportFromOutcomes("coin", [
      { probability: rat(1, 2), multiplier: dec("1.98") },
      { probability: rat(1, 2), multiplier: rat(0) },
    ]);
    expect(eq(report.rtp, dec("0.99"))).toBe(true);
    expect(eq(report.hitFrequency, rat(1, 2))).toBe(true);
    expect(eq(report.maxMultiplier, dec("1.98"))).toBe(true);
    expect(eq(report.secondMoment, rat(19_602, 10_000))).toBe(true);
    expect(volatility(report)).toBeCloseTo(0.99, 12);
  });

  it("refuses a distribution whose probabilities do not sum to 1", () => {
    expect(() =>
      reportFromOutcomes("broken", [
        { probability: rat(1, 3), multiplier: rat(3) },
        { probability: rat(1, 2), multiplier: rat(0) },
      ]),
    ).toThrow(/sum to 5\/6/);
  });

  it("refuses negative probabilities or multipliers", () => {
    expect(() => reportFromOutcomes("x", [{ probability: rat(-1), multiplier: rat(1) }])).toThrow(/negative/);
    expect(() => reportFromOutcomes("x", [{ probability: rat(1), multiplier: rat(-1) }])).toThrow(/negative/);
  });
});

describe("withinTolerance", () => {
  it("holds exactly 0.01 percentage points either side and nothing beyond", () => {
    expect(withinTolerance(dec("0.9901"), dec("0.99"))).toBe(true);
    expect(withinTolerance(dec("0.9899"), dec("0.99"))).toBe(true);
    expect(withinTolerance(dec("0.990100001"), dec("0.99"))).toBe(false);
    expect(withinTolerance(dec("0.989899999"), dec("0.99"))).toBe(false);
  });
});

describe("percent", () => {
  it("prints an exact fraction as a rounded percentage", () => {
    expect(percent(rat(73, 74))).toBe("98.6486");
    expect(percent(rat(36, 37), 2)).toBe("97.30");
    expect(percent(dec("0.99"))).toBe("99.0000");
    expect(percent(rat(2, 3), 0)).toBe("67");
  });
});
