/**
 * Chicken Crossing: the chicken crosses a road of 24 lanes, one lane per step. Each lane is deadly with a
 * probability set by the difficulty (a car in `cars` of 25 equally likely lane draws), independently of the others.
 * The cash-out value after k lanes is RTP / P(k lanes crossed) = RTP x (25 / (25 - cars))^k.
 *
 * Lane i reads word i of the round at start: a car is on it when floor(float x 25) < cars. On the 2^32 lattice the
 * low outcomes hold the extra words (171,798,692 against 171,798,691), so a lane is deadly slightly more often
 * than cars/25: the exact RTP, counted in analysis.ts, is a hair below the declared one, never above.
 */
import { div, type Rational, rat } from "../../math/rational.ts";

export const LANES = 24;
export const OUTCOMES_PER_LANE = 25;

export const DIFFICULTIES = ["easy", "medium", "hard", "daredevil"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Outcomes of 25 that put a car on a lane. */
export const CARS: Record<Difficulty, number> = { easy: 1, medium: 3, hard: 5, daredevil: 10 };

export const isDifficulty = (value: unknown): value is Difficulty =>
  typeof value === "string" && (DIFFICULTIES as readonly string[]).includes(value);

/** P(one lane is crossed) in the declared model: (25 - cars) / 25. */
export const laneSafety = (difficulty: Difficulty): Rational =>
  rat(OUTCOMES_PER_LANE - CARS[difficulty], OUTCOMES_PER_LANE);

/** Cash-out value after `lanes` lanes: RTP / safety^lanes. */
export function multiplierAfter(lanes: number, difficulty: Difficulty, rtp: Rational): Rational {
  if (!Number.isInteger(lanes) || lanes < 0 || lanes > LANES) throw new RangeError(`bad lane count ${lanes}`);
  const safety = laneSafety(difficulty);
  return div(rtp, rat(safety.num ** BigInt(lanes), safety.den ** BigInt(lanes)));
}

export const probabilityOfLanes = (lanes: number, difficulty: Difficulty): Rational => {
  const safety = laneSafety(difficulty);
  return rat(safety.num ** BigInt(lanes), safety.den ** BigInt(lanes));
};

export const hasCar = (outcome: number, difficulty: Difficulty): boolean => outcome < CARS[difficulty];
