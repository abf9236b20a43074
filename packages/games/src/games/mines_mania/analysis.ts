/**
 * Exact Mines Mania RTP per mine count over the ideal draw of the mines (the lattice moves it by a factor of at most
 * (1 + 25/2^32)^24 - 1, about 1.4e-7, as in Mines). Every strategy returns the RTP; two are reported for their spread:
 * one tile then cash out, and one whole row then cash out.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { ONE, type Rational, sub, ZERO } from "../../math/rational.ts";
import {
  GRID_SIZE,
  MAX_MINES,
  MIN_MINES,
  multiplierAt,
  probabilityAllSafe,
  safeTiles,
  topMultiplier,
} from "./ladder.ts";

export function reportFor(rtp: Rational, mines: number, tiles: number): ConfigurationReport {
  const p = probabilityAllSafe(mines, tiles);
  const label = tiles === 1 ? "1 tile" : "1 row";
  const report = reportFromOutcomes(`mines=${mines} (reveal ${label}, then cash out)`, [
    { probability: p, multiplier: multiplierAt(rtp, mines, tiles) },
    { probability: sub(ONE, p), multiplier: ZERO },
  ]);
  return { ...report, maxMultiplier: topMultiplier(rtp, mines) };
}

export function analyze(rtp: Rational): ConfigurationReport[] {
  return Array.from({ length: MAX_MINES - MIN_MINES + 1 }, (_, i) => MIN_MINES + i).flatMap((mines) => [
    reportFor(rtp, mines, 1),
    ...(safeTiles(mines) >= GRID_SIZE ? [reportFor(rtp, mines, GRID_SIZE)] : []),
  ]);
}
