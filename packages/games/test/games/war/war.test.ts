import { describe, expect, it } from "vitest";
import { percent, withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare, Moments, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import { firstWordOf } from "../../../src/fair/lattice.ts";
import { nodeHmacSha256 } from "../../../src/fair/node-hmac.ts";
import { FairRandom } from "../../../src/fair/random.ts";
import {
  analyze,
  cardAt,
  idealBestReturn,
  idealFirstDeal,
  isRed,
  LATTICE_BOUND,
  latticeFirstDeal,
  MAX_WARS,
  rankOf,
  SHOE,
  searchRules,
  strengthOf,
  surrenderReturn,
  type WarState,
  type WarView,
  warGame,
} from "../../../src/games/war/index.ts";
import { add, cmp, mul, rat, sub, toFraction, toNumber } from "../../../src/math/rational.ts";
import type { WalletOp } from "../../../src/model.ts";
import {
  abandonRound,
  begin,
  fairRandom,
  perform,
  playerRng,
  type Round,
  tryAction,
} from "../cash-out-harness.ts";
import { wordsSource } from "../production.ts";

const rtp = rat(9627, 10_000);
type WarRound = Round<WarState, WarView>;

/** The words that deal these cards in this order. */
function cardWords(cards: number[]): number[] {
  return cards.map((card, j) => {
    const earlier = cards.slice(0, j);
    const index = card - earlier.filter((c) => c < card).length;
    return Number(firstWordOf(SHOE - j, index));
  });
}
/** Card of a rank (0 ace ... 12 king) and suit (0 spades, 1 hearts, 2 diamonds, 3 clubs) in deck `deck`. */
const card = (rank: number, suit = 0, deck = 0) => deck * 52 + rank * 4 + suit;
const deal = (bets: Record<string, string>, cards: number[], maxWin?: bigint) =>
  begin(warGame, bets, rtp, { random: wordsSource(cardWords(cards)), ...(maxWin && { maxWin }) });
const act = (round: WarRound, action: "war" | "surrender") => perform(warGame, round, { action }, rtp);
const op = (kind: "debit" | "credit", amount: bigint, closesRound?: boolean): WalletOp =>
  ({
    kind,
    amount,
    ...(closesRound !== undefined && { closesRound }),
    reason: expect.any(String),
  }) as WalletOp;

describe("war exact maths", () => {
  it("the documented search: only an 8-deck shoe with war after war at even money rounds to 96.27", () => {
    const matches = searchRules().filter((row) => row.matches);
    expect(matches.map((r) => [r.decks, r.tieInWar])).toEqual([[8, "war_again"]]);
    expect(toFraction(idealBestReturn(8, "war_again"))).toBe("799/830");
    expect(percent(idealBestReturn(Number.POSITIVE_INFINITY, "war_again"), 3)).toBe("96.154");
  });

  it("the ideal shoe: P(tie) = 31/415, surrender returns 799/830, side bets 341/415 and 75/83", () => {
    const ideal = idealFirstDeal();
    expect(toFraction(ideal.tie)).toBe("31/415");
    expect(toFraction(surrenderReturn(ideal))).toBe("799/830");
    expect(toFraction(mul(ideal.tie, rat(11)))).toBe("341/415");
    expect(toFraction(mul(ideal.colouredTie, rat(25)))).toBe("75/83");
  });

  it("the lattice, counted exactly: the best return lies in [96.265 %, 96.275 %)", () => {
    const lattice = latticeFirstDeal();
    expect(toFraction(add(add(lattice.playerHigher, lattice.dealerHigher), lattice.tie))).toBe("1/1");
    const low = surrenderReturn(lattice);
    const high = add(rat(799, 830), LATTICE_BOUND);
    expect(percent(low, 9)).toBe("96.265060279");
    expect(cmp(low, rat(96_265, 100_000))).toBe(1);
    expect(cmp(high, rat(96_275, 100_000))).toBe(-1);
    expect(Math.abs(toNumber(sub(low, rat(799, 830))))).toBeLessThan(1e-9);
  });

  it("reports the main bet at the declared 96.27 and both side bets below 100 %", () => {
    const [main, tie, coloured] = analyze(rtp);
    expect(withinTolerance(main?.rtp ?? rat(0), rtp)).toBe(true);
    expect(percent(tie?.rtp ?? rat(0), 2)).toBe("82.17");
    expect(percent(coloured?.rtp ?? rat(0), 2)).toBe("90.36");
    for (const r of [tie, coloured]) {
      expect(cmp(r?.rtp ?? rat(1), rat(1))).toBe(-1);
      expect(withinTolerance(r?.rtp ?? rat(0), r?.declaredRtp ?? rat(1))).toBe(true);
    }
  });
});

describe("war dealing", () => {
  it("deals the index-th smallest card left, as a Fisher-Yates shuffle does", () => {
    const left = Array.from({ length: SHOE }, (_, i) => i);
    const dealt: number[] = [];
    for (const index of [415, 0, 200, 3, 3, 100]) {
      const [expected] = left.splice(index, 1);
      const got = cardAt(dealt, index);
      expect(got).toBe(expected);
      dealt.push(got);
    }
  });
});

describe("war round flow", () => {
  it("a higher card pays even money in the one closing credit", () => {
    const round = deal({ main: "10" }, [card(0), card(12)]);
    expect(round.ops).toEqual([op("debit", 1000n), op("credit", 2000n, true)]);
    expect(round.step.view.status).toBe("won");
  });

  it("several wars in a row, each a debit of the main bet, then one credit", () => {
    const round = deal({ main: "10", tie: "1" }, [
      card(5),
      card(5, 1),
      card(7),
      card(7, 2),
      card(9),
      card(3),
    ]);
    expect(round.step.view.decision).toMatchObject({
      warCost: "1000",
      warAllowed: true,
      surrenderPays: "1600",
    });
    act(round, "war");
    expect(round.step.view.status).toBe("tie");
    act(round, "war");
    // Main back, two raises at even money, the tie side bet 10 to 1.
    expect(round.ops).toEqual([
      op("debit", 1100n),
      op("debit", 1000n),
      op("debit", 1000n),
      op("credit", 1000n + 4000n + 1100n, true),
    ]);
  });

  it("surrender pays half the main bet and the side bets won, and forfeits any raise", () => {
    const round = deal({ main: "10", tie: "2", coloured_tie: "1" }, [
      card(3, 1),
      card(3, 2),
      card(4),
      card(4, 3, 1),
    ]);
    act(round, "war");
    act(round, "surrender");
    expect(round.ops.at(-1)).toEqual(op("credit", 500n + 2200n + 2500n, true));
  });

  it("a refused war leaves the player at the same tie decision; abandon there is a surrender", () => {
    const round = deal({ main: "10" }, [card(8), card(8, 3)]);
    const parsed = tryAction(warGame, round.step.state, { action: "war" }, rtp);
    if (!parsed.ok || !warGame.onDebitRefused) throw new Error("war refused");
    const back = warGame.onDebitRefused(round.step.state, parsed.value as never, {
      random: fairRandom(0).reader(2),
      now: 0,
    });
    expect(back).toMatchObject({ state: round.step.state, ops: [], closed: false });
    abandonRound(warGame, round);
    expect(round.ops.at(-1)).toEqual(op("credit", 500n, true));
    expect(round.step.note).toBe("abandoned");
  });

  it("refuses a war whose win would pass the maximum win, and a bet that could", () => {
    const round = deal({ main: "10" }, [card(2), card(2, 1)], 25_00n);
    expect(tryAction(warGame, round.step.state, { action: "war" }, rtp)).toMatchObject({
      ok: false,
      error: "max_win_exceeded",
    });
    expect(round.step.view.decision?.warAllowed).toBe(false);
    const refused = deal({ main: "10", tie: "10" }, [card(2), card(3)], 100_00n);
    expect(refused.step).toMatchObject({ closed: true, ops: [], note: "bet_exceeds_max_win" });
  });

  it(`a tie in the ${MAX_WARS}th war returns the raises and half the main bet`, () => {
    const cards = Array.from({ length: MAX_WARS + 1 }, (_, i) => [card(i + 1, 0), card(i + 1, 1)]).flat();
    const round = deal({ main: "10" }, cards);
    for (let i = 0; i < MAX_WARS; i++) act(round, "war");
    expect(round.step.view.status).toBe("wars_exhausted");
    expect(round.ops.at(-1)).toEqual(op("credit", BigInt(MAX_WARS) * 1000n + 500n, true));
  });

  it("rejects a side bet above the main bet and unknown fields", () => {
    const ctx = { rtp, decimals: 2 };
    expect(warGame.parseParams({ main: "1", tie: "2" }, ctx)).toMatchObject({
      ok: false,
      error: "side_bet_above_main",
    });
    expect(warGame.parseParams({ main: "1", ante: "2" }, ctx)).toMatchObject({
      ok: false,
      error: "invalid_params",
    });
  });
});

describe("war production path (smoke)", () => {
  it("best strategy and always-war both return 799/830 within 4 standard errors; ranks and first deals pass chi-square tests", () => {
    const strategies = { surrender: new Moments(), war: new Moments() };
    const ranks = Array(13).fill(0);
    const suits = Array(4).fill(0);
    // First deals: player higher, dealer higher, tie of colours that differ, coloured tie.
    const deals = Array(4).fill(0);
    let cards = 0;
    for (const [name, moments] of Object.entries(strategies)) {
      for (let nonce = 0; nonce < 20_000; nonce++) {
        const round = begin(warGame, { main: "1" }, rtp, { random: fairRandom(nonce, `war-${name}`) });
        while (!round.step.closed)
          act(round, name === "war" && round.step.view.decision?.warAllowed ? "war" : "surrender");
        // Return per unit of initial stake: what came back, less the raises, over the main bet.
        const net = round.ops.reduce((t, o) => (o.kind === "credit" ? t + o.amount : t - o.amount), 0n);
        moments.add(1 + Number(net) / 100);
        for (const c of round.step.state.cards) {
          ranks[rankOf(c)]++;
          suits[c % 4]++;
        }
        cards += round.step.state.cards.length;
        const [p, d] = round.step.state.cards as [number, number];
        const higher = strengthOf(p) - strengthOf(d);
        deals[higher > 0 ? 0 : higher < 0 ? 1 : isRed(p) === isRed(d) ? 3 : 2]++;
      }
      expect(meanWithinStandardErrors(moments, 799 / 830).within, name).toBe(true);
    }
    expect(chiSquare(ranks, Array(13).fill(1 / 13), cards).pValue).toBeGreaterThan(1e-4);
    expect(chiSquare(suits, Array(4).fill(1 / 4), cards).pValue).toBeGreaterThan(1e-4);
    const ideal = idealFirstDeal();
    const p = [
      ideal.playerHigher,
      ideal.dealerHigher,
      sub(ideal.tie, ideal.colouredTie),
      ideal.colouredTie,
    ].map(toNumber);
    expect(chiSquare(deals, p, 40_000).pValue).toBeGreaterThan(1e-4);
  });
});

describe("war rounds under random play", () => {
  it("one debit per war, exactly one credit and it closes the round, no card dealt ahead", () => {
    const choose = playerRng(11);
    for (let nonce = 0; nonce < 3000; nonce++) {
      const round = begin(warGame, { main: "1", tie: "0.5", coloured_tie: "0.5" }, rtp, {
        random: fairRandom(nonce, "war-fuzz"),
      });
      while (!round.step.closed) {
        if (choose() < 0.1) abandonRound(warGame, round);
        else act(round, choose() < 0.6 && round.step.view.decision?.warAllowed ? "war" : "surrender");
      }
      const { state } = round.step;
      expect(state.cards).toHaveLength(2 * (1 + state.raises));
      expect(state.randomPosition).toBe(state.cards.length);
      expect(round.ops.filter((o) => o.kind === "debit").map((o) => o.amount)).toEqual([
        200n,
        ...Array(state.raises).fill(100n),
      ]);
      const credits = round.ops.filter((o) => o.kind === "credit");
      expect(credits).toHaveLength(1);
      expect(round.ops.at(-1)).toMatchObject({
        kind: "credit",
        closesRound: true,
        amount: BigInt(state.paid),
      });
    }
  });
});

describe("war worked example of docs/games/war.md", () => {
  it("recomputes the published seeds' first deal: a tie of threes", () => {
    const random = new FairRandom(nodeHmacSha256, {
      serverSeed: "3f4e1b9c0d7a52e8f6c1a4b7d2e9f0a3c5b8d1e4f7a0b3c6d9e2f5a8b1c4d7e0",
      clientSeed: "lucky-player-42",
      nonce: 6,
    });
    expect([0, 1].map((i) => random.float(i).toFixed(10))).toEqual(["0.1457397537", "0.7723002697"]);
    const round = begin(warGame, { main: "1.00" }, rtp, { random });
    expect(round.step.state.cards).toEqual([60, 321]);
    expect(round.step.view.status).toBe("tie");
  });
});
