/**
 * The shoe: eight 52-card decks (416 cards), shuffled fresh for every round. Card c (0-415) is card c mod 52 of
 * deck floor(c / 52); rank = floor((c mod 52) / 4) (0 ace, 1 two ... 12 king) and suit = c mod 4 (spades, hearts,
 * diamonds, clubs; hearts and diamonds are red). Aces are high in war.
 *
 * Card j of the round (j = 0, 1, 2...) is read from word j: it is the floor(float_j x (416 - j))-th smallest card
 * not yet dealt, a Fisher-Yates shuffle dealt one card at a time (the mapping public verifiers use for a shoe).
 * Cards go player, dealer, then player, dealer for each war.
 */
import type { RandomReader } from "../../fair/random.ts";

export const DECKS = 8;
export const SHOE = 52 * DECKS;
export const RANKS = 13;

export const rankOf = (card: number) => Math.floor((card % 52) / 4);
export const suitOf = (card: number) => card % 4;
export const isRed = (card: number) => suitOf(card) === 1 || suitOf(card) === 2;
/** War order: two lowest (1), king 12, ace highest (13). */
export const strengthOf = (card: number) => (rankOf(card) === 0 ? 13 : rankOf(card));

/** The card at `index` among the cards not yet dealt, in ascending order. */
export function cardAt(dealt: readonly number[], index: number): number {
  const taken = [...dealt].sort((a, b) => a - b);
  let card = index;
  for (const t of taken) if (t <= card) card++;
  return card;
}

/** Deals the next card of the round: reads one word. */
export const dealNext = (dealt: readonly number[], random: RandomReader): number =>
  cardAt(dealt, random.nextInt(SHOE - dealt.length));
