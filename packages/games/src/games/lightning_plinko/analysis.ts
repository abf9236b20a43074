/**
 * Exact RTP of Lightning Plinko, by enumeration: bucket k (probability C(rows, k) / 2^rows) times the
 * 256 equally likely lightning values of that bucket (a power-of-two range, exact over the 2^32 lattice).
 * The other buckets' lightning does not change what the ball pays.
 */
import { type ConfigurationReport, reportFromOutcomes, type WeightedOutcome } from "../../analysis/report.ts";
import { mul, ONE, type Rational, rat } from "../../math/rational.ts";
import { bucketProbabilities, plinkoConfigurations } from "../plinko/analysis.ts";
import { baseTable } from "./game.ts";
import { BOOSTS, LIGHTNING_RANGE } from "./paytable.ts";

export function analyze(rtp: Rational): ConfigurationReport[] {
  const struck = BOOSTS.reduce((n, { values }) => n + values, 0);
  const lightning = [
    ...BOOSTS.map(({ boost, values }) => ({ boost, probability: rat(values, LIGHTNING_RANGE) })),
    { boost: ONE, probability: rat(LIGHTNING_RANGE - struck, LIGHTNING_RANGE) },
  ];
  return plinkoConfigurations().map(({ rows, risk }) => {
    const table = baseTable({ rows, risk }, rtp);
    const probabilities = bucketProbabilities(rows);
    const outcomes: WeightedOutcome[] = table.flatMap((base, k) =>
      lightning.map(({ boost, probability }) => ({
        multiplier: mul(base, boost),
        probability: mul(probabilities[k] as Rational, probability),
      })),
    );
    return reportFromOutcomes(`rows=${rows} risk=${risk}`, outcomes);
  });
}
