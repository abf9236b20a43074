import { describe, expect, it } from "vitest";
import {
  chiSquare,
  chiSquareSurvival,
  logGamma,
  Moments,
  meanWithinStandardErrors,
  regularizedUpperGamma,
} from "../../src/analysis/stats.ts";

describe("chiSquareSurvival", () => {
  // Critical values of the chi-square distribution as printed in standard tables (e.g. NIST/SEMATECH
  // e-Handbook of Statistical Methods, 1.3.6.7.4), to the digits given there and, extended, by SciPy's chi2.isf.
  it.each([
    [3.8414588206941285, 1, 0.05],
    [7.814727903251178, 3, 0.05],
    [18.30703805327515, 10, 0.05],
    [50.892181311517085, 30, 0.01],
    [124.34211340400408, 100, 0.05],
    [1074.679448803441, 1000, 0.05],
    [0.09080403553897913, 4, 0.999],
  ])("P(chi2 >= %f | k=%i) = %f", (x, k, p) => {
    expect(chiSquareSurvival(x, k)).toBeCloseTo(p, 9);
  });

  it("matches the closed form exp(-x/2) for two degrees of freedom", () => {
    for (const x of [0.1, 1, 5, 20, 80]) expect(chiSquareSurvival(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
  });

  it("is 1 at zero and decreases with x", () => {
    expect(chiSquareSurvival(0, 5)).toBe(1);
    let previous = 1;
    for (let x = 0.5; x < 60; x += 0.5) {
      const p = chiSquareSurvival(x, 12);
      expect(p).toBeLessThan(previous);
      previous = p;
    }
  });

  it("regularized upper gamma of shape 1 is exp(-x)", () => {
    expect(regularizedUpperGamma(1, 3)).toBeCloseTo(Math.exp(-3), 13);
    expect(regularizedUpperGamma(1, 0.2)).toBeCloseTo(Math.exp(-0.2), 13);
  });

  it("logGamma matches factorials and Γ(1/2) = √π", () => {
    expect(logGamma(10)).toBeCloseTo(Math.log(362_880), 11);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });
});

describe("chiSquare", () => {
  it("computes Pearson's statistic for a textbook die example", () => {
    // 60 rolls of a die: (5-10)^2/10 + (8-10)^2/10 + (9-10)^2/10 + (8-10)^2/10 + (10-10)^2/10 + (20-10)^2/10 = 13.4
    const result = chiSquare([5, 8, 9, 8, 10, 20], Array(6).fill(1 / 6), 60);
    expect(result.statistic).toBeCloseTo(13.4, 10);
    expect(result.degreesOfFreedom).toBe(5);
    expect(result.pValue).toBeCloseTo(chiSquareSurvival(13.4, 5), 14);
    expect(result.pValue).toBeLessThan(0.02);
    expect(result.pValue).toBeGreaterThan(0.019);
  });

  it("merges adjacent buckets whose expected count is below 5", () => {
    // Expected counts 2, 2, 2, 44, 50: the first three merge into one bucket of 6.
    const result = chiSquare([1, 3, 2, 44, 50], [0.02, 0.02, 0.02, 0.44, 0.5], 100);
    expect(result.buckets).toBe(3);
    expect(result.degreesOfFreedom).toBe(2);
    expect(result.statistic).toBeCloseTo(0, 12);
  });

  it("joins a small trailing remainder to the last bucket", () => {
    const result = chiSquare([50, 46, 4], [0.5, 0.47, 0.03], 100);
    expect(result.buckets).toBe(2);
    expect(result.statistic).toBeCloseTo(0, 12);
  });

  it("rejects an observation in a bucket of probability zero outright", () => {
    expect(chiSquare([10, 1], [1, 0], 11).pValue).toBe(0);
  });

  it("rejects inconsistent inputs", () => {
    expect(() => chiSquare([1, 2], [1], 3)).toThrow(RangeError);
    expect(() => chiSquare([1, 2], [0.5, 0.6], 3)).toThrow(/sum/);
    expect(() => chiSquare([1, 2], [0.5, 0.5], 4)).toThrow(/n = 4/);
  });

  it("flags a biased histogram and accepts a fair one", () => {
    const fair = chiSquare([1010, 990, 1005, 995], [0.25, 0.25, 0.25, 0.25], 4000);
    expect(fair.pValue).toBeGreaterThan(0.5);
    const biased = chiSquare([1200, 900, 950, 950], [0.25, 0.25, 0.25, 0.25], 4000);
    expect(biased.pValue).toBeLessThan(1e-6);
  });
});

describe("meanWithinStandardErrors", () => {
  it("computes the mean and standard error of a sample", () => {
    const sample = new Moments();
    for (const x of [0, 2, 0, 2]) sample.add(x);
    expect(sample.mean).toBe(1);
    // sample variance 4/3, standard error sqrt(4/3 / 4)
    expect(sample.standardError).toBeCloseTo(Math.sqrt(1 / 3), 14);
    expect(meanWithinStandardErrors(sample, 1).deviations).toBe(0);
  });

  it("accepts a mean within k standard errors and rejects one beyond", () => {
    const sample = new Moments();
    for (let i = 0; i < 100; i++) sample.add(i % 2 === 0 ? 0 : 2);
    const se = sample.standardError;
    expect(meanWithinStandardErrors(sample, 1 + 3.9 * se).within).toBe(true);
    expect(meanWithinStandardErrors(sample, 1 + 4.1 * se).within).toBe(false);
    expect(meanWithinStandardErrors(sample, 1 - 2 * se, 1).within).toBe(false);
  });

  it("treats a constant sample exactly", () => {
    const sample = new Moments();
    for (let i = 0; i < 5; i++) sample.add(0.99);
    expect(meanWithinStandardErrors(sample, 0.99).within).toBe(true);
    expect(meanWithinStandardErrors(sample, 0.98).within).toBe(false);
  });
});
