/** Cases params ({difficulty}) and the items the games package lists for them. */

import { percent } from "@rgs/games/analysis/report";
import { DIFFICULTIES, type Difficulty, itemsOf, TOTAL_WEIGHT } from "@rgs/games/games/cases/paytable";
import { type Rational, rat, toFixedDown } from "@rgs/games/math/rational";

export const DEFAULT_DIFFICULTY: Difficulty = "medium";

export const defaultParams = (_gameCode: string) => ({ difficulty: DEFAULT_DIFFICULTY });

export const readDifficulty = (params: unknown): Difficulty =>
  DIFFICULTIES.find((d) => d === (params as { difficulty?: unknown } | null)?.difficulty) ??
  DEFAULT_DIFFICULTY;

export interface ShownItem {
  multiplier: string;
  weight: number;
}

/** The case's items lowest first, as the round's view writes them (2 decimals). */
export function caseItems(rtp: Rational, difficulty: Difficulty): ShownItem[] | undefined {
  return itemsOf(rtp, difficulty)?.map((item) => ({
    multiplier: toFixedDown(item.multiplier, 2),
    weight: item.weight,
  }));
}

/** An item's chance: its weight out of 10,000, as a percent. */
export const itemChance = (weight: number): string => percent(rat(weight, TOTAL_WEIGHT), 2);

export const DIFFICULTY_KEYS: Record<Difficulty, string> = {
  easy: "games.cases.difficulty.easy",
  medium: "games.cases.difficulty.medium",
  hard: "games.cases.difficulty.hard",
  expert: "games.cases.difficulty.expert",
};
