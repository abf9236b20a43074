/**
 * Cards of the infinite deck. Every card is drawn on its own from the round's float stream:
 * card = floor(float x 52), rank = floor(card / 4) (0 ace, 1-8 two to nine, 9 ten, 10 jack, 11 queen, 12 king),
 * suit = card mod 4 (0 spades, 1 hearts, 2 clubs, 3 diamonds). 2^32 = 52 x 82,595,524 + 48, so 48 cards are
 * hit by 82,595,525 words and the other 4 by 82,595,524: the analyses count those words, never 1/52.
 */
import { LATTICE_SIZE, latticeCount } from "../../fair/lattice.ts";
import { type Dyadic, dy } from "./dyadic.ts";

export const DECK = 52;
export const RANK_NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] as const;
export const SUIT_NAMES = ["spades", "hearts", "clubs", "diamonds"] as const;

export const rankOf = (card: number) => Math.floor(card / 4);
export const suitOf = (card: number) => card % 4;
/** Hearts and diamonds are red. */
export const isRed = (card: number) => suitOf(card) === 1 || suitOf(card) === 3;
/** Blackjack value: ace 1 (counted 11 when that does not bust), two to nine face value, ten and courts 10. */
export const valueOfRank = (rank: number) => (rank >= 9 ? 10 : rank + 1);
export const cardValue = (card: number) => valueOfRank(rankOf(card));

/** Words of the 2^32 lattice that deal each card. */
export const CARD_WORDS: readonly bigint[] = Array.from({ length: DECK }, (_, card) =>
  latticeCount(DECK, card),
);
const LATTICE_BITS = 32n;
if (LATTICE_SIZE !== 1n << LATTICE_BITS) throw new Error("the lattice is 2^32 words");

export const cardChance = (card: number): Dyadic => dy(CARD_WORDS[card] as bigint, LATTICE_BITS);

/** P(value v) for v = 1 (ace) ... 10, exact over the lattice; index 0 is unused. */
export const VALUE_CHANCE: readonly Dyadic[] = (() => {
  const words = Array<bigint>(11).fill(0n);
  CARD_WORDS.forEach((w, card) => {
    words[cardValue(card)] = (words[cardValue(card)] as bigint) + w;
  });
  return words.map((w) => dy(w, LATTICE_BITS));
})();

export const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** The best total of a hand and whether an ace counts 11 in it. */
export function handTotal(cards: readonly number[]): { total: number; soft: boolean } {
  let hard = 0;
  let aces = false;
  for (const card of cards) {
    hard += cardValue(card);
    if (rankOf(card) === 0) aces = true;
  }
  return aces && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}
