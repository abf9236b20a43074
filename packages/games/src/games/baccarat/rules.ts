/**
 * Punto banco rules over an infinite deck: every card is drawn independently, card = floor(float x 52),
 * rank = floor(card / 4) (ace, 2-10, jack, queen, king), suit = card mod 4. Cards are dealt player, banker,
 * player, banker from words 0-3, then the third cards as needed from words 4 and 5.
 */
import { add, mul, type Rational, ZERO } from "../../math/rational.ts";

export const DECK = 52;
export const RANKS = 13;

export const rankOf = (card: number) => Math.floor(card / 4);
/** Ace 1, 2-9 face value, ten and court cards 0. */
export const valueOfRank = (rank: number) => (rank === 0 ? 1 : rank <= 8 ? rank + 1 : 0);
export const cardValue = (card: number) => valueOfRank(rankOf(card));

export const total = (cards: readonly number[]) => cards.reduce((t, card) => t + cardValue(card), 0) % 10;

export const playerDraws = (playerTotal: number) => playerTotal <= 5;

/** Whether the banker draws, given the player's third card value (undefined if the player stood). */
export function bankerDraws(bankerTotal: number, playerThird: number | undefined): boolean {
  if (playerThird === undefined) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export type Winner = "player" | "banker" | "tie";

export interface Hand {
  player: number[];
  banker: number[];
  winner: Winner;
  playerTotal: number;
  bankerTotal: number;
}

/** Plays a coup from a source of cards (called in deal order). */
export function deal(next: () => number): Hand {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const natural = total(player) >= 8 || total(banker) >= 8;
  if (!natural) {
    let playerThird: number | undefined;
    if (playerDraws(total(player))) {
      const card = next();
      player.push(card);
      playerThird = cardValue(card);
    }
    if (bankerDraws(total(banker), playerThird)) banker.push(next());
  }
  const playerTotal = total(player);
  const bankerTotal = total(banker);
  const winner = playerTotal > bankerTotal ? "player" : bankerTotal > playerTotal ? "banker" : "tie";
  return { player, banker, winner, playerTotal, bankerTotal };
}

export interface CoupProbabilities {
  player: Rational;
  banker: Rational;
  tie: Rational;
  /** P(the first two cards of a hand have the same rank), the same for player and banker. */
  pair: Rational;
}

/**
 * Exact probabilities of the coup's outcomes given each card's probability (length 52, summing to 1):
 * totals are enumerated by value (10 x 10 two-card totals, then at most 10 x 10 third cards).
 */
export function coupProbabilities(cardProbability: readonly Rational[]): CoupProbabilities {
  const value = Array<Rational>(10).fill(ZERO);
  const rank = Array<Rational>(RANKS).fill(ZERO);
  cardProbability.forEach((p, card) => {
    value[cardValue(card)] = add(value[cardValue(card)] as Rational, p);
    rank[rankOf(card)] = add(rank[rankOf(card)] as Rational, p);
  });
  const twoCard = Array<Rational>(10).fill(ZERO);
  for (let a = 0; a < 10; a++) {
    for (let b = 0; b < 10; b++)
      twoCard[(a + b) % 10] = add(
        twoCard[(a + b) % 10] as Rational,
        mul(value[a] as Rational, value[b] as Rational),
      );
  }
  const result = { player: ZERO, banker: ZERO, tie: ZERO };
  const settle = (p: Rational, playerTotal: number, bankerTotal: number) => {
    const key = playerTotal > bankerTotal ? "player" : bankerTotal > playerTotal ? "banker" : "tie";
    result[key] = add(result[key], p);
  };
  for (let pt = 0; pt < 10; pt++) {
    for (let bt = 0; bt < 10; bt++) {
      const p = mul(twoCard[pt] as Rational, twoCard[bt] as Rational);
      if (pt >= 8 || bt >= 8) {
        settle(p, pt, bt);
        continue;
      }
      const playerThirds: (number | undefined)[] = playerDraws(pt)
        ? [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        : [undefined];
      for (const p3 of playerThirds) {
        const pPlayer = p3 === undefined ? p : mul(p, value[p3] as Rational);
        const finalPlayer = p3 === undefined ? pt : (pt + p3) % 10;
        if (!bankerDraws(bt, p3)) {
          settle(pPlayer, finalPlayer, bt);
          continue;
        }
        for (let b3 = 0; b3 < 10; b3++)
          settle(mul(pPlayer, value[b3] as Rational), finalPlayer, (bt + b3) % 10);
      }
    }
  }
  const pair = rank.reduce((s, p) => add(s, mul(p, p)), ZERO);
  return { ...result, pair };
}
