/**
 * Lightning Plinko: Plinko's board, with lightning. Every bucket has its own lightning value
 * v = floor(float x 256): v < 32 strikes the bucket with a boost from BOOSTS, v >= 32 leaves it plain. A ball
 * landing in a struck bucket pays base x boost.
 *
 * The boosts raise the expected multiplier of every bucket by the same factor
 * 1 + sum over v < 32 of (boost(v) - 1) / 256 = 1 + 132/256 = 388/256 = 1.515625,
 * so base tables returning exactly 64% make the game return exactly 64% x 1.515625 = 97%.
 */
import { dec, type Rational, rat } from "../../math/rational.ts";
import { type HalfTables, tablesForRtp } from "../plinko/paytable.ts";

/** Lightning values v = floor(float x 256): how many of the 256 values give each boost. */
export const BOOSTS: readonly { boost: Rational; values: number }[] = [
  { boost: dec("2"), values: 15 },
  { boost: dec("3"), values: 8 },
  { boost: dec("5"), values: 5 },
  { boost: dec("10"), values: 2 },
  { boost: dec("15"), values: 1 },
  { boost: dec("50"), values: 1 },
];

export const LIGHTNING_RANGE = 256;

/** The boost of a lightning value, or undefined when it does not strike. */
export function boostOf(value: number): Rational | undefined {
  let from = 0;
  for (const { boost, values } of BOOSTS) {
    if (value < from + values) return boost;
    from += values;
  }
  return undefined;
}

/** The return of the base tables: the declared RTP divided by the lightning factor 388/256. */
export const BASE_RTP = rat(64, 100);

/** Base tables (before boosts), written edge to centre like Plinko's, each returning exactly 64%. Keyed by the game's RTP. */
const LIGHTNING_TABLES: Readonly<Record<number, HalfTables>> = {
  9700: {
    low: {
      8: ["4", "1.76", "0.9", "0.49", "0.32"],
      9: ["4.3", "2.3", "1.22", "0.68", "0.3"],
      10: ["6", "2.72", "1.46", "0.79", "0.47", "0.28"],
      11: ["6.8", "3.46", "1.86", "1.04", "0.6", "0.3"],
      12: ["8", "3.84", "2.11", "1.23", "0.72", "0.45", "0.29"],
      13: ["8.7", "4.65", "2.6", "1.55", "0.92", "0.57", "0.3"],
      14: ["10", "5.06", "2.93", "1.73", "1.07", "0.67", "0.44", "0.31"],
      15: ["11", "5.99", "3.5", "2.12", "1.35", "0.82", "0.55", "0.31"],
      16: ["12", "6.5", "3.81", "2.36", "1.49", "0.99", "0.65", "0.44", "0.28"],
    },
    medium: {
      8: ["9", "2.5", "0.88", "0.38", "0.2"],
      9: ["12.1", "3.62", "1.35", "0.54", "0.2"],
      10: ["15", "4.61", "1.74", "0.75", "0.36", "0.18"],
      11: ["17.8", "6.16", "2.47", "1.09", "0.49", "0.2"],
      12: ["24", "7.97", "3.1", "1.4", "0.64", "0.34", "0.2"],
      13: ["29.5", "10.5", "4.31", "1.91", "0.91", "0.45", "0.2"],
      14: ["40", "13.54", "5.42", "2.4", "1.16", "0.59", "0.32", "0.2"],
      15: ["55", "18.7", "7.53", "3.36", "1.56", "0.77", "0.42", "0.2"],
      16: ["70", "23.55", "9.38", "4.16", "1.99", "0.99", "0.55", "0.3", "0.2"],
    },
    high: {
      8: ["15", "3.15", "0.83", "0.28", "0.08"],
      9: ["22", "4.96", "1.37", "0.42", "0.1"],
      10: ["35", "7.2", "1.96", "0.6", "0.24", "0.08"],
      11: ["55.2", "11.41", "3.02", "0.95", "0.32", "0.1"],
      12: ["80", "16.32", "4.38", "1.38", "0.48", "0.2", "0.1"],
      13: ["120.5", "24.91", "6.7", "2.1", "0.73", "0.28", "0.1"],
      14: ["180", "36.17", "9.59", "2.99", "1.04", "0.41", "0.17", "0.13"],
      15: ["260", "53.79", "14.45", "4.51", "1.57", "0.62", "0.24", "0.1"],
      16: ["400", "79.51", "20.82", "6.39", "2.23", "0.85", "0.37", "0.15", "0.12"],
    },
  },
};

export const lightningTables = (rtp: Rational) => tablesForRtp(LIGHTNING_TABLES, rtp);
