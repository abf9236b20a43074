/**
 * Exact RTP of Doctor Pump. In the declared model the ladder RTP / P(k safe) is a martingale, so every strategy
 * returns RTP. Over the 2^32 lattice the pops come from a Fisher-Yates draw whose list of steps stays sorted, so
 * the steps below k sit at indices 0..k-1 while no pop has hit them: draw j misses them exactly when its index,
 * floor(float x (25 - j)), is at least k. Hence P(k safe) = prod_j (2^32 - firstWord(25 - j, k)) / 2^32, exactly.
 * A player learns only whether each pump survived, so every strategy is a choice of the pump to stop at, and its
 * exact RTP lies between the extremes over k of multiplier(k) x P(k safe), which the report and tests check.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { firstWordOf, LATTICE_SIZE } from "../../fair/lattice.ts";
import { cmp, mul, ONE, type Rational, rat, sub, ZERO } from "../../math/rational.ts";
import { DIFFICULTIES, type Difficulty, maxPumps, multiplierAfter, POPS, STEPS } from "./paytable.ts";

export function latticeProbabilityOfPumps(pumps: number, difficulty: Difficulty): Rational {
  let num = 1n;
  let den = 1n;
  for (let j = 0; j < POPS[difficulty]; j++) {
    num *= LATTICE_SIZE - firstWordOf(STEPS - j, pumps);
    den *= LATTICE_SIZE;
  }
  return rat(num, den);
}

export const stopAtRtp = (pumps: number, difficulty: Difficulty, rtp: Rational): Rational =>
  mul(multiplierAfter(pumps, difficulty, rtp), latticeProbabilityOfPumps(pumps, difficulty));

export function rtpRange(difficulty: Difficulty, rtp: Rational): { lowest: Rational; highest: Rational } {
  let lowest = stopAtRtp(1, difficulty, rtp);
  let highest = lowest;
  for (let k = 2; k <= maxPumps(difficulty); k++) {
    const value = stopAtRtp(k, difficulty, rtp);
    if (cmp(value, lowest) < 0) lowest = value;
    if (cmp(value, highest) > 0) highest = value;
  }
  return { lowest, highest };
}

export function reportForStop(pumps: number, difficulty: Difficulty, rtp: Rational): ConfigurationReport {
  const p = latticeProbabilityOfPumps(pumps, difficulty);
  return reportFromOutcomes(
    `difficulty=${difficulty} (cash out after ${pumps} pump${pumps > 1 ? "s" : ""})`,
    [
      { probability: p, multiplier: multiplierAfter(pumps, difficulty, rtp) },
      { probability: sub(ONE, p), multiplier: ZERO },
    ],
  );
}

/** Per difficulty: "cash out after the first pump", with the top of the ladder as its maximum multiplier. */
export function analyze(rtp: Rational): ConfigurationReport[] {
  return DIFFICULTIES.map((difficulty) => ({
    ...reportForStop(1, difficulty, rtp),
    maxMultiplier: multiplierAfter(maxPumps(difficulty), difficulty, rtp),
  }));
}
