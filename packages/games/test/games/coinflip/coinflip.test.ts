import { describe, expect, it } from "vitest";
import { chiSquare, Moments, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import {
  analyze,
  type CoinflipState,
  type CoinflipView,
  coinflipGame,
  MAX_FLIPS,
  multiplierAt,
  type Side,
} from "../../../src/games/coinflip/index.ts";
import { div, eq, mul, ONE, payout, type Rational, rat, toFixedDown } from "../../../src/math/rational.ts";
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
const HEADS = 0;
const TAILS = 2 ** 31;
type CoinRound = Round<CoinflipState, CoinflipView>;
const flip = (round: CoinRound, side: Side) =>
  perform(coinflipGame, round, { action: "flip", params: { side } }, rtp);
const cashOut = (round: CoinRound) => perform(coinflipGame, round, { action: "cash_out" }, rtp);
const scripted = (words: number[], options: { stake?: bigint; maxWin?: bigint } = {}) =>
  begin(coinflipGame, {}, rtp, { random: wordsSource(words), ...options });

describe("coinflip ladder: exact martingale", () => {
  it.each(CATALOG_RTPS)("1/2 x m(n+1) = m(n) = RTP / 2^-n for n = 0..19 at %o", (declared) => {
    let reached: Rational = ONE;
    for (let n = 0; n < MAX_FLIPS; n++) {
      expect(eq(mul(rat(1, 2), multiplierAt(declared, n + 1)), multiplierAt(declared, n))).toBe(true);
      reached = mul(reached, rat(1, 2));
      expect(eq(multiplierAt(declared, n + 1), div(declared, reached))).toBe(true);
    }
    expect(eq(mul(multiplierAt(declared, 1), rat(1, 2)), declared)).toBe(true);
    expect(multiplierAt(declared, 0)).toEqual(declared);
  });

  it("reports exactly the declared RTP; the top is RTP x 2^20 (1,038,090.24x at 99%)", () => {
    for (const declared of CATALOG_RTPS) {
      for (const report of analyze(declared)) {
        expect(report.rtp).toEqual(declared);
        expect(report.maxMultiplier).toEqual(mul(declared, rat(2 ** 20)));
      }
    }
    expect(toFixedDown(multiplierAt(rtp, 20), 2)).toBe("1038090.24");
    expect(analyze(rtp)[0]?.hitFrequency).toEqual(rat(1, 2));
  });

  it("rounding down loses 49.49% of the value at a 1-unit stake (1.98x pays 1), nothing from 100 units", () => {
    const ladder = (declared: Rational) =>
      Array.from({ length: MAX_FLIPS }, (_, i) => multiplierAt(declared, i + 1));
    const oneUnit = worstRoundingLoss(ladder(rtp), 1n);
    expect(oneUnit.at).toEqual(rat(198, 100));
    expect(toFixedDown(oneUnit.loss, 4)).toBe("0.4949");
    for (const declared of CATALOG_RTPS)
      expect(worstRoundingLoss(ladder(declared), 100n).loss).toEqual(rat(0));
  });
});

describe("coinflip rounds", () => {
  it("maps the lower half of the words to heads, pays RTP x 2^n on cash-out", () => {
    const round = scripted([HEADS, TAILS - 1, TAILS, 2 ** 32 - 1], { stake: 1001n });
    expect(round.ops).toEqual([{ kind: "debit", amount: 1001n, reason: "bet" }]);
    expect(flip(round, "heads").view).toMatchObject({
      streak: 1,
      multiplier: "1.9800",
      next: { multiplier: "3.9600" },
    });
    flip(round, "heads");
    flip(round, "tails");
    const step = flip(round, "tails");
    expect(step.view.flips).toEqual([
      { call: "heads", result: "heads" },
      { call: "heads", result: "heads" },
      { call: "tails", result: "tails" },
      { call: "tails", result: "tails" },
    ]);
    expect(step.state.randomPosition).toBe(4);
    expect(cashOut(round).ops).toEqual([
      { kind: "credit", amount: payout(1001n, multiplierAt(rtp, 4)), closesRound: true, reason: "cash_out" },
    ]);
  });

  it("a wrong call loses with a zero credit", () => {
    const round = scripted([TAILS]);
    const step = flip(round, "heads");
    expect(step).toMatchObject({ closed: true, view: { status: "lost", payout: "0", multiplier: "0.0000" } });
    expect(step.ops).toEqual([{ kind: "credit", amount: 0n, closesRound: true, reason: "loss" }]);
  });

  it("the 20th correct call closes the round at the top", () => {
    const round = scripted(new Array(20).fill(HEADS));
    for (let i = 0; i < 19; i++) expect(flip(round, "heads").closed).toBe(false);
    const step = flip(round, "heads");
    expect(step).toMatchObject({ closed: true, view: { status: "completed", streak: 20 } });
    expect(paidOut(round)).toBe(payout(1_000_000n, multiplierAt(rtp, 20)));
  });

  it("cashes out automatically at the last correct call whose next payout would not fit the maximum win", () => {
    // stake 100 at 99%: 198, 396, 792; 1584 > 1000
    const round = scripted(new Array(5).fill(HEADS), { stake: 100n, maxWin: 1000n });
    flip(round, "heads");
    flip(round, "heads");
    const step = flip(round, "heads");
    expect(step).toMatchObject({ closed: true, note: "max_win_reached" });
    expect(step.ops).toEqual([
      { kind: "credit", amount: 792n, closesRound: true, reason: "max_win_reached" },
    ]);
    expect(scripted([], { stake: 100n, maxWin: 197n }).step).toMatchObject({
      closed: true,
      ops: [],
      note: "bet_exceeds_max_win",
    });
  });

  it("abandon pays the state's value: RTP before the first flip, the streak's multiplier after", () => {
    expect(abandonRound(coinflipGame, scripted([], { stake: 1000n })).ops).toEqual([
      { kind: "credit", amount: 990n, closesRound: true, reason: "abandoned" },
    ]);
    const round = scripted([HEADS], { stake: 1000n });
    flip(round, "heads");
    expect(abandonRound(coinflipGame, round).ops.at(-1)?.amount).toBe(1980n);
    expect(abandonRound(coinflipGame, round)).toMatchObject({ ops: [], closed: true });
  });

  it("refuses illegal actions and params", () => {
    expect(coinflipGame.parseParams({ flips: 3 }, { rtp, decimals: 2 })).toMatchObject({
      ok: false,
      error: "invalid_params",
    });
    expect(coinflipGame.parseParams({}, { rtp, decimals: 2 }).ok).toBe(true);
    const round = scripted([HEADS, TAILS]);
    const attempt = (input: unknown) => tryAction(coinflipGame, round.step.state, input, rtp);
    expect(attempt({ action: "cash_out" })).toMatchObject({ error: "no_step_taken" });
    for (const side of ["edge", "HEADS", 0, undefined]) {
      expect(attempt({ action: "flip", params: { side } })).toMatchObject({ error: "invalid_side" });
    }
    expect(attempt({ action: "flip" })).toMatchObject({ error: "invalid_side" });
    expect(attempt({ action: "toss" })).toMatchObject({ error: "unknown_action" });
    expect(attempt(null)).toMatchObject({ error: "invalid_action" });
    flip(round, "heads");
    flip(round, "heads");
    expect(attempt({ action: "flip", params: { side: "heads" } })).toMatchObject({ error: "round_closed" });
    expect(attempt({ action: "cash_out" })).toMatchObject({ error: "round_closed" });
  });
});

describe("coinflip views and verification", () => {
  it("the open view holds no future flip: rounds with different futures look the same", () => {
    const a = scripted([HEADS, HEADS]);
    const b = scripted([HEADS, TAILS]);
    flip(a, "heads");
    flip(b, "heads");
    expect(JSON.stringify(a.step.view)).toBe(JSON.stringify(b.step.view));
  });

  it("reveal lists every flip, recomputable from the seeds; a replay reproduces the round", () => {
    const play = () => {
      const round = begin(coinflipGame, {}, rtp, { nonce: 5 });
      while (!round.step.closed) flip(round, "tails");
      return round;
    };
    const round = play();
    const revealed = coinflipGame.reveal(round.step.state) as CoinflipState;
    const reader = round.random.reader(0);
    for (const f of revealed.flips) expect(f.result).toBe(reader.nextInt(2) === 0 ? "heads" : "tails");
    expect(play().step).toEqual(round.step);
    expect(play().ops).toEqual(round.ops);
  });
});

describe("coinflip through the production path", () => {
  it("the coin is fair (chi-square over 40,000 flips)", () => {
    const counts = [0, 0];
    let flips = 0;
    for (let nonce = 0; flips < 40_000; nonce++) {
      const round = begin(coinflipGame, {}, rtp, { nonce, serverSeed: "chi" });
      while (!round.step.closed && flips < 40_000) {
        const step = flip(round, "heads");
        const result = step.state.flips.at(-1)?.result;
        counts[result === "heads" ? 0 : 1] = (counts[result === "heads" ? 0 : 1] ?? 0) + 1;
        flips++;
      }
    }
    expect(chiSquare(counts, [0.5, 0.5], 40_000).pValue).toBeGreaterThan(1e-4);
  });

  const simulateStrategy = (strategy: "random" | "first") => {
    const choose = playerRng(strategy === "random" ? 21 : 22);
    const sample = new Moments();
    const stake = 10n ** 12n;
    for (let nonce = 0; nonce < 20_000; nonce++) {
      const round = begin(coinflipGame, {}, rtp, { nonce, stake, serverSeed: `mc-${strategy}` });
      while (!round.step.closed) {
        if (round.step.view.streak > 0 && (strategy === "first" || choose() < 0.3)) cashOut(round);
        else flip(round, choose() < 0.5 ? "heads" : "tails");
      }
      sample.add(Number(paidOut(round)) / Number(stake));
    }
    return sample;
  };

  it("returns the RTP with a random strategy (within 4 standard errors)", () => {
    expect(meanWithinStandardErrors(simulateStrategy("random"), 0.99).within).toBe(true);
  });

  it("returns the RTP cashing out after the first correct call (within 4 standard errors)", () => {
    expect(meanWithinStandardErrors(simulateStrategy("first"), 0.99).within).toBe(true);
  });
});
