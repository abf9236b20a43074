/**
 * European roulette: 37 pockets 0-36, pocket = floor(float x 37). Every standard layout bet, paid at standard
 * odds (36 / numbers covered, stake included: straight 36x ... even money 2x). A bet that does not cover zero
 * returns half its stake when zero wins (la partage), for an RTP of 36.5/37 = 98.6486%, the declared 98.65%;
 * a bet that covers zero (straight 0, splits 0-1/0-2/0-3, trios, first four) pays standard odds only: 36/37 = 97.30%.
 */
import { type Rational, rat } from "../../math/rational.ts";

export const POCKETS = 37;

export const BET_KINDS = [
  "straight",
  "split",
  "street",
  "trio",
  "corner",
  "first_four",
  "six_line",
  "column",
  "dozen",
  "red",
  "black",
  "odd",
  "even",
  "low",
  "high",
] as const;
export type BetKind = (typeof BET_KINDS)[number];

/** Kinds named by an index 1-3 rather than by numbers. */
export const INDEXED_KINDS: readonly BetKind[] = ["column", "dozen"];
/** Kinds that need neither numbers nor an index. */
export const NAMED_KINDS: readonly BetKind[] = ["red", "black", "odd", "even", "low", "high"];

export const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export interface LayoutBet {
  kind: BetKind;
  /** Pockets covered, ascending. */
  numbers: readonly number[];
  /** Column or dozen 1-3. */
  index?: number;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function buildLayout(): LayoutBet[] {
  const bets: LayoutBet[] = [];
  const add = (kind: BetKind, numbers: number[], index?: number) =>
    bets.push({ kind, numbers: [...numbers].sort((a, b) => a - b), ...(index ? { index } : {}) });
  for (const n of range(0, 36)) add("straight", [n]);
  for (const n of [1, 2, 3]) add("split", [0, n]);
  for (const n of range(1, 36)) {
    if (n % 3 !== 0) add("split", [n, n + 1]);
    if (n <= 33) add("split", [n, n + 3]);
  }
  for (let row = 0; row < 12; row++) add("street", [3 * row + 1, 3 * row + 2, 3 * row + 3]);
  add("trio", [0, 1, 2]);
  add("trio", [0, 2, 3]);
  for (const n of range(1, 32)) if (n % 3 !== 0) add("corner", [n, n + 1, n + 3, n + 4]);
  add("first_four", [0, 1, 2, 3]);
  for (let row = 0; row < 11; row++) add("six_line", range(3 * row + 1, 3 * row + 6));
  for (const c of [1, 2, 3])
    add(
      "column",
      range(1, 36).filter((n) => n % 3 === c % 3),
      c,
    );
  for (const d of [1, 2, 3]) add("dozen", range(12 * d - 11, 12 * d), d);
  add(
    "red",
    range(1, 36).filter((n) => RED.has(n)),
  );
  add(
    "black",
    range(1, 36).filter((n) => !RED.has(n)),
  );
  add(
    "odd",
    range(1, 36).filter((n) => n % 2 === 1),
  );
  add(
    "even",
    range(1, 36).filter((n) => n % 2 === 0),
  );
  add("low", range(1, 18));
  add("high", range(19, 36));
  return bets;
}

/** Every legal bet of the layout (157). */
export const LAYOUT: readonly LayoutBet[] = buildLayout();

export const betKey = (kind: BetKind, numbers: readonly number[]) => `${kind}:${numbers.join("-")}`;
const BY_KEY = new Map(LAYOUT.map((bet) => [betKey(bet.kind, bet.numbers), bet]));

/** The legal bet of this kind covering exactly these numbers, if there is one. */
export const findBet = (kind: BetKind, numbers: readonly number[]): LayoutBet | undefined =>
  BY_KEY.get(
    betKey(
      kind,
      [...numbers].sort((a, b) => a - b),
    ),
  );

export const coversZero = (bet: LayoutBet) => bet.numbers.includes(0);

/** Multiplier (stake included) of a bet when `pocket` wins. */
export function multiplierFor(bet: LayoutBet, pocket: number): Rational {
  if (bet.numbers.includes(pocket)) return rat(36, bet.numbers.length);
  if (pocket === 0) return rat(1, 2);
  return rat(0);
}
