/** Towers params ({difficulty}) and the ladder of a difficulty: one rung per row climbed. */
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
}

export const defaultParams = (_gameCode: string): TowersChoice => ({ difficulty: "easy" });

export function readTowers(params: unknown): TowersChoice {
  const difficulty = (params as { difficulty?: unknown } | null)?.difficulty;
  return { difficulty: DIFFICULTY_NAMES.find((d) => d === difficulty) ?? "easy" };
}

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
