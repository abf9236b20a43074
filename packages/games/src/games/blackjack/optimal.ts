/**
 * Exact optimal play over the infinite deck. Cards are independent, so a hand's future depends only on its hard
 * total and whether it holds an ace, and the dealer's final total only on the upcard: dynamic programming over
 * totals gives the exact value of every decision, hence the basic strategy and the exact return per unit of
 * initial stake. All values are dyadic (lattice counts over 2^32, payouts in quarters).
 *
 * Under an ace or ten-value upcard the dealer peeks, so the player decides knowing the dealer has no blackjack.
 * Values are kept unnormalised, weighted by P(no dealer blackjack | upcard): every option of a decision is scaled
 * by the same positive factor, so the comparisons and the total are exact without a division.
 */
import { VALUE_CHANCE, VALUES } from "./cards.ts";
import { DY_ZERO, type Dyadic, dAdd, dCmp, dMul, dNeg, dSub, dSum, dy, fromRational } from "./dyadic.ts";
import { type BlackjackRules, blackjackReturns, doubleAllowed } from "./rules.ts";

/** Dealer outcomes: index 0-4 a final 17-21, index 5 a bust. */
export const DEALER_OUTCOMES = 6;
const BUST = 5;

const chance = (value: number) => VALUE_CHANCE[value] as Dyadic;
const bestTotal = (hard: number, ace: boolean) => (ace && hard + 10 <= 21 ? hard + 10 : hard);
const isSoft = (hard: number, ace: boolean) => ace && hard + 10 <= 21;

/** Distribution of the dealer's final outcome from a hand of hard total `hard` (aces as 1). */
export function dealerFinal(rules: BlackjackRules): (hard: number, ace: boolean) => Dyadic[] {
  const memo = new Map<number, Dyadic[]>();
  const final = (hard: number, ace: boolean): Dyadic[] => {
    const key = hard * 2 + (ace ? 1 : 0);
    const known = memo.get(key);
    if (known) return known;
    const result = Array<Dyadic>(DEALER_OUTCOMES).fill(DY_ZERO);
    const best = bestTotal(hard, ace);
    if (hard > 21) result[BUST] = dy(1);
    else if (best >= 18 || (best === 17 && !(isSoft(hard, ace) && rules.dealerHitsSoft17))) {
      result[best - 17] = dy(1);
    } else {
      for (const v of VALUES) {
        const next = final(hard + v, ace || v === 1);
        for (let o = 0; o < DEALER_OUTCOMES; o++) {
          result[o] = dAdd(result[o] as Dyadic, dMul(chance(v), next[o] as Dyadic));
        }
      }
    }
    memo.set(key, result);
    return result;
  };
  return final;
}

/** P(the hole card gives the dealer blackjack | upcard value). */
export const dealerBlackjackChance = (up: number): Dyadic =>
  up === 1 ? chance(10) : up === 10 ? chance(1) : DY_ZERO;

/** Dealer outcomes under upcard `up`, weighted so that they sum to P(no dealer blackjack). */
export function dealerWithoutBlackjack(rules: BlackjackRules, up: number): Dyadic[] {
  const final = dealerFinal(rules);
  const result = Array<Dyadic>(DEALER_OUTCOMES).fill(DY_ZERO);
  for (const hole of VALUES) {
    if ((up === 1 && hole === 10) || (up === 10 && hole === 1)) continue;
    const next = final(up + hole, up === 1 || hole === 1);
    for (let o = 0; o < DEALER_OUTCOMES; o++) {
      result[o] = dAdd(result[o] as Dyadic, dMul(chance(hole), next[o] as Dyadic));
    }
  }
  return result;
}

export type Decision = "stand" | "hit" | "double" | "split" | "surrender";

