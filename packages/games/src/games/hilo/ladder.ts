/**
 * HiLo: a card is shown; the player guesses whether the next card's rank is higher or lower. The deck is infinite
 * (every card is drawn independently, 1 in 52), so a guess on rank r wins with (winning ranks) / 13, and the round
 * is worth RTP / (product of the chances of the guesses won): every guess, skip and stopping time returns the RTP.
 *
 * "Higher" on a card means higher or the same rank, except on an ace, where it means strictly higher; "lower" means
 * lower or the same, except on a king, where it means strictly lower. No guess is ever certain (1/13 to 12/13).
 */
import { div, mul, ONE, type Rational, rat } from "../../math/rational.ts";

export const CARDS = 52;
export const RANKS = 13;
/** Correct guesses after which the round closes at the top of its ladder. */
export const MAX_GUESSES = 52;
/** Skips allowed per round. */
export const MAX_SKIPS = 52;

export const RANK_NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] as const;
export const SUIT_NAMES = ["spades", "hearts", "diamonds", "clubs"] as const;

export const DIRECTIONS = ["higher", "lower"] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** card = floor(float x 52): rank floor(card / 4) (0 ace ... 12 king), suit card mod 4. */
export const rankOf = (card: number): number => Math.floor(card / 4);
export const suitOf = (card: number): number => card % 4;

const ACE = 0;
const KING = RANKS - 1;

/** The ranks a guess on `rank` wins with. */
export function winningRanks(rank: number, direction: Direction): number[] {
  const all = Array.from({ length: RANKS }, (_, r) => r);
  if (direction === "higher") return all.filter((r) => (rank === ACE ? r > rank : r >= rank));
  return all.filter((r) => (rank === KING ? r < rank : r <= rank));
}

/** What the guess means on this card: strictly higher/lower on an ace/king, otherwise "or the same". */
export const guessMeaning = (rank: number, direction: Direction): string =>
  direction === "higher"
    ? rank === ACE
      ? "higher"
      : "higher_or_same"
    : rank === KING
      ? "lower"
      : "lower_or_same";

export const winChance = (rank: number, direction: Direction): Rational =>
  rat(winningRanks(rank, direction).length, RANKS);

export const wins = (rank: number, direction: Direction, nextRank: number): boolean =>
  winningRanks(rank, direction).includes(nextRank);

/** The cash-out value after winning guesses of the given chances: RTP / their product. */
export const multiplierFor = (rtp: Rational, chances: readonly Rational[]): Rational =>
  div(
    rtp,
    chances.reduce((product, p) => mul(product, p), ONE),
  );

/** The top: 52 correct guesses each at 1/13, RTP x 13^52. */
export const topMultiplier = (rtp: Rational): Rational => mul(rtp, rat(BigInt(RANKS) ** BigInt(MAX_GUESSES)));
