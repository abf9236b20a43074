/**
 * Exact RTP reports of the blackjack codes over the 2^32 lattice: the main game under optimal play (per unit of
 * initial stake, insurance declined), insurance, and the multi-seat game's side bets.
 *
 * For the main game a round's "multiplier" is 1 + its net result per unit of initial stake (doubles and splits
 * stake more than the initial bet, so a round can lose more than 1): the RTP is its mean, the volatility its
 * standard deviation, the hit frequency P(net result > 0); the maximum multiplier is the largest payout per unit
 * of initial stake (every hand of a full split doubled and won).
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { LATTICE_SIZE } from "../../fair/lattice.ts";
import { add, cmp, mul, ONE, type Rational, rat, sub, ZERO } from "../../math/rational.ts";
import { CARD_WORDS, cardChance, DECK, VALUE_CHANCE } from "./cards.ts";
import { netDistribution } from "./distribution.ts";
import { toRational } from "./dyadic.ts";
import { gameValue } from "./optimal.ts";
import { type BlackjackRules, blackjackReturns } from "./rules.ts";
import { perfectPairsReturns, threeCardReturns } from "./side-bets.ts";

/** The RTP each secondary bet states (rounded to 0.01 percentage point; the exact figures are in the report). */
export const STATED_RTP = {
  insurance: rat(9231, 10_000),
  perfect_pairs: rat(9808, 10_000),
  three_card_poker: rat(9917, 10_000),
} as const;

/** Largest payout per unit of initial stake: every hand of a full split doubled and won, or the best blackjack. */
export function maxReturn(rules: BlackjackRules): Rational {
  let best = rat(rules.maxHands * 4);
  for (let ace = 0; ace < 4; ace++) {
    for (let ten = 36; ten < DECK; ten++) {
      const r = blackjackReturns(rules, ace, ten);
      if (cmp(r, best) > 0) best = r;
    }
  }
  return best;
}

export function mainReport(rules: BlackjackRules): ConfigurationReport {
  const distribution = netDistribution(rules, cardChance);
  let total = ZERO;
  let mean = ZERO;
  let secondMoment = ZERO;
  let hitFrequency = ZERO;
  for (const [eighths, chance] of distribution) {
    const p = toRational(chance);
    const multiplier = add(ONE, rat(eighths, 8));
    total = add(total, p);
    mean = add(mean, mul(p, multiplier));
    secondMoment = add(secondMoment, mul(p, mul(multiplier, multiplier)));
    if (eighths > 0) hitFrequency = add(hitFrequency, p);
  }
  if (cmp(total, ONE) !== 0)
    throw new RangeError(`blackjack outcomes sum to ${total.num}/${total.den}, not 1`);
  const optimal = toRational(gameValue(rules, cardChance).optimal);
  if (cmp(mean, optimal) !== 0)
    throw new RangeError("the outcome distribution disagrees with the optimal value");
  return {
    configuration: "main bet, optimal play",
    rtp: optimal,
    hitFrequency,
    maxMultiplier: maxReturn(rules),
    secondMoment,
  };
}

const wordsChance = (words: bigint, draws: number) => rat(words, LATTICE_SIZE ** BigInt(draws));

export function insuranceReport(rules: BlackjackRules): ConfigurationReport {
  const ten = toRational(VALUE_CHANCE[10] as never);
  return {
    ...reportFromOutcomes("insurance (dealer ace)", [
      { probability: ten, multiplier: rules.insuranceReturns },
      { probability: sub(ONE, ten), multiplier: ZERO },
    ]),
    declaredRtp: STATED_RTP.insurance,
  };
}

export function perfectPairsReport(): ConfigurationReport {
  const byReturn = new Map<string, { multiplier: Rational; words: bigint }>();
  for (let a = 0; a < DECK; a++) {
    for (let b = 0; b < DECK; b++) {
      const multiplier = perfectPairsReturns(a, b);
      const key = `${multiplier.num}/${multiplier.den}`;
      const entry = byReturn.get(key) ?? { multiplier, words: 0n };
      entry.words += (CARD_WORDS[a] as bigint) * (CARD_WORDS[b] as bigint);
      byReturn.set(key, entry);
    }
  }
  return {
    ...reportFromOutcomes(
      "side bet perfect_pairs",
      [...byReturn.values()].map(({ multiplier, words }) => ({
        probability: wordsChance(words, 2),
        multiplier,
      })),
    ),
    declaredRtp: STATED_RTP.perfect_pairs,
  };
}

export function threeCardPokerReport(): ConfigurationReport {
  const byReturn = new Map<string, { multiplier: Rational; words: bigint }>();
  for (let a = 0; a < DECK; a++) {
    const wa = CARD_WORDS[a] as bigint;
    for (let b = 0; b < DECK; b++) {
      const wab = wa * (CARD_WORDS[b] as bigint);
      for (let c = 0; c < DECK; c++) {
        const multiplier = threeCardReturns([a, b, c]);
        const key = `${multiplier.num}/${multiplier.den}`;
        const entry = byReturn.get(key) ?? { multiplier, words: 0n };
        entry.words += wab * (CARD_WORDS[c] as bigint);
        byReturn.set(key, entry);
      }
    }
  }
  return {
    ...reportFromOutcomes(
      "side bet three_card_poker",
      [...byReturn.values()].map(({ multiplier, words }) => ({
        probability: wordsChance(words, 3),
        multiplier,
      })),
    ),
    declaredRtp: STATED_RTP.three_card_poker,
  };
}

/** The reports of a code: the main bet under optimal play, insurance, and the side bets it offers. */
export function analyzeRules(rules: BlackjackRules, sideBets: boolean): ConfigurationReport[] {
  return [
    mainReport(rules),
    insuranceReport(rules),
    ...(sideBets ? [perfectPairsReport(), threeCardPokerReport()] : []),
  ];
}
