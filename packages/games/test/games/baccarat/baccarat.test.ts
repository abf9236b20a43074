import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import { firstWordOf } from "../../../src/fair/lattice.ts";
import {
  analyze,
  BET_TYPES,
  baccaratGame,
  deal,
  idealCoup,
  PAYOUTS,
  reportFor,
} from "../../../src/games/baccarat/index.ts";
import { dec, rat, toNumber } from "../../../src/math/rational.ts";
import { simulate, wordsSource } from "../production.ts";

const rtp = rat(99, 100);
const ctx = { rtp, decimals: 2 };
const params = (bets: Record<string, unknown>) => {
  const parsed = baccaratGame.parseParams({ bets }, ctx);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed.value;
};
/** Card c (0-51) is dealt by the first word mapping to it. */
const cardWord = (card: number) => Number(firstWordOf(52, card));
const rank = (r: number) => cardWord(r * 4);

describe("baccarat drawing rules", () => {
  const coup = (ranks: number[]) => {
    const cards = ranks.map((r) => r * 4);
    let i = 0;
    return deal(() => cards[i++] ?? 0);
  };
  // Ranks: 0 ace, 1-8 two to nine, 9-12 ten to king.
  it("stands on naturals", () => {
    expect(coup([7, 9, 0, 9])).toMatchObject({
      player: [28, 0],
      banker: [36, 36],
      winner: "player",
      playerTotal: 9,
    });
  });
  it("player draws on 0-5; banker on 3 draws unless the player's third card is an 8", () => {
    // Player 2+3 = 5 draws an 8 (rank 7); banker 3 (ace+two) stands.
    expect(coup([1, 0, 2, 1, 7, 12]).banker).toHaveLength(2);
    // Same but the player's third is a 7: banker draws.
    expect(coup([1, 0, 2, 1, 6, 12]).banker).toHaveLength(3);
  });
  it("banker on 6 draws only on a player's third card of 6 or 7; draws on 0-5 when the player stood", () => {
    // Player 2+3 = 5 draws; banker 6+10 = 6 draws on the player's third card 7, stands on a 5.
    expect(coup([1, 5, 2, 9, 6, 0]).banker).toHaveLength(3);
    expect(coup([1, 5, 2, 9, 4, 0]).banker).toHaveLength(2);
    // Player 6+10 = 6 stands; banker 5+10 = 5 draws the next card.
    const stood = coup([5, 4, 9, 9, 0]);
    expect([stood.player.length, stood.banker.length]).toEqual([2, 3]);
  });
});

describe("baccarat probabilities over the infinite deck", () => {
  it("match a brute-force enumeration of every sequence of card values", () => {
    // Values 0 (four ranks: ten to king) and 1-9 (one rank each): 13^6 weighted sequences of six cards.
    const weight = [4, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    const counts = { player: 0, banker: 0, tie: 0 };
    const valueRank = [9, 0, 1, 2, 3, 4, 5, 6, 7, 8];
    for (let s = 0; s < 1_000_000; s++) {
      let w = 1;
      let rest = s;
      const cards: number[] = [];
      for (let i = 0; i < 6; i++) {
        const v = rest % 10;
        rest = Math.floor(rest / 10);
        w *= weight[v] ?? 0;
        cards.push((valueRank[v] ?? 0) * 4);
      }
      let i = 0;
      counts[deal(() => cards[i++] ?? 0).winner] += w;
    }
    const coup = idealCoup();
    expect(rat(counts.player, 13 ** 6)).toEqual(coup.player);
    expect(rat(counts.banker, 13 ** 6)).toEqual(coup.banker);
    expect(rat(counts.tie, 13 ** 6)).toEqual(coup.tie);
    expect(coup.pair).toEqual(rat(1, 13));
  });

  it("every bet returns exactly 99% over the ideal deck, and within 0.01 pp over the lattice", () => {
    const ideal = idealCoup();
    for (const type of BET_TYPES) expect(reportFor(type, ideal).rtp).toEqual(dec("0.99"));
    for (const report of analyze(rtp)) expect(withinTolerance(report.rtp, rtp)).toBe(true);
  });

  it("a standard 2x player payout would not: the multipliers are tuned", () => {
    const { player, tie } = idealCoup();
    const standard = toNumber(player) * 2 + toNumber(tie);
    expect(standard).toBeLessThan(0.988);
    expect(toNumber(PAYOUTS.player)).toBeCloseTo(2.0051, 4);
  });
});

describe("baccarat payouts", () => {
  const play = (ranks: number[], bets: Record<string, string>) => {
    const p = params(bets);
    return baccaratGame.start(
      { stake: baccaratGame.stakeOf(p, 0n), params: p, rtp, maxWin: 10n ** 30n },
      { random: wordsSource(ranks.map(rank)).reader(), now: 0 },
    );
  };

  it("pushes player and banker bets on a tie and pays tie and pairs", () => {
    // P: K K (0), B: K K (0), P draws K, B draws K: 0-0 tie with both pairs.
    const step = play([12, 12, 12, 12, 12, 12], {
      player: "1",
      banker: "1",
      tie: "1",
      player_pair: "1",
      banker_pair: "1",
    });
    expect(step.view).toMatchObject({ winner: "tie", playerPair: true, bankerPair: true });
    const exact = 100 * (1 + 1 + toNumber(PAYOUTS.tie) + 12.87 * 2);
    expect(Number(step.view.payout)).toBe(Math.floor(exact));
    expect(
      baccaratGame.maxPayout(
        params({ player: "1", banker: "1", tie: "1", player_pair: "1", banker_pair: "1" }),
        0n,
        rtp,
      ),
    ).toBe(BigInt(Math.floor(exact)));
  });

  it("refuses unknown bet types, empty bets and bad amounts", () => {
    for (const bets of [{}, { dragon: "1" }, { player: "1.001" }, { player: "0" }, { player: 5 }]) {
      expect(baccaratGame.parseParams({ bets }, ctx).ok).toBe(false);
    }
  });
});

describe("baccarat through the production path", () => {
  it("winners and pairs follow the exact probabilities (chi-square)", () => {
    const coup = idealCoup();
    const p = toNumber(coup.pair);
    const rounds = 30_000;
    // Buckets: winner x player pair.
    const probs = [coup.player, coup.banker, coup.tie].flatMap((w) => [
      toNumber(w) * (1 - p),
      toNumber(w) * p,
    ]);
    const counts = new Array<number>(6).fill(0);
    const index = { player: 0, banker: 1, tie: 2 };
    simulate(baccaratGame, params({ banker: "1" }), rtp, rounds, (step) => {
      const i = index[step.view.winner] * 2 + (step.view.playerPair ? 1 : 0);
      counts[i] = (counts[i] ?? 0) + 1;
    });
    expect(
      chiSquare(
        counts,
        probs.map((x) => x / probs.reduce((a, b) => a + b, 0)),
        rounds,
      ).pValue,
    ).toBeGreaterThan(1e-4);
  });

  it("returns the RTP on average (within 4 standard errors)", () => {
    const sample = simulate(baccaratGame, params({ player: "100" }), rtp, 20_000);
    expect(meanWithinStandardErrors(sample, 0.99 / 100).within).toBe(true);
  });
});
