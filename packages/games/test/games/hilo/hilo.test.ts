import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare, Moments, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import { firstWordOf } from "../../../src/fair/lattice.ts";
import {
  analyze,
  DIRECTIONS,
  type Direction,
  type HiloState,
  type HiloView,
  hiloGame,
  MAX_GUESSES,
  MAX_SKIPS,
  multiplierFor,
  perCardReports,
  RANKS,
  rankOf,
  topMultiplier,
  winChance,
  winningRanks,
} from "../../../src/games/hilo/index.ts";
import { cmp, eq, mul, ONE, payout, type Rational, rat, toFixedDown } from "../../../src/math/rational.ts";
import {
  abandonRound,
  begin,
  paidOut,
  perform,
  playerRng,
  type Round,
  tryAction,
  worstRoundingLoss,
} from "../cash-out-harness.ts";
import { CATALOG_RTPS, wordsSource } from "../production.ts";

const rtp = rat(99, 100);
type HiloRound = Round<HiloState, HiloView>;
const guess = (round: HiloRound, direction: Direction) =>
  perform(hiloGame, round, { action: "guess", params: { direction } }, rtp);
const skip = (round: HiloRound) => perform(hiloGame, round, { action: "skip" }, rtp);
const cashOut = (round: HiloRound) => perform(hiloGame, round, { action: "cash_out" }, rtp);
/** The word that draws a card of this rank (its spade). */
const rankWord = (rank: number) => Number(firstWordOf(52, rank * 4));
const dealt = (ranks: number[], options: { stake?: bigint; maxWin?: bigint } = {}) =>
  begin(hiloGame, {}, rtp, { random: wordsSource(ranks.map(rankWord)), ...options });
const ALL_GUESSES = Array.from({ length: RANKS }, (_, rank) =>
  DIRECTIONS.map((direction) => ({ rank, direction })),
).flat();

