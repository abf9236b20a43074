/**
 * What the RTP report states for one configuration a player can choose, exactly. Each game's `analyze(rtp)`
 * returns one report per configuration; tests hold every `rtp` within `RTP_TOLERANCE` of the declared RTP.
 */
import { add, cmp, eq, mul, ONE, type Rational, rat, sub, toNumber, ZERO } from "../math/rational.ts";

export interface ConfigurationReport {
  /** e.g. "rows=12 risk=high", "target=over 50.50", "bet=straight". */
  configuration: string;
  /** Exact expected payout per unit stake. */
  rtp: Rational;
  /** P(payout > 0). */
  hitFrequency: Rational;
  maxMultiplier: Rational;
  /** E[multiplier^2]; volatility = sqrt(secondMoment - rtp^2), a float only when printed. */
  secondMoment: Rational;
  /**
   * The RTP this configuration declares when it is not the game code's: roulette's bets covering zero (97.30%),
   * side bets. Reports and tests hold `rtp` to this figure instead.
   */
  declaredRtp?: Rational;
}

/** One outcome of a round: its exact probability and the multiplier it pays (0 for a loss). */
export interface WeightedOutcome {
  probability: Rational;
  multiplier: Rational;
}

/** 0.01 percentage points: the largest allowed gap between an exact RTP and the declared one. */
export const RTP_TOLERANCE = rat(1, 10_000);

/**
 * Builds the report of a configuration from its full outcome distribution. The probabilities must sum to
 * exactly 1: a distribution that does not is a bug in the analysis, never something to normalise away.
 */
export function reportFromOutcomes(
  configuration: string,
  outcomes: Iterable<WeightedOutcome>,
): ConfigurationReport {
  let total = ZERO;
  let rtp = ZERO;
  let hitFrequency = ZERO;
  let secondMoment = ZERO;
  let maxMultiplier = ZERO;
  for (const { probability, multiplier } of outcomes) {
    if (probability.num < 0n) throw new RangeError(`${configuration}: negative probability`);
    if (multiplier.num < 0n) throw new RangeError(`${configuration}: negative multiplier`);
    total = add(total, probability);
    if (probability.num === 0n) continue;
    const weighted = mul(probability, multiplier);
    rtp = add(rtp, weighted);
    secondMoment = add(secondMoment, mul(weighted, multiplier));
    if (multiplier.num > 0n) hitFrequency = add(hitFrequency, probability);
    if (cmp(multiplier, maxMultiplier) > 0) maxMultiplier = multiplier;
  }
  if (!eq(total, ONE))
    throw new RangeError(`${configuration}: probabilities sum to ${total.num}/${total.den}, not 1`);
  return { configuration, rtp, hitFrequency, maxMultiplier, secondMoment };
}

/** Standard deviation of the multiplier per unit stake (display only). */
export function volatility(report: ConfigurationReport): number {
  const variance = sub(report.secondMoment, mul(report.rtp, report.rtp));
  return Math.sqrt(Math.max(0, toNumber(variance)));
}

/** |rtp - declared| <= 0.01 pp. */
export function withinTolerance(rtp: Rational, declared: Rational): boolean {
  const gap = sub(rtp, declared);
  const absGap = gap.num < 0n ? rat(-gap.num, gap.den) : gap;
  return cmp(absGap, RTP_TOLERANCE) <= 0;
}

/** Exact RTP as a percentage rounded to `places` decimals, for tables ("98.9999"). */
export function percent(r: Rational, places = 4): string {
  const scale = 10n ** BigInt(places);
  const scaled = r.num * 100n * scale;
  const negative = scaled < 0n;
  const magnitude = negative ? -scaled : scaled;
  const rounded = (magnitude * 2n + r.den) / (2n * r.den);
  const int = rounded / scale;
  const frac = (rounded % scale).toString().padStart(places, "0");
  return `${negative ? "-" : ""}${int}${places > 0 ? `.${frac}` : ""}`;
}
