/** Mines params ({mines}), shared with Mines Mania, and the ladder a board of m mines climbs. */
import {
  MAX_MINES,
  MIN_MINES,
  multiplierAt,
  probabilityAllSafe,
  safeTiles,
} from "@rgs/games/games/mines/ladder";
import { type Rational, toFixedDown, toFraction } from "@rgs/games/math/rational";
import { percentOf } from "../cashout/round.ts";

export interface MinesChoice {
  mines: number;
}

export const DEFAULT_MINES: MinesChoice = { mines: 3 };

export const defaultParams = (_gameCode: string): MinesChoice => ({ ...DEFAULT_MINES });

export const MINE_COUNTS: readonly number[] = Array.from(
  { length: MAX_MINES - MIN_MINES + 1 },
  (_, i) => MIN_MINES + i,
);

export function readMines(params: unknown): MinesChoice {
  const mines = (params as { mines?: unknown } | null)?.mines;
  return { mines: typeof mines === "number" && MINE_COUNTS.includes(mines) ? mines : DEFAULT_MINES.mines };
}

/** Rung k (1 to 25 - m): the multiplier after k safe tiles and the chance of reaching it from the start. */
export function minesLadder(rtp: Rational, mines: number): { multiplier: string; chance: string }[] {
  return Array.from({ length: safeTiles(mines) }, (_, i) => ({
    multiplier: toFixedDown(multiplierAt(rtp, mines, i + 1), 4),
    chance: percentOf(toFraction(probabilityAllSafe(mines, i + 1))),
  }));
}
