/**
 * The exact distribution of a round's net result under optimal play, for the report's hit frequency and
 * volatility. The decisions come from optimal.ts; given the dealer's final outcome (independent of the player's
 * cards on an infinite deck) each hand's result is known from its own final total, and the hands of a split are
 * added by convolution. Net results are kept in eighths of the initial stake.
 */
import { VALUE_CHANCE, VALUES } from "./cards.ts";
import { DY_ZERO, type Dyadic, dAdd, dMul, dSub, dy } from "./dyadic.ts";
import {
  DEALER_OUTCOMES,
  dealerBlackjackChance,
  dealerWithoutBlackjack,
  type UpcardPlay,
  upcardPlay,
} from "./optimal.ts";
import { type BlackjackRules, blackjackReturns } from "./rules.ts";

/** Net result in eighths of the initial stake -> probability. */
export type NetDistribution = Map<number, Dyadic>;

const chance = (value: number) => VALUE_CHANCE[value] as Dyadic;
const bestTotal = (hard: number, ace: boolean) => (ace && hard + 10 <= 21 ? hard + 10 : hard);
const BUST_TOTAL = 22;
const SURRENDER = -1;

/** A hand's end: its stake in units (1, or 2 when doubled) and final total (22 a bust, -1 surrendered). */
type Ending = Map<string, Dyadic>;

function addTo<K>(map: Map<K, Dyadic>, key: K, p: Dyadic): void {
  map.set(key, dAdd(map.get(key) ?? DY_ZERO, p));
}

function mixEndings(parts: [Dyadic, Ending][]): Ending {
  const result: Ending = new Map();
  for (const [p, ending] of parts) for (const [key, q] of ending) addTo(result, key, dMul(p, q));
  return result;
}

const point = (units: number, total: number): Ending => new Map([[`${units}:${total}`, dy(1)]]);

function endingsOf(play: UpcardPlay, rules: BlackjackRules) {
  const multiMemo = new Map<number, Ending>();
  const playOn = (hard: number, ace: boolean): Ending => {
    const key = hard * 2 + (ace ? 1 : 0);
    const known = multiMemo.get(key);
    if (known) return known;
    const result =
      play.playOn(hard, ace).decision === "stand"
        ? point(1, bestTotal(hard, ace))
        : mixEndings(
            VALUES.map((v) => [
              chance(v),
              hard + v > 21 ? point(1, BUST_TOTAL) : playOn(hard + v, ace || v === 1),
            ]),
          );
    multiMemo.set(key, result);
    return result;
  };
  const twoCards = (hard: number, ace: boolean, mayDouble: boolean, first: boolean): Ending => {
    switch (play.twoCards(hard, ace, mayDouble, first).decision) {
      case "double":
        return mixEndings(
          VALUES.map((v) => [
            chance(v),
            point(2, hard + v > 21 ? BUST_TOTAL : bestTotal(hard + v, ace || v === 1)),
          ]),
        );
      case "surrender":
        return point(1, SURRENDER);
      default:
        return playOn(hard, ace);
    }
  };
  /** A split hand of card `pair` after its second card `second` (no further split). */
  const splitHand = (pair: number, second: number): Ending =>
    pair === 1
      ? point(1, bestTotal(1 + second, true))
      : twoCards(pair + second, second === 1, rules.doubleAfterSplit, false);
  return { twoCards, splitHand };
}

/** Net eighths of one hand's ending against the dealer's outcome (0-4: 17-21, 5: bust). */
function netOf(key: string, dealerOutcome: number): number {
  const [unitsText = "1", totalText = "0"] = key.split(":");
  const units = Number(unitsText);
  const total = Number(totalText);
  if (total === SURRENDER) return -4;
  if (total === BUST_TOTAL) return -8 * units;
  if (dealerOutcome === 5) return 8 * units;
  const dealer = 17 + dealerOutcome;
  return total > dealer ? 8 * units : total < dealer ? -8 * units : 0;
}

