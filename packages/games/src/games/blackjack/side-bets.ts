/**
 * The side bets of the multi-seat game, settled at the deal on cards of the infinite deck (the same card can
 * come twice, so a perfect pair or suited trips is likelier than from a shoe, and the paytables are set for it).
 *
 * Perfect Pairs, on the seat's first two cards (returns, stake included):
 *   perfect pair (the same card twice) 26 (25:1), coloured pair (same rank, other suit of the same colour) 13 (12:1),
 *   mixed pair (same rank, other colour) 6 (5:1). Ideal RTP (26 + 13 + 2 x 6) / 52 = 51/52 = 98.0769%.
 * 3 Card Poker, on the seat's first two cards and the dealer's upcard: suited trips 101 (100:1), straight flush 41,
 *   three of a kind 31, straight 11, flush 6 (5:1); a flush that is also a straight pays as a straight flush. Ace
 *   plays high or low (A-2-3 and Q-K-A are straights, K-A-2 is not). Ideal RTP 139,448 / 140,608 = 99.1750%.
 * Exact RTPs over the 2^32 lattice are in analysis.ts.
 */
import { dec, type Rational, ZERO } from "../../math/rational.ts";
import { isRed, rankOf, suitOf } from "./cards.ts";

export const SIDE_BETS = ["perfect_pairs", "three_card_poker"] as const;
export type SideBet = (typeof SIDE_BETS)[number];

export type PerfectPairsHand = "perfect_pair" | "coloured_pair" | "mixed_pair";
export type ThreeCardHand = "suited_trips" | "straight_flush" | "three_of_a_kind" | "straight" | "flush";

export const PERFECT_PAIRS_RETURNS: Record<PerfectPairsHand, Rational> = {
  perfect_pair: dec("26"),
  coloured_pair: dec("13"),
  mixed_pair: dec("6"),
};

export const THREE_CARD_RETURNS: Record<ThreeCardHand, Rational> = {
  suited_trips: dec("101"),
  straight_flush: dec("41"),
  three_of_a_kind: dec("31"),
  straight: dec("11"),
  flush: dec("6"),
};

export function perfectPairsHand(a: number, b: number): PerfectPairsHand | undefined {
  if (rankOf(a) !== rankOf(b)) return undefined;
  if (a === b) return "perfect_pair";
  return isRed(a) === isRed(b) ? "coloured_pair" : "mixed_pair";
}

function isStraight(ranks: number[]): boolean {
  const sorted = [...ranks].sort((x, y) => x - y);
  const [x = 0, y = 0, z = 0] = sorted;
  if (x === y || y === z) return false;
  if (y === x + 1 && z === y + 1) return true;
  // Q-K-A: the ace (rank 0) plays high.
  return x === 0 && y === 11 && z === 12;
}

export function threeCardHand(cards: readonly [number, number, number]): ThreeCardHand | undefined {
  const ranks = cards.map(rankOf);
  const suited = cards.every((c) => suitOf(c) === suitOf(cards[0]));
  const trips = ranks.every((r) => r === ranks[0]);
  if (trips) return suited ? "suited_trips" : "three_of_a_kind";
  const straight = isStraight(ranks);
  if (straight) return suited ? "straight_flush" : "straight";
  return suited ? "flush" : undefined;
}

export const perfectPairsReturns = (a: number, b: number): Rational => {
  const hand = perfectPairsHand(a, b);
  return hand ? PERFECT_PAIRS_RETURNS[hand] : ZERO;
};

export const threeCardReturns = (cards: readonly [number, number, number]): Rational => {
  const hand = threeCardHand(cards);
  return hand ? THREE_CARD_RETURNS[hand] : ZERO;
};
