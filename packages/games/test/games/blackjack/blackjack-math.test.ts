import { describe, expect, it } from "vitest";
import { percent, withinTolerance } from "../../../src/analysis/report.ts";
import { LATTICE_SIZE } from "../../../src/fair/lattice.ts";
import { netDistribution } from "../../../src/games/blackjack/distribution.ts";
import { dSum, dy, toRational } from "../../../src/games/blackjack/dyadic.ts";
import {
  analyzeRules,
  BLACKJACK_MULTI_RULES,
  BLACKJACK_RULES,
  CARD_WORDS,
  cardChance,
  insuranceReport,
  mainReport,
  perfectPairsReport,
  STATED_RTP,
  strategyTable,
  threeCardPokerReport,
  UPCARDS,
} from "../../../src/games/blackjack/index.ts";
import { dealerFinal, gameValue, upcardPlay } from "../../../src/games/blackjack/optimal.ts";
import { describeRules, exactReturn, inTargetWindow } from "../../../src/games/blackjack/search.ts";
import { perfectPairsReturns, threeCardReturns } from "../../../src/games/blackjack/side-bets.ts";
import { add, cmp, dec, mul, rat, sub, toNumber, ZERO } from "../../../src/math/rational.ts";

const DECLARED = rat(9946, 10_000);

describe("the infinite deck over the 2^32 lattice", () => {
  it("gives 48 cards 82,595,525 words and 4 cards 82,595,524, all 2^32 words in all", () => {
    const counts = new Map<bigint, number>();
    for (const w of CARD_WORDS) counts.set(w, (counts.get(w) ?? 0) + 1);
    expect(counts).toEqual(
      new Map([
        [82_595_525n, 48],
        [82_595_524n, 4],
      ]),
    );
    expect(CARD_WORDS.reduce((a, b) => a + b, 0n)).toBe(LATTICE_SIZE);
    expect(toRational(dSum(CARD_WORDS.map((_, c) => cardChance(c))))).toEqual(rat(1));
  });
});

describe("exact optimal play", () => {
  it("returns 99.46% per initial stake in both codes: the exact value lies in [99.455%, 99.465%)", () => {
    for (const rules of [BLACKJACK_RULES, BLACKJACK_MULTI_RULES]) {
      const rtp = exactReturn(rules);
      expect(inTargetWindow(rtp), describeRules(rules)).toBe(true);
      expect(withinTolerance(rtp, DECLARED)).toBe(true);
    }
    expect(percent(exactReturn(BLACKJACK_RULES), 5)).toBe("99.46086");
    expect(percent(exactReturn(BLACKJACK_MULTI_RULES), 5)).toBe("99.46032");
  });

  it("misses the window without the spades bonus: the bonus is what lands each code in it", () => {
    for (const rules of [BLACKJACK_RULES, BLACKJACK_MULTI_RULES]) {
      const plain = { ...rules, spadesBlackjackReturns: dec("2.5") };
      expect(inTargetWindow(exactReturn(plain))).toBe(false);
    }
  });

  it("dealer outcomes from every upcard are a distribution", () => {
    const final = dealerFinal(BLACKJACK_RULES);
    for (let up = 1; up <= 10; up++) {
      expect(toRational(dSum(final(up, up === 1)))).toEqual(rat(1));
    }
  });

  it("matches the textbook infinite-deck figures: dealer bust from a 6 about 42.3%, edge without the bonus about 0.5%", () => {
    const final = dealerFinal(BLACKJACK_RULES);
    const bustFromSix = final(6, false)[5];
    expect(toNumber(toRational(bustFromSix ?? dy(0)))).toBeCloseTo(0.4232, 3);
    const common = { ...BLACKJACK_MULTI_RULES, doubleOn: "any_two" as const, resplitAces: false };
    const plain = { ...common, spadesBlackjackReturns: dec("2.5") };
    expect(toNumber(exactReturn(plain))).toBeCloseTo(0.99488, 4);
  });

  it("an exact outcome distribution whose mean is the optimal value and whose probabilities sum to 1", () => {
    // mainReport throws unless both hold; the report states hit frequency and volatility from it.
    const report = mainReport(BLACKJACK_RULES);
    expect(report.rtp).toEqual(exactReturn(BLACKJACK_RULES));
    expect(toNumber(report.hitFrequency)).toBeCloseTo(0.4332, 3);
    let total = ZERO;
    for (const p of netDistribution(BLACKJACK_RULES, cardChance).values()) total = add(total, toRational(p));
    expect(total).toEqual(rat(1));
  });
});

