/**
 * Statistics for the smoke tests of the production path: a chi-square goodness-of-fit test of outcome
 * histograms against exact probabilities, and a Monte Carlo mean checked against an exact RTP in standard errors.
 * Floating point is fine here: these are tests of the mapping, not the maths that pays players.
 */

export interface ChiSquareResult {
  statistic: number;
  degreesOfFreedom: number;
  /** P(X >= statistic) for X ~ chi-square(degreesOfFreedom). */
  pValue: number;
  /** Buckets actually compared after merging those with an expected count below 5. */
  buckets: number;
}

const MIN_EXPECTED = 5;

/**
 * Pearson's chi-square test. Adjacent buckets are merged, in order, until each expected count is at least 5
 * (a trailing remainder joins the last bucket), so the statistic's chi-square approximation holds; order the
 * buckets so neighbours are comparable (plinko slots, hit counts).
 */
export function chiSquare(observed: number[], expectedProbabilities: number[], n: number): ChiSquareResult {
  if (observed.length !== expectedProbabilities.length) {
    throw new RangeError(
      `${observed.length} observed buckets but ${expectedProbabilities.length} probabilities`,
    );
  }
  const totalProbability = expectedProbabilities.reduce((a, b) => a + b, 0);
  if (Math.abs(totalProbability - 1) > 1e-9)
    throw new RangeError(`probabilities sum to ${totalProbability}, not 1`);
  const totalObserved = observed.reduce((a, b) => a + b, 0);
  if (totalObserved !== n) throw new RangeError(`observed counts sum to ${totalObserved}, not n = ${n}`);

  const merged: { observed: number; expected: number }[] = [];
  let pending = { observed: 0, expected: 0 };
  for (let i = 0; i < observed.length; i++) {
    const p = expectedProbabilities[i] as number;
    if (p < 0) throw new RangeError(`negative probability at bucket ${i}`);
    if (p === 0 && (observed[i] as number) > 0) {
      return {
        statistic: Number.POSITIVE_INFINITY,
        degreesOfFreedom: 0,
        pValue: 0,
        buckets: observed.length,
      };
    }
    pending.observed += observed[i] as number;
    pending.expected += p * n;
    if (pending.expected >= MIN_EXPECTED) {
      merged.push(pending);
      pending = { observed: 0, expected: 0 };
    }
  }
  const last = merged.at(-1);
  if (last) {
    last.observed += pending.observed;
    last.expected += pending.expected;
  } else {
    merged.push(pending);
  }

  let statistic = 0;
  for (const bucket of merged) statistic += (bucket.observed - bucket.expected) ** 2 / bucket.expected;
  const degreesOfFreedom = merged.length - 1;
  const pValue = degreesOfFreedom > 0 ? chiSquareSurvival(statistic, degreesOfFreedom) : 1;
  return { statistic, degreesOfFreedom, pValue, buckets: merged.length };
}

/** P(X >= x) for X ~ chi-square(k) = Q(k/2, x/2). */
export function chiSquareSurvival(x: number, k: number): number {
  if (x <= 0) return 1;
  return regularizedUpperGamma(k / 2, x / 2);
}

const LANCZOS = [
  676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(a) for a > 0 (Lanczos, g = 7; about 15 significant digits). */
export function logGamma(a: number): number {
  if (a < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * a)) - logGamma(1 - a);
  const z = a - 1;
  let x = 0.99999999999980993;
  for (let i = 0; i < LANCZOS.length; i++) x += (LANCZOS[i] as number) / (z + i + 1);
  const t = z + LANCZOS.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(x);
}

const EPSILON = 1e-15;
const MAX_ITERATIONS = 10_000;

/** Q(a, x) = Γ(a, x) / Γ(a): the series for P below a + 1, Lentz's continued fraction for Q above. */
export function regularizedUpperGamma(a: number, x: number): number {
  if (a <= 0) throw new RangeError("gamma shape must be positive");
  if (x <= 0) return 1;
  const logPrefix = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let total = term;
    for (let n = 1; n < MAX_ITERATIONS; n++) {
      term *= x / (a + n);
      total += term;
      if (Math.abs(term) < Math.abs(total) * EPSILON) break;
    }
    return Math.max(0, 1 - total * Math.exp(logPrefix));
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(logPrefix) * h;
}

/** Running sums of a Monte Carlo sample (multipliers per round), enough for its mean and standard error. */
export class Moments {
  n = 0;
  sum = 0;
  sumOfSquares = 0;

  add(x: number): void {
    this.n++;
    this.sum += x;
    this.sumOfSquares += x * x;
  }

  get mean(): number {
    return this.sum / this.n;
  }

  /** Standard error of the mean, from the sample variance. */
  get standardError(): number {
    if (this.n < 2) return Number.POSITIVE_INFINITY;
    const variance = (this.sumOfSquares - (this.sum * this.sum) / this.n) / (this.n - 1);
    return Math.sqrt(Math.max(0, variance) / this.n);
  }
}

export interface MeanCheck {
  mean: number;
  standardError: number;
  /** (mean - expected) / standardError. */
  deviations: number;
  within: boolean;
}

/** Whether a sample's mean lies within `k` standard errors of an exact expected value (the RTP). */
export function meanWithinStandardErrors(sample: Moments, expected: number, k = 4): MeanCheck {
  const { mean, standardError } = sample;
  const deviations =
    standardError === 0
      ? mean === expected
        ? 0
        : Number.POSITIVE_INFINITY
      : (mean - expected) / standardError;
  return { mean, standardError, deviations, within: Math.abs(deviations) <= k };
}
