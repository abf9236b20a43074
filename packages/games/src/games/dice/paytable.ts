/**
 * Dice: a roll of 00.00-99.99 (10,000 equally likely outcomes up to the random lattice), over or under a
 * target. The multiplier is RTP x 10000 / (winning outcomes), held exactly; only the payout is rounded.
 */
import { div, mul, type Rational, rat } from "../../math/rational.ts";

export const OUTCOMES = 10_000;
/** Win chance between 0.01% and 98.00%: 1 to 9,800 winning outcomes of 10,000. */
export const MIN_WINNING_OUTCOMES = 1;
export const MAX_WINNING_OUTCOMES = 9_800;

export type Condition = "over" | "under";

/** Target in hundredths (5050 is 50.50). "under t" wins on rolls below t, "over t" on rolls above t. */
export const winningOutcomes = (condition: Condition, target: number): number =>
  condition === "under" ? target : OUTCOMES - 1 - target;

export const wins = (condition: Condition, target: number, roll: number): boolean =>
  condition === "under" ? roll < target : roll > target;

/** The targets allowed for a condition, inclusive, in hundredths: under 0.01-98.00, over 1.99-99.98. */
export function targetRange(condition: Condition): { min: number; max: number } {
  return condition === "under"
    ? { min: MIN_WINNING_OUTCOMES, max: MAX_WINNING_OUTCOMES }
    : { min: OUTCOMES - 1 - MAX_WINNING_OUTCOMES, max: OUTCOMES - 1 - MIN_WINNING_OUTCOMES };
}

export const multiplierFor = (condition: Condition, target: number, rtp: Rational): Rational =>
  div(mul(rtp, rat(OUTCOMES)), rat(winningOutcomes(condition, target)));