/** The value of each decision of one upcard, and the decisions optimal play makes. */
export interface UpcardPlay {
  up: number;
  /** P(no dealer blackjack | upcard): the weight every value of this upcard carries. */
  mass: Dyadic;
  /** Value of standing on best total t (t > 21: a bust). */
  stand(total: number): Dyadic;
  /** Best of stand and hit once a hand has more than two cards (or may not double). */
  playOn(hard: number, ace: boolean): { value: Dyadic; decision: "stand" | "hit" };
  /** Best play of a two-card hand that may not split (`first`: the hand as dealt, which may surrender). */
  twoCards(
    hard: number,
    ace: boolean,
    mayDouble: boolean,
    first?: boolean,
  ): { value: Dyadic; decision: Exclude<Decision, "split"> };
  /** Value of splitting a pair of value `pair`, and whether splitting beats playing it as a total. */
  pair(pair: number): { value: Dyadic; split: boolean; asTotal: Dyadic };
  /** Whether optimal play resplits a pair dealt to a split hand, with `pending` hands left and `splitsLeft` splits. */
  resplits(pair: number, pending: number, splitsLeft: number): boolean;
}

export function upcardPlay(rules: BlackjackRules, up: number): UpcardPlay {
  const dealer = dealerWithoutBlackjack(rules, up);
  const mass = dSum(dealer);
  const standMemo = new Map<number, Dyadic>();
  const stand = (total: number): Dyadic => {
    if (total > 21) return dNeg(mass);
    const key = Math.max(total, 16);
    const known = standMemo.get(key);
    if (known) return known;
    let value = dealer[BUST] as Dyadic;
    for (let o = 0; o < BUST; o++) {
      const dealerTotal = 17 + o;
      const w = dealer[o] as Dyadic;
      if (key > dealerTotal) value = dAdd(value, w);
      else if (key < dealerTotal) value = dSub(value, w);
    }
    standMemo.set(key, value);
    return value;
  };

  const playMemo = new Map<number, { value: Dyadic; decision: "stand" | "hit" }>();
  const playOn = (hard: number, ace: boolean): { value: Dyadic; decision: "stand" | "hit" } => {
    const key = hard * 2 + (ace ? 1 : 0);
    const known = playMemo.get(key);
    if (known) return known;
    const standing = stand(bestTotal(hard, ace));
    const hitting = hit(hard, ace);
    const result =
      bestTotal(hard, ace) < 21 && dCmp(hitting, standing) > 0
        ? { value: hitting, decision: "hit" as const }
        : { value: standing, decision: "stand" as const };
    playMemo.set(key, result);
    return result;
  };
  const hit = (hard: number, ace: boolean): Dyadic =>
    dSum(
      VALUES.map((v) => dMul(chance(v), hard + v > 21 ? dNeg(mass) : playOn(hard + v, ace || v === 1).value)),
    );
  const double = (hard: number, ace: boolean): Dyadic =>
    dMul(dy(2), dSum(VALUES.map((v) => dMul(chance(v), stand(bestTotal(hard + v, ace || v === 1))))));

  const surrendering = dNeg(dMul(dy(1, 1), mass));
  const twoCards = (
    hard: number,
    ace: boolean,
    mayDouble: boolean,
    first = false,
  ): { value: Dyadic; decision: Exclude<Decision, "split"> } => {
    let best: { value: Dyadic; decision: Exclude<Decision, "split"> } = playOn(hard, ace);
    if (mayDouble && doubleAllowed(rules, bestTotal(hard, ace), isSoft(hard, ace))) {
      const doubling = double(hard, ace);
      if (dCmp(doubling, best.value) > 0) best = { value: doubling, decision: "double" };
    }
    if (first && rules.lateSurrender && dCmp(surrendering, best.value) > 0) {
      best = { value: surrendering, decision: "surrender" };
    }
    return best;
  };

  /** A split hand holding one card of value `pair`, given its second card. */
  const splitHand = (pair: number, second: number): Dyadic => {
    const hard = pair + second;
    const ace = pair === 1 || second === 1;
    if (pair === 1) return stand(bestTotal(hard, ace));
    return twoCards(hard, ace, rules.doubleAfterSplit).value;
  };

  const pairMemo = new Map<string, { value: Dyadic; resplit: boolean }>();
  /** Total value of `pending` split hands still to receive their second card, with `splitsLeft` splits left. */
  const pendingHands = (
    pair: number,
    pending: number,
    splitsLeft: number,
  ): { value: Dyadic; resplit: boolean } => {
    if (pending === 0) return { value: DY_ZERO, resplit: false };
    const key = `${pair}:${pending}:${splitsLeft}`;
    const known = pairMemo.get(key);
    if (known) return known;
    const rest = pendingHands(pair, pending - 1, splitsLeft).value;
    let value = DY_ZERO;
    let resplit = false;
    for (const v of VALUES) {
      let outcome: Dyadic;
      if (v !== pair) outcome = dAdd(splitHand(pair, v), rest);
      else {
        const keep = dAdd(splitHand(pair, v), rest);
        const mayResplit = splitsLeft > 0 && (pair !== 1 || rules.resplitAces);
        const again = mayResplit ? pendingHands(pair, pending + 1, splitsLeft - 1).value : undefined;
        resplit = again !== undefined && dCmp(again, keep) > 0;
        outcome = resplit && again ? again : keep;
      }
      value = dAdd(value, dMul(chance(v), outcome));
    }
    const result = { value, resplit };
    pairMemo.set(key, result);
    return result;
  };

  const pair = (p: number) => {
    const asTotal = twoCards(2 * p, p === 1, true, true).value;
    const value = pendingHands(p, 2, rules.maxHands - 2).value;
    return { value: dCmp(value, asTotal) > 0 ? value : asTotal, split: dCmp(value, asTotal) > 0, asTotal };
  };

  return {
    up,
    mass,
    stand,
    playOn,
    twoCards,
    pair,
    resplits: (p, pending, splitsLeft) => pendingHands(p, pending, splitsLeft).resplit,
  };
}

