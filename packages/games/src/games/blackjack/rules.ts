/**
 * The rule sets of the two blackjack codes. Shared by both: one infinite deck (cards.ts), the dealer deals two
 * cards and peeks under an ace or a ten-value upcard (a dealer blackjack ends the round before any double or
 * split and takes only the initial stakes), blackjack pays 3:2, a pair is two cards of the same value, split aces
 * take one card each, a 21 made after a split is not a blackjack, no surrender, insurance pays 2:1.
 * The rules that differ, and the bonus that lands each code in [99.455%, 99.465%), were found by
 * the search in search.ts and are documented in docs/games/blackjack.md.
 */
import { cmp, dec, type Rational } from "../../math/rational.ts";
import { rankOf, suitOf } from "./cards.ts";

export type DoubleRule = "any_two" | "nine_to_eleven" | "ten_eleven";

export interface BlackjackRules {
  /** The dealer hits a soft 17 (H17) instead of standing on every 17 (S17). */
  dealerHitsSoft17: boolean;
  doubleOn: DoubleRule;
  doubleAfterSplit: boolean;
  /** Most hands one seat or hand set can hold after splits (3 = two splits, 4 = three splits). */
  maxHands: number;
  resplitAces: boolean;
  /** Late surrender: after the peek, give up a two-card hand (not a split one) for half its stake. */
  lateSurrender: boolean;
  /** Multiplier returned on a blackjack, stake included (3:2 is 5/2). */
  blackjackReturns: Rational;
  /** Multiplier returned on a blackjack whose two cards share a suit, stake included. */
  suitedBlackjackReturns: Rational;
  /** Multiplier returned on the ace of spades with a black jack (the game's namesake hand), stake included. */
  spadesBlackjackReturns: Rational;
  /** Insurance returns this multiplier (stake included) when the dealer has blackjack: 2:1 is 3. */
  insuranceReturns: Rational;
}

/** blackjack-leo: double on hard 9-11 only, up to 2 splits per hand set, aces split once. */
export const BLACKJACK_RULES: BlackjackRules = {
  dealerHitsSoft17: false,
  doubleOn: "nine_to_eleven",
  doubleAfterSplit: true,
  maxHands: 3,
  resplitAces: false,
  lateSurrender: false,
  blackjackReturns: dec("2.5"),
  suitedBlackjackReturns: dec("2.5"),
  spadesBlackjackReturns: dec("3"),
  insuranceReturns: dec("3"),
};

/** blackjack_multi-leo: double on hard 10-11 only, up to 3 splits per seat (4 hands), aces resplit. */
export const BLACKJACK_MULTI_RULES: BlackjackRules = {
  ...BLACKJACK_RULES,
  doubleOn: "ten_eleven",
  maxHands: 4,
  resplitAces: true,
};

export function doubleAllowed(rules: BlackjackRules, total: number, soft: boolean): boolean {
  switch (rules.doubleOn) {
    case "any_two":
      return true;
    case "nine_to_eleven":
      return !soft && total >= 9 && total <= 11;
    case "ten_eleven":
      return !soft && total >= 10 && total <= 11;
  }
}

/** What a player blackjack of these two cards returns: the best of the payouts it qualifies for. */
export function blackjackReturns(rules: BlackjackRules, a: number, b: number): Rational {
  const [ace, ten] = rankOf(a) === 0 ? [a, b] : [b, a];
  let best = rules.blackjackReturns;
  if (suitOf(ace) === suitOf(ten) && cmp(rules.suitedBlackjackReturns, best) > 0)
    best = rules.suitedBlackjackReturns;
  const spades = ace === 0 && rankOf(ten) === 10 && (suitOf(ten) === 0 || suitOf(ten) === 2);
  if (spades && cmp(rules.spadesBlackjackReturns, best) > 0) best = rules.spadesBlackjackReturns;
  return best;
}
