/**
 * The bets of the craps table and what one roll does to each. Multipliers include the stake ("pays 9 to 5"
 * is 14/5). `resolve` is the single source of the rules: the game settles rolls with it and the exact RTP
 * analysis walks the same function over every roll.
 *
 * House rules (docs/games/craps.md): odds at true odds (up to 3x the flat bet on 4 and 10, 4x on 5 and 9,
 * 5x on 6 and 8; lay odds up to 6x), always working; place bets and hardways are off on come-out rolls; a 12
 * on a come-out roll bars the don't pass and don't come bets, which stay up.
 */
import { type Rational, rat } from "../../math/rational.ts";
import { type Dice, isHard, sumOf } from "./dice.ts";

export const BET_KINDS = [
  "pass",
  "dont_pass",
  "come",
  "dont_come",
  "pass_odds",
  "dont_pass_odds",
  "come_odds",
  "dont_come_odds",
  "place",
  "hard",
  "field",
  "any_seven",
  "any_craps",
  "two",
  "three",
  "eleven",
  "twelve",
] as const;
export type BetKind = (typeof BET_KINDS)[number];

export const POINTS = [4, 5, 6, 8, 9, 10] as const;
export const HARD_NUMBERS = [4, 6, 8, 10] as const;
export const isPoint = (n: number) => (POINTS as readonly number[]).includes(n);

/** Bets named by a number chosen by the player. */
export const NUMBERED: readonly BetKind[] = ["come_odds", "dont_come_odds", "place", "hard"];

/** A bet on the table. `number` is the bet's point (pass, come and their odds), its box or its hardway. */
export interface BetSpot {
  kind: BetKind;
  number: number | null;
}

export type RollResult =
  | { result: "win"; multiplier: Rational }
  | { result: "lose" }
  /** The bet is still up (not in action this roll, or its number and seven did not come). */
  | { result: "stay" }
  /** A pass, don't pass, come or don't come bet moves to the point just rolled. */
  | { result: "move"; number: number };

const TRUE_ODDS: Record<number, Rational> = {
  4: rat(3),
  10: rat(3),
  5: rat(5, 2),
  9: rat(5, 2),
  6: rat(11, 5),
  8: rat(11, 5),
};
const LAY_ODDS: Record<number, Rational> = {
  4: rat(3, 2),
  10: rat(3, 2),
  5: rat(5, 3),
  9: rat(5, 3),
  6: rat(11, 6),
  8: rat(11, 6),
};
const PLACE: Record<number, Rational> = {
  4: rat(14, 5),
  10: rat(14, 5),
  5: rat(12, 5),
  9: rat(12, 5),
  6: rat(13, 6),
  8: rat(13, 6),
};
const HARDWAY: Record<number, Rational> = { 4: rat(8), 10: rat(8), 6: rat(10), 8: rat(10) };
/** Field: 2 pays 2 to 1, 12 pays 3 to 1, 3 4 9 10 11 even money. */
const FIELD: Record<number, Rational> = {
  2: rat(3),
  3: rat(2),
  4: rat(2),
  9: rat(2),
  10: rat(2),
  11: rat(2),
  12: rat(4),
};
const PROPOSITION: Record<string, { wins: readonly number[]; multiplier: Rational }> = {
  any_seven: { wins: [7], multiplier: rat(5) },
  any_craps: { wins: [2, 3, 12], multiplier: rat(8) },
  two: { wins: [2], multiplier: rat(31) },
  three: { wins: [3], multiplier: rat(16) },
  eleven: { wins: [11], multiplier: rat(16) },
  twelve: { wins: [12], multiplier: rat(31) },
};

/** Largest multiple of the flat bet the odds may be: 3-4-5x behind the line, 6x laid. */
export const maxOddsMultiple = (kind: BetKind, point: number): bigint =>
  kind === "dont_pass_odds" || kind === "dont_come_odds"
    ? 6n
    : point === 4 || point === 10
      ? 3n
      : point === 5 || point === 9
        ? 4n
        : 5n;

const win = (multiplier: Rational): RollResult => ({ result: "win", multiplier });
const LOSE: RollResult = { result: "lose" };
const STAY: RollResult = { result: "stay" };
const EVEN = rat(2);

/** What one roll does to a bet. `comeOut`: the table has no point before this roll. */
export function resolve(bet: BetSpot, dice: Dice, comeOut: boolean): RollResult {
  const sum = sumOf(dice);
  const n = bet.number;
  switch (bet.kind) {
    case "pass":
    case "come":
      if (n === null) {
        if (sum === 7 || sum === 11) return win(EVEN);
        if (sum === 2 || sum === 3 || sum === 12) return LOSE;
        return { result: "move", number: sum };
      }
      return sum === n ? win(EVEN) : sum === 7 ? LOSE : STAY;
    case "dont_pass":
    case "dont_come":
      if (n === null) {
        if (sum === 2 || sum === 3) return win(EVEN);
        if (sum === 7 || sum === 11) return LOSE;
        if (sum === 12) return STAY;
        return { result: "move", number: sum };
      }
      return sum === 7 ? win(EVEN) : sum === n ? LOSE : STAY;
    case "pass_odds":
    case "come_odds":
      if (n === null) return STAY;
      return sum === n ? win(TRUE_ODDS[n] as Rational) : sum === 7 ? LOSE : STAY;
    case "dont_pass_odds":
    case "dont_come_odds":
      if (n === null) return STAY;
      return sum === 7 ? win(LAY_ODDS[n] as Rational) : sum === n ? LOSE : STAY;
    case "place":
      if (comeOut || n === null) return STAY;
      return sum === n ? win(PLACE[n] as Rational) : sum === 7 ? LOSE : STAY;
    case "hard":
      if (comeOut || n === null) return STAY;
      if (sum === 7) return LOSE;
      if (sum !== n) return STAY;
      return isHard(dice) ? win(HARDWAY[n] as Rational) : LOSE;
    case "field":
      return FIELD[sum] ? win(FIELD[sum]) : LOSE;
    default: {
      const prop = PROPOSITION[bet.kind] as { wins: readonly number[]; multiplier: Rational };
      return prop.wins.includes(sum) ? win(prop.multiplier) : LOSE;
    }
  }
}

/** The flat bet a given odds bet backs. */
export const flatOf = (kind: BetKind): BetKind | undefined =>
  ({ pass_odds: "pass", dont_pass_odds: "dont_pass", come_odds: "come", dont_come_odds: "dont_come" })[
    kind as string
  ] as BetKind | undefined;

export const isOdds = (kind: BetKind) => flatOf(kind) !== undefined;

/**
 * Whether a player may take a bet down: everything except a pass or come bet that has a point (a contract bet).
 * Taking down a don't bet with a point is allowed, as at a real table, though it gives up the bet's edge.
 */
export const canTakeDown = (bet: BetSpot) =>
  !((bet.kind === "pass" || bet.kind === "come") && bet.number !== null);

/**
 * Whether a bet is worth more than its stake to the player once it has a point: the flat bets of either side.
 * The abandon rule rolls these on instead of returning them.
 */
export const rolledOnWhenAbandoned = (bet: BetSpot) =>
  (bet.kind === "pass" || bet.kind === "come" || bet.kind === "dont_pass" || bet.kind === "dont_come") &&
  bet.number !== null;

export const betKey = (bet: BetSpot) => (bet.number === null ? bet.kind : `${bet.kind}_${bet.number}`);
