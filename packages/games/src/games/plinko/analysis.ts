/**
 * Exact RTP of every Plinko configuration: bucket k has probability C(rows, k) / 2^rows (each row's
 * floor(float x 2) splits the 2^32 lattice exactly in half), and pays the table's multiplier.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { type Rational, rat } from "../../math/rational.ts";
import { RISKS, type Risk } from "../risk.ts";
import { binomial } from "./drop.ts";
import { plinkoTable } from "./game.ts";
import { MAX_ROWS, MIN_ROWS } from "./paytable.ts";

export interface PlinkoConfiguration {
  rows: number;
  risk: Risk;
}

export function plinkoConfigurations(): PlinkoConfiguration[] {
  const configurations: PlinkoConfiguration[] = [];
  for (const risk of RISKS) {
    for (let rows = MIN_ROWS; rows <= MAX_ROWS; rows++) configurations.push({ rows, risk });
  }
  return configurations;
}

/** Probability of each bucket: C(rows, k) / 2^rows. */
export const bucketProbabilities = (rows: number): Rational[] =>
  Array.from({ length: rows + 1 }, (_, k) => rat(binomial(rows, k), 2n ** BigInt(rows)));

export function analyze(rtp: Rational): ConfigurationReport[] {
  return plinkoConfigurations().map(({ rows, risk }) => {
    const table = plinkoTable({ rows, risk }, rtp);
    const probabilities = bucketProbabilities(rows);
    return reportFromOutcomes(
      `rows=${rows} risk=${risk}`,
      table.map((multiplier, k) => ({ multiplier, probability: probabilities[k] as Rational })),
    );
  });
}
