/**
 * Mines params, shared with Mines Mania: {mines}, and in Mines' instant mode {mines, tiles} (the tiles to reveal
 * in the bet itself); and the ladder a board of m mines climbs.
 */
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
  /** Instant mode: the tiles picked so far, in the order they are revealed (empty until the first pick). */
  tiles?: number[];
}

export const DEFAULT_MINES: MinesChoice = { mines: 3 };

export const defaultParams = (_gameCode: string): MinesChoice => ({ ...DEFAULT_MINES });

export const MINE_COUNTS: readonly number[] = Array.from(
  { length: MAX_MINES - MIN_MINES + 1 },
  (_, i) => MIN_MINES + i,
);

const isTile = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 25;

export function readMines(params: unknown): MinesChoice {
  const read = params as { mines?: unknown; tiles?: unknown } | null;
  const mines =
    typeof read?.mines === "number" && MINE_COUNTS.includes(read.mines) ? read.mines : DEFAULT_MINES.mines;
  if (!Array.isArray(read?.tiles)) return { mines };
  // At most one pick per gem the board holds: more could never all be safe.
  const tiles = [...new Set(read.tiles.filter(isTile))].slice(0, safeTiles(mines));
  return { mines, tiles };
}

/** The choice with `tile` picked, or unpicked when it was; a pick beyond the board's gems is ignored. */
export function togglePick(choice: MinesChoice, tile: number): MinesChoice {
  const tiles = choice.tiles ?? [];
  if (tiles.includes(tile)) return { mines: choice.mines, tiles: tiles.filter((t) => t !== tile) };
  if (tiles.length >= safeTiles(choice.mines)) return choice;
  return { mines: choice.mines, tiles: [...tiles, tile] };
}

/** Instant rounds resolve in the bet: autobet plays them. */
export const resolvesAtOnce = (params: unknown): boolean => readMines(params).tiles !== undefined;

export const missingChoice = (params: unknown): string | undefined =>
  readMines(params).tiles?.length === 0 ? "games.mines.pickTiles" : undefined;

/** Rung k (1 to 25 - m): the multiplier after k safe tiles and the chance of reaching it from the start. */
export function minesLadder(rtp: Rational, mines: number): { multiplier: string; chance: string }[] {
  return Array.from({ length: safeTiles(mines) }, (_, i) => ({
    multiplier: toFixedDown(multiplierAt(rtp, mines, i + 1), 4),
    chance: percentOf(toFraction(probabilityAllSafe(mines, i + 1))),
  }));
}
