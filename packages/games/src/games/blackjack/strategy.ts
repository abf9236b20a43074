/**
 * The basic strategy of a rule set, derived from the exact decision values (optimal.ts): on an infinite deck it
 * depends only on the hand's total, softness and pair, and the dealer's upcard, so it is optimal play itself.
 *
 * Codes, as the published table writes them: H hit, S stand, D double (hit when doubling is not allowed),
 * Ds double (stand when doubling is not allowed), P split, R surrender (hit when not allowed).
 */
import { VALUES } from "./cards.ts";
import { type UpcardPlay, upcardPlay } from "./optimal.ts";
import { type BlackjackRules, doubleAllowed } from "./rules.ts";

export type StrategyCode = "H" | "S" | "D" | "Ds" | "P" | "R";

/** Upcards in table order: 2-10, then ace (value 1). */
export const UPCARDS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1] as const;

export interface StrategyTable {
  /** hard[total][upcard index]: hard totals 4-21. */
  hard: Record<number, StrategyCode[]>;
  /** soft totals 12-21. */
  soft: Record<number, StrategyCode[]>;
  /** pairs by card value 1 (aces) to 10: P where splitting is best, else the total's code. */
  pairs: Record<number, StrategyCode[]>;
}

function codeFor(play: UpcardPlay, rules: BlackjackRules, hard: number, ace: boolean): StrategyCode {
  const total = ace && hard + 10 <= 21 ? hard + 10 : hard;
  const soft = ace && hard + 10 <= 21;
  const later = play.playOn(hard, ace).decision;
  if (!doubleAllowed(rules, total, soft) && !rules.lateSurrender) return later === "hit" ? "H" : "S";
  const first = play.twoCards(hard, ace, true, true).decision;
  if (first === "double") return later === "hit" ? "D" : "Ds";
  if (first === "surrender") return "R";
  return later === "hit" ? "H" : "S";
}

const tableCache = new WeakMap<BlackjackRules, StrategyTable>();

export function strategyTable(rules: BlackjackRules): StrategyTable {
  const cached = tableCache.get(rules);
  if (cached) return cached;
  const plays = UPCARDS.map((up) => upcardPlay(rules, up));
  const hard: StrategyTable["hard"] = {};
  const soft: StrategyTable["soft"] = {};
  const pairs: StrategyTable["pairs"] = {};
  for (let total = 4; total <= 21; total++) hard[total] = plays.map((p) => codeFor(p, rules, total, false));
  for (let total = 12; total <= 21; total++)
    soft[total] = plays.map((p) => codeFor(p, rules, total - 10, true));
  for (const v of VALUES) {
    pairs[v] = plays.map((p) => (p.pair(v).split ? "P" : codeFor(p, rules, 2 * v, v === 1)));
  }
  const table = { hard, soft, pairs };
  tableCache.set(rules, table);
  return table;
}

export interface HandSituation {
  /** Values of the hand's cards (ace 1). */
  values: readonly number[];
  /** The dealer's upcard value (ace 1). */
  up: number;
  canDouble: boolean;
  canSplit: boolean;
  canSurrender: boolean;
}

export type StrategyAction = "hit" | "stand" | "double" | "split" | "surrender";

/** What the published table says to do now, among the actions allowed. */
export function strategyAction(rules: BlackjackRules, hand: HandSituation): StrategyAction {
  const table = strategyTable(rules);
  const column = UPCARDS.indexOf(hand.up as (typeof UPCARDS)[number]);
  const hardTotal = hand.values.reduce((a, b) => a + b, 0);
  const ace = hand.values.includes(1);
  const soft = ace && hardTotal + 10 <= 21;
  if (hand.canSplit && hand.values.length === 2 && hand.values[0] === hand.values[1]) {
    if (table.pairs[hand.values[0] as number]?.[column] === "P") return "split";
  }
  const code = soft ? table.soft[hardTotal + 10]?.[column] : table.hard[Math.max(4, hardTotal)]?.[column];
  switch (code) {
    case "D":
      return hand.canDouble ? "double" : "hit";
    case "Ds":
      return hand.canDouble ? "double" : "stand";
    case "R":
      return hand.canSurrender ? "surrender" : "hit";
    case "H":
      return "hit";
    default:
      return "stand";
  }
}
