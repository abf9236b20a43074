/**
 * War params: `{main, tie?, coloured_tie?}`, decimal strings of the session currency, exactly as the server takes
 * them; the stake is their sum.
 */
import { decimalOf, defaultStake, minorOf, totalOf } from "../shared/money.ts";
import type { ViewContext } from "../types.ts";

export const WAR_BETS = ["main", "tie", "coloured_tie"] as const;
export type WarBet = (typeof WAR_BETS)[number];
export type WarBets = Partial<Record<WarBet, string>>;

/** A first hand: the main bet only, one unit of the currency within the session's limits. */
export const defaultParams = (_gameCode: string, context: ViewContext): WarBets => ({
  main: decimalOf(defaultStake(context), context.decimals),
});

export function readBets(params: unknown): WarBets {
  const read: WarBets = {};
  if (typeof params !== "object" || params === null) return read;
  for (const bet of WAR_BETS) {
    const amount = (params as Record<string, unknown>)[bet];
    if (typeof amount === "string") read[bet] = amount;
  }
  return read;
}

export const addChip = (bets: WarBets, bet: WarBet, chip: bigint, decimals: number): WarBets => ({
  ...bets,
  [bet]: decimalOf((minorOf(bets[bet], decimals) ?? 0n) + chip, decimals),
});

export function clearBet(bets: WarBets, bet: WarBet): WarBets {
  const { [bet]: _cleared, ...rest } = bets;
  return rest;
}

/** The stake of these params, or undefined without a valid main bet. */
export function stakeFromParams(params: unknown, decimals: number): bigint | undefined {
  const bets = readBets(params);
  const amounts = Object.values(bets);
  if (minorOf(bets.main, decimals) === undefined || amounts.some((a) => minorOf(a, decimals) === undefined))
    return undefined;
  return totalOf(amounts, decimals);
}

/** Cards 0-415: rank (0 ace ... 12 king) and suit of card c mod 52, as the games package deals them. */
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["♠", "♥", "♦", "♣"];
export const cardFace = (card: number) => ({
  rank: RANKS[Math.floor((card % 52) / 4)] ?? "?",
  suit: SUITS[card % 4] ?? "?",
  red: card % 4 === 1 || card % 4 === 2,
});
