/**
 * Mines: a 5 x 5 grid hiding m mines (1-24). After k safe reveals the round is worth
 * RTP / P(k safe reveals) = RTP x C(25, k) / C(25 - m, k): whatever tiles the player picks and whenever they stop,
 * the expected return is the RTP, the house edge applied once.
 */
import { div, type Rational, rat } from "../../math/rational.ts";

export const TILES = 25;
export const GRID_SIZE = 5;
export const MIN_MINES = 1;
export const MAX_MINES = 24;

export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

export const safeTiles = (mines: number): number => TILES - mines;

/** P(the first k reveals are all safe) = C(25 - m, k) / C(25, k), whichever tiles are revealed. */
export const probabilityAllSafe = (mines: number, revealed: number): Rational =>
  rat(binomial(safeTiles(mines), revealed), binomial(TILES, revealed));

/** P(the next j reveals are all safe, after k safe ones): the chance of one step of the ladder. */
export const probabilityNextSafe = (mines: number, revealed: number, next: number): Rational =>
  rat(binomial(safeTiles(mines) - revealed, next), binomial(TILES - revealed, next));

/** The cash-out multiplier after `revealed` safe reveals (the RTP itself before the first). */
export const multiplierAt = (rtp: Rational, mines: number, revealed: number): Rational =>
  div(rtp, probabilityAllSafe(mines, revealed));

/** The top of the ladder: every safe tile revealed, RTP x C(25, m). */
export const topMultiplier = (rtp: Rational, mines: number): Rational =>
  multiplierAt(rtp, mines, safeTiles(mines));
