/**
 * Exact RTP of Chicken Crossing. In the declared model the value RTP / P(reached) is a martingale, so every
 * strategy returns RTP. On the 2^32 lattice a lane is crossed with probability s = (2^32 - W) / 2^32, where W
 * counts the words of the car outcomes; the only thing a player learns is whether lanes were crossed, so every
 * strategy is a (possibly random) choice of the lane to stop at, and its exact RTP lies between the smallest and
 * largest over k of multiplier(k) x s^k. Those are what the report and the tests check.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { firstWordOf, LATTICE_SIZE } from "../../fair/lattice.ts";
import { cmp, mul, ONE, type Rational, rat, sub, ZERO } from "../../math/rational.ts";
import {
  CARS,
  DIFFICULTIES,
  type Difficulty,
  LANES,
  multiplierAfter,
  OUTCOMES_PER_LANE,
} from "./paytable.ts";

/** Exact probability that a lane is crossed, over the 2^32 lattice. */
export const latticeLaneSafety = (difficulty: Difficulty): Rational =>
  rat(LATTICE_SIZE - firstWordOf(OUTCOMES_PER_LANE, CARS[difficulty]), LATTICE_SIZE);

export const latticeProbabilityOfLanes = (lanes: number, difficulty: Difficulty): Rational => {
  const s = latticeLaneSafety(difficulty);
  return rat(s.num ** BigInt(lanes), s.den ** BigInt(lanes));
};

/** Exact RTP of "cash out after `lanes` lanes" over the lattice. */
export const stopAtRtp = (lanes: number, difficulty: Difficulty, rtp: Rational): Rational =>
  mul(multiplierAfter(lanes, difficulty, rtp), latticeProbabilityOfLanes(lanes, difficulty));

export function reportForStop(lanes: number, difficulty: Difficulty, rtp: Rational): ConfigurationReport {
  const p = latticeProbabilityOfLanes(lanes, difficulty);
  return reportFromOutcomes(
    `difficulty=${difficulty} (cash out after ${lanes} lane${lanes > 1 ? "s" : ""})`,
    [
      { probability: p, multiplier: multiplierAfter(lanes, difficulty, rtp) },
      { probability: sub(ONE, p), multiplier: ZERO },
    ],
  );
}

/** The lowest and highest exact RTP over every stopping lane of a difficulty. */
export function rtpRange(difficulty: Difficulty, rtp: Rational): { lowest: Rational; highest: Rational } {
  let lowest = stopAtRtp(1, difficulty, rtp);
  let highest = lowest;
  for (let k = 2; k <= LANES; k++) {
    const value = stopAtRtp(k, difficulty, rtp);
    if (cmp(value, lowest) < 0) lowest = value;
    if (cmp(value, highest) > 0) highest = value;
  }
  return { lowest, highest };
}

/** Per difficulty: "cash out after the first lane" (its max multiplier is the top of the ladder). */
export function analyze(rtp: Rational): ConfigurationReport[] {
  return DIFFICULTIES.map((difficulty) => ({
    ...reportForStop(1, difficulty, rtp),
    maxMultiplier: multiplierAfter(LANES, difficulty, rtp),
  }));
}
