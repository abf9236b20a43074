/**
 * A game code's catalog figures, exact from its RTP report: the maximum multiplier, the volatility (standard
 * deviation of the return per unit stake) and the hit frequency, each as the range over every configuration the
 * report lists (`npm run rtp`), which covers the player-selectable ones. Computing them takes seconds, so they are
 * generated once (`npm run catalog:metrics`) into `metrics.generated.ts` and served from there.
 */
import type { GameInfo } from "@rgs/protocol/catalog";
import { type ConfigurationReport, percent, volatility } from "../analysis/report.ts";
import { cmp, type Rational, rtpFromBasisPoints, toFixedDown } from "../math/rational.ts";
import { ANALYSES } from "../registry.ts";

/** A range of decimal strings, smallest and largest over the configurations. */
export interface Range {
  min: string;
  max: string;
}

export interface CodeMetrics {
  /** Multiplier of the largest payout, stake included, 4 decimals rounded down. */
  maxMultiplier: Range;
  /** Standard deviation of the return per unit stake, 4 decimals. */
  volatility: Range;
  /** Percentage of rounds that pay anything, 4 decimals. */
  hitFrequency: Range;
  /** How many configurations the ranges span. */
  configurations: number;
}

function exactRange(reports: ConfigurationReport[], pick: (r: ConfigurationReport) => Rational) {
  const values = reports.map(pick).sort(cmp);
  return { min: values[0] as Rational, max: values[values.length - 1] as Rational };
}

export function metricsOf(info: GameInfo): CodeMetrics | undefined {
  const analyze = ANALYSES[info.slug];
  if (!analyze) return undefined;
  const reports = analyze(rtpFromBasisPoints(info.rtpBasisPoints));
  if (reports.length === 0) return undefined;
  const multiplier = exactRange(reports, (r) => r.maxMultiplier);
  const hits = exactRange(reports, (r) => r.hitFrequency);
  const spread = reports.map(volatility).sort((a, b) => a - b);
  return {
    maxMultiplier: { min: toFixedDown(multiplier.min, 4), max: toFixedDown(multiplier.max, 4) },
    volatility: {
      min: (spread[0] as number).toFixed(4),
      max: (spread[spread.length - 1] as number).toFixed(4),
    },
    hitFrequency: { min: percent(hits.min, 4), max: percent(hits.max, 4) },
    configurations: reports.length,
  };
}
