/**
 * Towers params: {difficulty}, and in instant mode {difficulty, picks} (a tile per row from the bottom, played in
 * the bet itself); and the ladder of a difficulty: one rung per row climbed.
 */
import {
  DIFFICULTIES,
  DIFFICULTY_NAMES,
  type Difficulty,
  multiplierAt,
  ROWS,
  rowSafeChance,
} from "@rgs/games/games/towers/ladder";
import { type Rational, rat, toFixedDown, toFraction } from "@rgs/games/math/rational";
import { percentOf } from "../cashout/round.ts";

export interface TowersChoice {
  difficulty: Difficulty;
  /** Instant mode: the tile picked in each row from the bottom (empty until the first pick). */
  picks?: number[];
}

export const defaultParams = (_gameCode: string): TowersChoice => ({ difficulty: "easy" });

export function readTowers(params: unknown): TowersChoice {
  const read = params as { difficulty?: unknown; picks?: unknown } | null;
  const difficulty = DIFFICULTY_NAMES.find((d) => d === read?.difficulty) ?? "easy";
  if (!Array.isArray(read?.picks)) return { difficulty };
  return { difficulty, picks: validPicks(difficulty, read.picks) };
}

/** The picks up to the first that is not a tile of `difficulty` (a row narrower than before ends them there). */
export function validPicks(difficulty: Difficulty, picks: readonly unknown[]): number[] {
  const { tiles } = DIFFICULTIES[difficulty];
  const end = picks.findIndex((p) => typeof p !== "number" || !Number.isInteger(p) || p < 0 || p >= tiles);
  return (end === -1 ? picks : picks.slice(0, end)).slice(0, ROWS) as number[];
}

/**
 * The choice after a click on `tile` of `row`: the next row takes a pick, a picked row changes it, and clicking
 * the pick again unpicks it with every row above. Rows above the next one wait.
 */
export function togglePick(choice: TowersChoice, row: number, tile: number): TowersChoice {
  const picks = choice.picks ?? [];
  if (row > picks.length || row >= ROWS) return choice;
  const next =
    picks[row] === tile ? picks.slice(0, row) : [...picks.slice(0, row), tile, ...picks.slice(row + 1)];
  return { difficulty: choice.difficulty, picks: next };
}

/** Instant rounds resolve in the bet: autobet plays them. */
export const resolvesAtOnce = (params: unknown): boolean => readTowers(params).picks !== undefined;

export const missingChoice = (params: unknown): string | undefined =>
  readTowers(params).picks?.length === 0 ? "games.towers.pickTiles" : undefined;

export const DIFFICULTY_KEYS: Record<Difficulty, string> = {
  easy: "games.towers.difficulty.easy",
  medium: "games.towers.difficulty.medium",
  hard: "games.towers.difficulty.hard",
  expert: "games.towers.difficulty.expert",
  master: "games.towers.difficulty.master",
};

/** Row r (1 to 9): the multiplier after r rows and the chance of climbing that far. */
export function towersLadder(
  rtp: Rational,
  difficulty: Difficulty,
): { multiplier: string; chance: string }[] {
  const p = rowSafeChance(difficulty);
  let chance = rat(1);
  return Array.from({ length: ROWS }, (_, i) => {
    chance = rat(chance.num * p.num, chance.den * p.den);
    return {
      multiplier: toFixedDown(multiplierAt(rtp, difficulty, i + 1), 4),
      chance: percentOf(toFraction(chance)),
    };
  });
}

export { DIFFICULTIES, DIFFICULTY_NAMES, ROWS };