export interface GameValue {
  /** Expected return per unit of initial stake under optimal play (insurance declined). */
  optimal: Dyadic;
  /** Expected return when every hand stands on its first two cards: what an abandoned round is settled by. */
  standOnDeal: Dyadic;
  /** P(player blackjack). */
  blackjack: Dyadic;
}

/** Sum over player blackjacks (card by card, for the suited and spades bonuses) of P(cards) x (return - 1). */
function blackjackWinnings(rules: BlackjackRules, cardChance: (card: number) => Dyadic): [Dyadic, Dyadic] {
  let chanceOf = DY_ZERO;
  let won = DY_ZERO;
  for (let ace = 0; ace < 4; ace++) {
    for (let ten = 36; ten < 52; ten++) {
      const p = dMul(dy(2), dMul(cardChance(ace), cardChance(ten)));
      chanceOf = dAdd(chanceOf, p);
      won = dAdd(won, dMul(p, dSub(fromRational(blackjackReturns(rules, ace, ten)), dy(1))));
    }
  }
  return [chanceOf, won];
}

/** The exact return of a rule set, per unit of initial stake. */
export function gameValue(rules: BlackjackRules, cardChance: (card: number) => Dyadic): GameValue {
  const [blackjack, blackjackWon] = blackjackWinnings(rules, cardChance);
  let optimal = DY_ZERO;
  let standOnDeal = DY_ZERO;
  for (const up of VALUES) {
    const play = upcardPlay(rules, up);
    const dealerBlackjack = dealerBlackjackChance(up);
    const paidBlackjacks = dMul(blackjackWon, play.mass);
    let best = paidBlackjacks;
    let stood = paidBlackjacks;
    for (const a of VALUES) {
      for (const b of VALUES) {
        if ((a === 1 && b === 10) || (a === 10 && b === 1)) continue;
        const p = dMul(chance(a), chance(b));
        const hard = a + b;
        const ace = a === 1 || b === 1;
        const decided = a === b ? play.pair(a).value : play.twoCards(hard, ace, true, true).value;
        best = dAdd(best, dMul(p, dSub(decided, dealerBlackjack)));
        stood = dAdd(stood, dMul(p, dSub(play.stand(bestTotal(hard, ace)), dealerBlackjack)));
      }
    }
    optimal = dAdd(optimal, dMul(chance(up), best));
    standOnDeal = dAdd(standOnDeal, dMul(chance(up), stood));
  }
  return { optimal: dAdd(dy(1), optimal), standOnDeal: dAdd(dy(1), standOnDeal), blackjack };
}
