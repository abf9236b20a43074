/**
 * Cases: the player opens a case of a chosen difficulty and it reveals one item, a multiplier. Each
 * difficulty holds items with weights out of 10,000 (so a weight is a probability in hundredths of a percent);
 * sum of weight x multiplier = RTP x 10,000 exactly for every difficulty and RTP. The higher the difficulty,
 * the rarer a win and the larger the top item. Each RTP moves weight between the two lowest items only.
 */
import { dec, eq, type Rational, rat } from "../../math/rational.ts";

export const DIFFICULTIES = ["easy", "medium", "hard", "expert"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const TOTAL_WEIGHT = 10_000;

export interface Item {
  multiplier: Rational;
  weight: number;
}

type Table = readonly (readonly [multiplier: string, weight: number])[];

/** Per RTP (hundredths of a percent) and difficulty: [multiplier, weight] from the lowest item up. */
const CASES: Readonly<Record<number, Readonly<Record<Difficulty, Table>>>> = {
  9900: {
    easy: [
      ["0.2", 2856],
      ["0.7", 1884],
      ["1", 2000],
      ["1.2", 1300],
      ["1.5", 900],
      ["2", 600],
      ["3", 300],
      ["5", 120],
      ["10", 40],
    ],
    medium: [
      ["0", 2694],
      ["0.5", 3400],
      ["1", 1500],
      ["1.5", 1000],
      ["2", 700],
      ["3", 400],
      ["5", 200],
      ["10", 80],
      ["25", 20],
      ["50", 6],
    ],
    hard: [
      ["0", 6596],
      ["1", 2000],
      ["2", 600],
      ["3", 400],
      ["5", 250],
      ["10", 100],
      ["25", 40],
      ["100", 10],
      ["250", 3],
      ["500", 1],
    ],
    expert: [
      ["0", 8408],
      ["2", 1075],
      ["5", 300],
      ["10", 150],
      ["25", 50],
      ["100", 15],
      ["1000", 2],
    ],
  },
  9800: {
    easy: [
      ["0.2", 3056],
      ["0.7", 1684],
      ["1", 2000],
      ["1.2", 1300],
      ["1.5", 900],
      ["2", 600],
      ["3", 300],
      ["5", 120],
      ["10", 40],
    ],
    medium: [
      ["0", 2894],
      ["0.5", 3200],
      ["1", 1500],
      ["1.5", 1000],
      ["2", 700],
      ["3", 400],
      ["5", 200],
      ["10", 80],
      ["25", 20],
      ["50", 6],
    ],
    hard: [
      ["0", 6696],
      ["1", 1900],
      ["2", 600],
      ["3", 400],
      ["5", 250],
      ["10", 100],
      ["25", 40],
      ["100", 10],
      ["250", 3],
      ["500", 1],
    ],
    expert: [
      ["0", 8458],
      ["2", 1025],
      ["5", 300],
      ["10", 150],
      ["25", 50],
      ["100", 15],
      ["1000", 2],
    ],
  },
  9700: {
    easy: [
      ["0.2", 3256],
      ["0.7", 1484],
      ["1", 2000],
      ["1.2", 1300],
      ["1.5", 900],
      ["2", 600],
      ["3", 300],
      ["5", 120],
      ["10", 40],
    ],
    medium: [
      ["0", 3094],
      ["0.5", 3000],
      ["1", 1500],
      ["1.5", 1000],
      ["2", 700],
      ["3", 400],
      ["5", 200],
      ["10", 80],
      ["25", 20],
      ["50", 6],
    ],
    hard: [
      ["0", 6796],
      ["1", 1800],
      ["2", 600],
      ["3", 400],
      ["5", 250],
      ["10", 100],
      ["25", 40],
      ["100", 10],
      ["250", 3],
      ["500", 1],
    ],
    expert: [
      ["0", 8508],
      ["2", 975],
      ["5", 300],
      ["10", 150],
      ["25", 50],
      ["100", 15],
      ["1000", 2],
    ],
  },
  9600: {
    easy: [
      ["0.2", 3456],
      ["0.7", 1284],
      ["1", 2000],
      ["1.2", 1300],
      ["1.5", 900],
      ["2", 600],
      ["3", 300],
      ["5", 120],
      ["10", 40],
    ],
    medium: [
      ["0", 3294],
      ["0.5", 2800],
      ["1", 1500],
      ["1.5", 1000],
      ["2", 700],
      ["3", 400],
      ["5", 200],
      ["10", 80],
      ["25", 20],
      ["50", 6],
    ],
    hard: [
      ["0", 6896],
      ["1", 1700],
      ["2", 600],
      ["3", 400],
      ["5", 250],
      ["10", 100],
      ["25", 40],
      ["100", 10],
      ["250", 3],
      ["500", 1],
    ],
    expert: [
      ["0", 8558],
      ["2", 925],
      ["5", 300],
      ["10", 150],
      ["25", 50],
      ["100", 15],
      ["1000", 2],
    ],
  },
};

/** The items of a difficulty at a declared RTP, lowest first, or undefined when cases is not offered at it. */
export function itemsOf(rtp: Rational, difficulty: Difficulty): Item[] | undefined {
  for (const [basisPoints, tables] of Object.entries(CASES)) {
    if (eq(rat(BigInt(basisPoints), 10_000n), rtp)) {
      return tables[difficulty].map(([multiplier, weight]) => ({ multiplier: dec(multiplier), weight }));
    }
  }
  return undefined;
}

/** The item a ticket in [0, 10000) opens: the first whose cumulative weight exceeds the ticket. */
export function itemAt(items: readonly Item[], ticket: number): number {
  let cumulative = 0;
  for (let i = 0; i < items.length; i++) {
    cumulative += (items[i] as Item).weight;
    if (ticket < cumulative) return i;
  }
  throw new RangeError(`ticket ${ticket} is beyond the case's ${cumulative} weight`);
}
