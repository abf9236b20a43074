/**
 * Degen Mining: dig down a mine of 10 levels with 4 shafts each. At every level the player digs one shaft and
 * finds what it holds: a collapse ends the round with nothing, an ore multiplies the mine cart by its factor.
 * Each shaft's content is drawn independently, word by word, as floor(float x 64) read against the difficulty's
 * table of 64 outcomes (64 divides 2^32, so each outcome has exactly 2^26 words: no lattice bias).
 *
 * The cash-out value is RTP x (product of the factors found). Every table has sum(weight x factor) = 64, so a dig
 * multiplies the expected value by exactly 1: the value is a martingale and every strategy returns RTP.
 */
import { dec, mul, ONE, type Rational, rat } from "../../math/rational.ts";

export const LEVELS = 10;
export const SHAFTS = 4;
export const OUTCOMES = 64;

export const DIFFICULTIES = ["easy", "medium", "hard", "degen"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const ORES = ["coal", "silver", "gold", "diamond"] as const;
export type Ore = (typeof ORES)[number];
export type Tile = "collapse" | Ore;

export interface DifficultyTable {
  /** Outcomes of 64 that collapse the shaft. */
  collapse: number;
  ores: Record<Ore, { weight: number; factor: Rational }>;
}

const table = (collapse: number, ores: [weight: number, factor: string][]): DifficultyTable => {
  const [coal, silver, gold, diamond] = ores.map(([weight, factor]) => ({ weight, factor: dec(factor) }));
  if (!coal || !silver || !gold || !diamond) throw new RangeError("a table lists four ores");
  return { collapse, ores: { coal, silver, gold, diamond } };
};

export const TABLES: Record<Difficulty, DifficultyTable> = {
  easy: table(4, [
    [40, "1.02"],
    [14, "1.10"],
    [5, "1.20"],
    [1, "1.80"],
  ]),
  medium: table(12, [
    [30, "1.05"],
    [14, "1.30"],
    [6, "1.60"],
    [2, "2.35"],
  ]),
  hard: table(24, [
    [24, "1.20"],
    [10, "1.80"],
    [4, "2.50"],
    [2, "3.60"],
  ]),
  degen: table(40, [
    [14, "2"],
    [6, "3"],
    [3, "4"],
    [1, "6"],
  ]),
};

export const isDifficulty = (value: unknown): value is Difficulty =>
  typeof value === "string" && (DIFFICULTIES as readonly string[]).includes(value);

/** The tile of outcome o = floor(float x 64): collapse first, then the ores in table order. */
export function tileOf(outcome: number, difficulty: Difficulty): Tile {
  if (!Number.isInteger(outcome) || outcome < 0 || outcome >= OUTCOMES)
    throw new RangeError(`bad outcome ${outcome}`);
  const { collapse, ores } = TABLES[difficulty];
  let upTo = collapse;
  if (outcome < upTo) return "collapse";
  for (const ore of ORES) {
    upTo += ores[ore].weight;
    if (outcome < upTo) return ore;
  }
  throw new RangeError(`table ${difficulty} does not cover outcome ${outcome}`);
}

export const probabilityOf = (tile: Tile, difficulty: Difficulty): Rational => {
  const t = TABLES[difficulty];
  return rat(tile === "collapse" ? t.collapse : t.ores[tile].weight, OUTCOMES);
};

export const factorOf = (ore: Ore, difficulty: Difficulty): Rational => TABLES[difficulty].ores[ore].factor;

export const maxFactor = (difficulty: Difficulty): Rational => factorOf("diamond", difficulty);

/** Cash-out value of a cart: RTP x the product of the ores' factors (RTP itself for an empty cart). */
export function multiplierOf(ores: readonly Ore[], difficulty: Difficulty, rtp: Rational): Rational {
  let cart = ONE;
  for (const ore of ores) cart = mul(cart, factorOf(ore, difficulty));
  return mul(rtp, cart);
}

/** The top of the mine: ten diamonds. */
export const maxMultiplier = (difficulty: Difficulty, rtp: Rational): Rational =>
  multiplierOf(new Array<Ore>(LEVELS).fill("diamond"), difficulty, rtp);
