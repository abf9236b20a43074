/**
 * Doctor Pump: a balloon of 25 steps, of which `pops` (by difficulty) burst it. The positions of the pops are
 * drawn without replacement at the start; each pump moves one step up and survives when that step is not a pop.
 * The cash-out value after k pumps is RTP / P(k safe pumps) = RTP x C(25, k) / C(25 - pops, k), the mines
 * ladder with the steps taken in order.
 */
import { div, type Rational, rat } from "../../math/rational.ts";

export const STEPS = 25;

export const DIFFICULTIES = ["easy", "medium", "hard", "expert"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const POPS: Record<Difficulty, number> = { easy: 1, medium: 3, hard: 5, expert: 10 };

export const isDifficulty = (value: unknown): value is Difficulty =>
  typeof value === "string" && (DIFFICULTIES as readonly string[]).includes(value);

/** The most pumps a balloon can take: every safe step. */
export const maxPumps = (difficulty: Difficulty): number => STEPS - POPS[difficulty];

function choose(n: number, k: number): bigint {
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

/** P(the first k steps hold no pop) = C(25 - pops, k) / C(25, k). */
export const probabilityOfPumps = (pumps: number, difficulty: Difficulty): Rational =>
  rat(choose(STEPS - POPS[difficulty], pumps), choose(STEPS, pumps));

export function multiplierAfter(pumps: number, difficulty: Difficulty, rtp: Rational): Rational {
  if (!Number.isInteger(pumps) || pumps < 0 || pumps > maxPumps(difficulty))
    throw new RangeError(`bad pump count ${pumps}`);
  return div(rtp, probabilityOfPumps(pumps, difficulty));
}
