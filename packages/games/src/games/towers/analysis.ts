/**
 * Exact towers RTP on the 2^32 lattice. A row's traps are a cut-short shuffle of its tiles; with 3 tiles left a draw
 * floor(float x 3) gives some tiles one word more than others, so each tile's chance of being safe is counted exactly
 * over every draw sequence (at most 4 x 3 x 2 of them). Rows use separate words, so they are independent and a
 * climb of r rows on one tile has probability P(tile safe)^r.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { latticeProbability } from "../../fair/lattice.ts";
import { add, mul, ONE, type Rational, sub, ZERO } from "../../math/rational.ts";
import {
  DIFFICULTIES,
  DIFFICULTY_NAMES,
  type Difficulty,
  multiplierAt,
  ROWS,
  topMultiplier,
} from "./ladder.ts";

/** P(tile is not a trap) in one row, exactly over the lattice. */
export function latticeSafeChance(difficulty: Difficulty, tile: number): Rational {
  const { tiles, traps } = DIFFICULTIES[difficulty];
  const visit = (left: number[], drawn: number): Rational => {
    if (drawn === traps) return ONE;
    let safe = ZERO;
    left.forEach((item, index) => {
      if (item === tile) return;
      const rest = left.filter((_, i) => i !== index);
      safe = add(safe, mul(latticeProbability(left.length, index), visit(rest, drawn + 1)));
    });
    return safe;
  };
  return visit(
    Array.from({ length: tiles }, (_, i) => i),
    0,
  );
}

const power = (r: Rational, n: number): Rational => {
  let result = ONE;
  for (let i = 0; i < n; i++) result = mul(result, r);
  return result;
};

/** Climb `rows` rows always on `tile`, then cash out (or reach the top). */
export function reportFor(
  rtp: Rational,
  difficulty: Difficulty,
  tile: number,
  rows: number,
): ConfigurationReport {
  const p = power(latticeSafeChance(difficulty, tile), rows);
  const label = rows === 1 ? "cash out after 1 row" : `climb ${rows} rows`;
  const report = reportFromOutcomes(`difficulty=${difficulty} (${label}, tile ${tile})`, [
    { probability: p, multiplier: multiplierAt(rtp, difficulty, rows) },
    { probability: sub(ONE, p), multiplier: ZERO },
  ]);
  return { ...report, maxMultiplier: topMultiplier(rtp, difficulty) };
}

export function analyze(rtp: Rational): ConfigurationReport[] {
  return DIFFICULTY_NAMES.flatMap((difficulty) => [
    ...Array.from({ length: DIFFICULTIES[difficulty].tiles }, (_, tile) =>
      reportFor(rtp, difficulty, tile, 1),
    ),
    reportFor(rtp, difficulty, 0, ROWS),
  ]);
}
