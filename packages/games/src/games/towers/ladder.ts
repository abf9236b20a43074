/**
 * Towers: climb 9 rows, picking one tile per row; each row hides its traps. After r rows climbed the round is
 * worth RTP / P(r safe picks) = RTP x (tiles / safe tiles)^r, whatever the tiles picked.
 */
import { div, mul, type Rational, rat } from "../../math/rational.ts";

export const ROWS = 9;

export const DIFFICULTIES = {
  easy: { tiles: 4, traps: 1 },
  medium: { tiles: 3, traps: 1 },
  hard: { tiles: 2, traps: 1 },
  expert: { tiles: 3, traps: 2 },
  master: { tiles: 4, traps: 3 },
} as const satisfies Record<string, { tiles: number; traps: number }>;

export type Difficulty = keyof typeof DIFFICULTIES;
export const DIFFICULTY_NAMES = Object.keys(DIFFICULTIES) as Difficulty[];

/** P(a pick in one row is safe). */
export const rowSafeChance = (difficulty: Difficulty): Rational => {
  const { tiles, traps } = DIFFICULTIES[difficulty];
  return rat(tiles - traps, tiles);
};

/** The cash-out multiplier after `rows` rows climbed (the RTP itself before the first). */
export function multiplierAt(rtp: Rational, difficulty: Difficulty, rows: number): Rational {
  const step = div(rat(1), rowSafeChance(difficulty));
  let m = rtp;
  for (let i = 0; i < rows; i++) m = mul(m, step);
  return m;
}

export const topMultiplier = (rtp: Rational, difficulty: Difficulty): Rational =>
  multiplierAt(rtp, difficulty, ROWS);
