/**
 * The dealer's rule: the dealer has blackjack on a natural 21 in the first two cards, and draws to 17,
 * standing on a soft 17 unless the rules say the dealer hits it (S17 by default).
 */
import { cardValue, handTotal, rankOf } from "./cards.ts";
import type { BlackjackRules } from "./rules.ts";

export const dealerBlackjack = (dealer: readonly number[]) =>
  dealer.length >= 2 && handTotal(dealer.slice(0, 2)).total === 21;

/** The upcard is neither an ace nor a ten-value card: the dealer cannot have blackjack. */
export const upcardSafe = (dealer: readonly number[]) =>
  rankOf(dealer[0] as number) !== 0 && cardValue(dealer[0] as number) !== 10;

export function dealerStands(rules: BlackjackRules, dealer: readonly number[]): boolean {
  const { total, soft } = handTotal(dealer);
  return total > 17 || (total === 17 && !(soft && rules.dealerHitsSoft17));
}

/** The dealer draws from the round's stream until the rule says stand. */
export function playDealer(rules: BlackjackRules, dealer: number[], draw: () => number): void {
  while (!dealerStands(rules, dealer)) dealer.push(draw());
}