describe("hilo odds and ladder: exact martingale for every card and guess", () => {
  it("no guess is certain or impossible; ace and king guesses are strict the likely way", () => {
    for (const { rank, direction } of ALL_GUESSES) {
      const p = winChance(rank, direction);
      expect(cmp(p, rat(0)) > 0 && cmp(p, ONE) < 0).toBe(true);
    }
    expect(winningRanks(0, "higher")).toHaveLength(12);
    expect(winningRanks(0, "lower")).toEqual([0]);
    expect(winningRanks(12, "lower")).toHaveLength(12);
    expect(winningRanks(12, "higher")).toEqual([12]);
    expect(winningRanks(6, "higher")).toEqual([6, 7, 8, 9, 10, 11, 12]);
    expect(winningRanks(6, "lower")).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it.each(CATALOG_RTPS)(
    "p x m(next) = m(current) after any earlier guess, and m(first) x P(first) = RTP at %o",
    (declared) => {
      for (const first of ALL_GUESSES) {
        const p1 = winChance(first.rank, first.direction);
        expect(eq(mul(multiplierFor(declared, [p1]), p1), declared)).toBe(true);
        for (const second of ALL_GUESSES) {
          const p2 = winChance(second.rank, second.direction);
          expect(eq(mul(p2, multiplierFor(declared, [p1, p2])), multiplierFor(declared, [p1]))).toBe(true);
        }
      }
    },
  );

  it("reports the exact lattice RTP: within 0.01 pp for every first card and guess", () => {
    for (const declared of CATALOG_RTPS) {
      for (const report of [...analyze(declared), ...perCardReports(declared)]) {
        expect(withinTolerance(report.rtp, declared), report.configuration).toBe(true);
        expect(report.maxMultiplier).toEqual(topMultiplier(declared));
      }
    }
    expect(perCardReports(rtp)).toHaveLength(26);
  });

  it("rounding down over every state of up to 2 guesses: worst 49.79% at a 1-unit stake, under 0.8% at 100", () => {
    const states = function* (declared: Rational) {
      for (const a of ALL_GUESSES) {
        const pa = winChance(a.rank, a.direction);
        yield multiplierFor(declared, [pa]);
        for (const b of ALL_GUESSES) yield multiplierFor(declared, [pa, winChance(b.rank, b.direction)]);
      }
    };
    expect(toFixedDown(worstRoundingLoss(states(rtp), 1n).loss, 4)).toBe("0.4979");
    for (const declared of CATALOG_RTPS) {
      expect(Number(toFixedDown(worstRoundingLoss(states(declared), 100n).loss, 6))).toBeLessThan(0.008);
    }
  });
});

describe("hilo rounds", () => {
  it("draws rank floor(card / 4), pays RTP / product of the chances won", () => {
    const round = dealt([6, 9, 2, 2], { stake: 1001n });
    expect(round.ops).toEqual([{ kind: "debit", amount: 1001n, reason: "bet" }]);
    expect(round.step.view.card).toEqual({ card: 24, rank: "7", suit: "spades" });
    expect(round.step.view.options).toEqual([
      {
        direction: "higher",
        wins: "higher_or_same",
        winChance: "7/13",
        multiplier: "1.8385",
        multiplierExact: "1287/700",
        allowed: true,
      },
      {
        direction: "lower",
        wins: "lower_or_same",
        winChance: "7/13",
        multiplier: "1.8385",
        multiplierExact: "1287/700",
        allowed: true,
      },
    ]);
    expect(round.step.view.actions).toEqual(["guess", "skip"]);
    guess(round, "higher");
    const step = guess(round, "lower");
    const expected = multiplierFor(rtp, [rat(7, 13), rat(10, 13)]);
    expect(step.view.multiplierExact).toBe(`${expected.num}/${expected.den}`);
    expect(step.view.correctGuesses).toBe(2);
    skip(round);
    expect(round.step.view.multiplierExact).toBe(`${expected.num}/${expected.den}`);
    expect(round.step.view.skipsLeft).toBe(MAX_SKIPS - 1);
    expect(cashOut(round).ops).toEqual([
      { kind: "credit", amount: payout(1001n, expected), closesRound: true, reason: "cash_out" },
    ]);
  });

  it("a wrong guess loses; the same rank wins 'or same' but loses a strict guess", () => {
    const same = dealt([5, 5]);
    expect(guess(same, "lower").view.status).toBe("open");
    const ace = dealt([0, 0]);
    expect(ace.step.view.options[0]?.wins).toBe("higher");
    const step = guess(ace, "higher");
    expect(step).toMatchObject({ closed: true, view: { status: "lost", payout: "0" } });
    expect(step.ops).toEqual([{ kind: "credit", amount: 0n, closesRound: true, reason: "loss" }]);
  });

  it("closes at the top after 52 correct guesses", () => {
    const round = dealt(new Array(MAX_GUESSES + 1).fill(12), { maxWin: 10n ** 80n });
    for (let i = 0; i < MAX_GUESSES - 1; i++) expect(guess(round, "higher").closed).toBe(false);
    expect(guess(round, "higher")).toMatchObject({ closed: true, view: { status: "completed" } });
    expect(paidOut(round)).toBe(payout(1_000_000n, topMultiplier(rtp)));
  });

  it("allows 52 skips, which move no money", () => {
    const round = dealt([]);
    for (let i = 0; i < MAX_SKIPS; i++) expect(skip(round).ops).toEqual([]);
    expect(tryAction(hiloGame, round.step.state, { action: "skip" }, rtp)).toMatchObject({
      error: "no_skips_left",
    });
    expect(round.step.view.actions).toEqual(["guess"]);
  });

  it("refuses a guess that would pay more than the maximum win and cashes out when none fits", () => {
    // stake 100 at 99% on a 7: either guess pays 183; then on a king "higher" (same) would pay 2389
    const round = dealt([6, 12, 0], { stake: 100n, maxWin: 400n });
    guess(round, "higher");
    expect(round.step.view.options.map((o) => o.allowed)).toEqual([false, true]);
    expect(
      tryAction(hiloGame, round.step.state, { action: "guess", params: { direction: "higher" } }, rtp),
    ).toMatchObject({
      error: "max_win_exceeded",
    });
    // lower on the king wins with the ace (12/13): 199; on the ace higher would pay 215, lower 2589: still open
    guess(round, "lower");
    expect(round.step.closed).toBe(false);
    const tight = dealt([6, 12], { stake: 100n, maxWin: 190n });
    const step = guess(tight, "higher");
    expect(step).toMatchObject({ closed: true, note: "max_win_reached" });
    expect(step.ops).toEqual([
      { kind: "credit", amount: 183n, closesRound: true, reason: "max_win_reached" },
    ]);
    expect(dealt([6], { stake: 100n, maxWin: 182n }).step).toMatchObject({
      closed: true,
      ops: [],
      note: "bet_exceeds_max_win",
    });
    expect(dealt([0], { stake: 100n, maxWin: 182n }).step.closed).toBe(false);
  });

  it("abandon pays the state's value: the RTP before the first guess", () => {
    const fresh = dealt([3, 4], { stake: 1000n });
    skip(fresh);
    expect(abandonRound(hiloGame, fresh).ops).toEqual([
      { kind: "credit", amount: 990n, closesRound: true, reason: "abandoned" },
    ]);
    const played = dealt([0, 5], { stake: 1000n });
    guess(played, "higher");
    expect(abandonRound(hiloGame, played).ops.at(-1)?.amount).toBe(
      payout(1000n, multiplierFor(rtp, [rat(12, 13)])),
    );
    expect(abandonRound(hiloGame, played)).toMatchObject({ ops: [], closed: true });
  });

  it("refuses illegal params and actions", () => {
    expect(hiloGame.parseParams({ deck: 1 }, { rtp, decimals: 2 })).toMatchObject({
      error: "invalid_params",
    });
    const round = dealt([4, 4, 0]);
    const attempt = (input: unknown) => tryAction(hiloGame, round.step.state, input, rtp);
    expect(attempt({ action: "cash_out" })).toMatchObject({ error: "no_step_taken" });
    for (const direction of ["same", "up", 1, undefined]) {
      expect(attempt({ action: "guess", params: { direction } })).toMatchObject({
        error: "invalid_direction",
      });
    }
    expect(attempt({ action: "skip", params: { times: 2 } })).toMatchObject({ error: "invalid_action" });
    expect(attempt({ action: "fold" })).toMatchObject({ error: "unknown_action" });
    expect(attempt([])).toMatchObject({ error: "invalid_action" });
    guess(round, "lower");
    guess(round, "higher");
    expect(attempt({ action: "skip" })).toMatchObject({ error: "round_closed" });
  });
});

describe("hilo views and verification", () => {
  it("the open view never shows a future card", () => {
    const a = dealt([6, 9, 1]);
    const b = dealt([6, 9, 11]);
    guess(a, "higher");
    guess(b, "higher");
    expect(JSON.stringify(a.step.view)).toBe(JSON.stringify(b.step.view));
  });

  it("reveal lists every card drawn, recomputable from the seeds; a replay reproduces the round", () => {
    const play = () => {
      const round = begin(hiloGame, {}, rtp, { nonce: 9 });
      skip(round);
      while (!round.step.closed) {
        const rank = rankOf(round.step.view.card.card);
        guess(round, rank < 6 ? "higher" : "lower");
      }
      return round;
    };
    const round = play();
    const reader = round.random.reader(0);
    const revealed = hiloGame.reveal(round.step.state) as HiloState;
    for (const draw of revealed.draws) expect(draw.card).toBe(reader.nextInt(52));
    expect(play().step).toEqual(round.step);
    expect(play().ops).toEqual(round.ops);
  });
});

describe("hilo through the production path", () => {
  it("ranks are uniform (chi-square over first cards and skips)", () => {
    const counts = new Array<number>(RANKS).fill(0);
    let cards = 0;
    for (let nonce = 0; nonce < 6_000; nonce++) {
      const round = begin(hiloGame, {}, rtp, { nonce, serverSeed: "chi" });
      skip(round);
      skip(round);
      for (const draw of round.step.state.draws) {
        const rank = rankOf(draw.card);
        counts[rank] = (counts[rank] ?? 0) + 1;
        cards++;
      }
    }
    expect(chiSquare(counts, new Array(RANKS).fill(1 / RANKS), cards).pValue).toBeGreaterThan(1e-4);
  });

  const simulateStrategy = (strategy: "random" | "first") => {
    const choose = playerRng(strategy === "random" ? 41 : 42);
    const sample = new Moments();
    const stake = 10n ** 12n;
    for (let nonce = 0; nonce < 20_000; nonce++) {
      const round = begin(hiloGame, {}, rtp, { nonce, stake, serverSeed: `mc-${strategy}` });
      while (!round.step.closed) {
        const roll = choose();
        if (round.step.view.correctGuesses > 0 && (strategy === "first" || roll < 0.3)) cashOut(round);
        else if (strategy === "random" && roll > 0.9 && round.step.view.skipsLeft > 0) skip(round);
        else guess(round, choose() < 0.5 ? "higher" : "lower");
      }
      sample.add(Number(paidOut(round)) / Number(stake));
    }
    return sample;
  };

  it("returns the RTP with a random strategy (within 4 standard errors)", () => {
    expect(meanWithinStandardErrors(simulateStrategy("random"), 0.99).within).toBe(true);
  });

  it("returns the RTP cashing out after the first correct guess (within 4 standard errors)", () => {
    expect(meanWithinStandardErrors(simulateStrategy("first"), 0.99).within).toBe(true);
  });
});