function netsOf(ending: Ending, dealerOutcome: number): NetDistribution {
  const result: NetDistribution = new Map();
  for (const [key, p] of ending) addTo(result, netOf(key, dealerOutcome), p);
  return result;
}

function convolve(a: NetDistribution, b: NetDistribution): NetDistribution {
  const result: NetDistribution = new Map();
  for (const [x, p] of a) for (const [y, q] of b) addTo(result, x + y, dMul(p, q));
  return result;
}

function mixNets(parts: [Dyadic, NetDistribution][]): NetDistribution {
  const result: NetDistribution = new Map();
  for (const [p, dist] of parts) for (const [net, q] of dist) addTo(result, net, dMul(p, q));
  return result;
}

const eighths = (r: { num: bigint; den: bigint }): number => {
  const scaled = (r.num * 8n) / r.den;
  if (scaled * r.den !== r.num * 8n) throw new RangeError("payouts must be multiples of 1/8");
  return Number(scaled);
};

/** The exact distribution of the net result per unit of initial stake, under optimal play, insurance declined. */
export function netDistribution(
  rules: BlackjackRules,
  cardChance: (card: number) => Dyadic,
): NetDistribution {
  const total: NetDistribution = new Map();
  const blackjacks: NetDistribution = new Map();
  let blackjackChance = DY_ZERO;
  for (let ace = 0; ace < 4; ace++) {
    for (let ten = 36; ten < 52; ten++) {
      const p = dMul(dy(2), dMul(cardChance(ace), cardChance(ten)));
      blackjackChance = dAdd(blackjackChance, p);
      const won = blackjackReturns(rules, ace, ten);
      addTo(blackjacks, eighths({ num: won.num - won.den, den: won.den }), p);
    }
  }
  for (const up of VALUES) {
    const play = upcardPlay(rules, up);
    const { twoCards, splitHand } = endingsOf(play, rules);
    const dealer = dealerWithoutBlackjack(rules, up);
    const dealerBlackjack = dealerBlackjackChance(up);
    const pUp = chance(up);
    // Dealer blackjack: every hand but a player blackjack loses its initial stake.
    addTo(total, -8, dMul(pUp, dMul(dealerBlackjack, dSub(dy(1), blackjackChance))));
    addTo(total, 0, dMul(pUp, dMul(dealerBlackjack, blackjackChance)));
    for (let o = 0; o < DEALER_OUTCOMES; o++) {
      const w = dMul(pUp, dealer[o] as Dyadic);
      for (const [net, p] of blackjacks) addTo(total, net, dMul(w, p));
      const splitMemo = new Map<string, NetDistribution>();
      const pending = (pair: number, n: number, splitsLeft: number): NetDistribution => {
        if (n === 0) return new Map([[0, dy(1)]]);
        const key = `${pair}:${n}:${splitsLeft}`;
        const known = splitMemo.get(key);
        if (known) return known;
        const rest = pending(pair, n - 1, splitsLeft);
        const result = mixNets(
          VALUES.map((v) => {
            const resplit = v === pair && play.resplits(pair, n, splitsLeft);
            return [
              chance(v),
              resplit ? pending(pair, n + 1, splitsLeft - 1) : convolve(netsOf(splitHand(pair, v), o), rest),
            ];
          }),
        );
        splitMemo.set(key, result);
        return result;
      };
      for (const a of VALUES) {
        for (const b of VALUES) {
          if ((a === 1 && b === 10) || (a === 10 && b === 1)) continue;
          const p = dMul(w, dMul(chance(a), chance(b)));
          const hand =
            a === b && play.pair(a).split
              ? pending(a, 2, rules.maxHands - 2)
              : netsOf(twoCards(a + b, a === 1 || b === 1, true, true), o);
          for (const [net, q] of hand) addTo(total, net, dMul(p, q));
        }
      }
    }
  }
  return total;
}