describe("the published basic strategy", () => {
  const column = (up: number) => UPCARDS.indexOf(up as (typeof UPCARDS)[number]);
  it("reads like basic strategy: hit 16 against a 10, stand 12 against a 4, always split aces and eights", () => {
    for (const rules of [BLACKJACK_RULES, BLACKJACK_MULTI_RULES]) {
      const table = strategyTable(rules);
      expect(table.hard[16]?.[column(10)]).toBe("H");
      expect(table.hard[12]?.[column(4)]).toBe("S");
      expect(table.hard[11]?.[column(6)]).toBe("D");
      expect(table.soft[18]?.[column(9)]).toBe("H");
      expect(table.pairs[1]?.every((c) => c === "P")).toBe(true);
      expect(table.pairs[8]?.every((c) => c === "P")).toBe(true);
      expect(table.pairs[10]?.every((c) => c === "S")).toBe(true);
    }
    // Doubling is only on hard 9-11 (blackjack-leo) or 10-11 (multi-seat): never a D on a soft hand.
    expect(strategyTable(BLACKJACK_RULES).hard[9]?.[column(4)]).toBe("D");
    expect(strategyTable(BLACKJACK_MULTI_RULES).hard[9]?.[column(4)]).toBe("H");
    for (const rules of [BLACKJACK_RULES, BLACKJACK_MULTI_RULES]) {
      expect(Object.values(strategyTable(rules).soft).flat()).not.toContain("D");
    }
  });

  it("splits again exactly where the table says to split, whatever splits are left: the table is optimal play", () => {
    for (const rules of [BLACKJACK_RULES, BLACKJACK_MULTI_RULES]) {
      const table = strategyTable(rules);
      for (const up of UPCARDS) {
        const play = upcardPlay(rules, up);
        for (let pair = 1; pair <= 10; pair++) {
          const splits = table.pairs[pair]?.[column(up)] === "P";
          for (let splitsLeft = 1; splitsLeft <= rules.maxHands - 2; splitsLeft++) {
            for (let pending = 1; pending <= rules.maxHands - splitsLeft; pending++) {
              const mayResplit = pair !== 1 || rules.resplitAces;
              expect(play.resplits(pair, pending, splitsLeft), `${pair}s vs ${up}`).toBe(
                splits && mayResplit,
              );
            }
          }
        }
      }
    }
  });
});

describe("insurance and side bets", () => {
  it("insurance pays 2:1 and returns 3 x P(ten) = 92.31% (12/13 for ideal cards)", () => {
    const report = insuranceReport(BLACKJACK_RULES);
    const tenWords = CARD_WORDS.slice(36).reduce((a, b) => a + b, 0n);
    expect(report.rtp).toEqual(rat(3n * tenWords, LATTICE_SIZE));
    expect(withinTolerance(report.rtp, STATED_RTP.insurance)).toBe(true);
    expect(Math.abs(toNumber(report.rtp) - 12 / 13)).toBeLessThan(1e-8);
  });

  it("Perfect Pairs returns 51/52 for ideal cards and its exact lattice RTP, below 100%", () => {
    let ideal = ZERO;
    for (let a = 0; a < 52; a++) {
      for (let b = 0; b < 52; b++) ideal = add(ideal, mul(rat(1, 52 * 52), perfectPairsReturns(a, b)));
    }
    expect(ideal).toEqual(rat(51, 52));
    const report = perfectPairsReport();
    expect(cmp(report.rtp, rat(1))).toBe(-1);
    expect(withinTolerance(report.rtp, STATED_RTP.perfect_pairs)).toBe(true);
    expect(Math.abs(toNumber(sub(report.rtp, ideal)))).toBeLessThan(1e-8);
  });

  it("3 Card Poker returns 139,448/140,608 for ideal cards and its exact lattice RTP, below 100%", () => {
    let ideal = ZERO;
    for (let a = 0; a < 52; a++) {
      for (let b = 0; b < 52; b++) {
        for (let c = 0; c < 52; c++) {
          const r = threeCardReturns([a, b, c]);
          if (r.num > 0n) ideal = add(ideal, r);
        }
      }
    }
    expect(mul(ideal, rat(1, 52 ** 3))).toEqual(rat(139_448, 140_608));
    const report = threeCardPokerReport();
    expect(cmp(report.rtp, rat(1))).toBe(-1);
    expect(withinTolerance(report.rtp, STATED_RTP.three_card_poker)).toBe(true);
  });

  it("classifies the 3 Card Poker hands: ace high or low, K-A-2 no straight", () => {
    const card = (rank: number, suit: number) => rank * 4 + suit;
    expect(threeCardReturns([card(0, 0), card(1, 1), card(2, 2)])).toEqual(rat(11));
    expect(threeCardReturns([card(11, 0), card(12, 1), card(0, 2)])).toEqual(rat(11));
    expect(threeCardReturns([card(12, 0), card(0, 1), card(1, 2)])).toEqual(ZERO);
    expect(threeCardReturns([card(4, 3), card(5, 3), card(6, 3)])).toEqual(rat(41));
    expect(threeCardReturns([card(4, 3), card(4, 3), card(4, 3)])).toEqual(rat(101));
    expect(threeCardReturns([card(4, 3), card(4, 1), card(4, 3)])).toEqual(rat(31));
    expect(threeCardReturns([card(4, 3), card(9, 3), card(4, 3)])).toEqual(rat(6));
  });

  it("lists the main bet, insurance and both side bets for the multi-seat code", () => {
    expect(analyzeRules(BLACKJACK_MULTI_RULES, true).map((r) => r.configuration)).toEqual([
      "main bet, optimal play",
      "insurance (dealer ace)",
      "side bet perfect_pairs",
      "side bet three_card_poker",
    ]);
  });
});

describe("the abandon rule's cost", () => {
  it("standing on the deal (what an abandoned round does) returns about 84.03% instead of 99.46%", () => {
    for (const rules of [BLACKJACK_RULES, BLACKJACK_MULTI_RULES]) {
      const { optimal, standOnDeal } = gameValue(rules, cardChance);
      expect(percent(toRational(standOnDeal), 2)).toBe("84.03");
      expect(cmp(toRational(standOnDeal), toRational(optimal))).toBe(-1);
    }
  });
});
