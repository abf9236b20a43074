import { describe, expect, it } from "vitest";
import { chiSquare } from "../../../src/analysis/stats.ts";
import { plinkoTable } from "../../../src/games/plinko/game.ts";
import { analyze as analyzePlinko } from "../../../src/games/plinko/index.ts";
import { analyze, plinko100Game } from "../../../src/games/plinko_100/index.ts";
import { add, dec, eq, mul, ONE, rat, sub, ZERO } from "../../../src/math/rational.ts";
import {
  contextFor,
  declaredRtps,
  defined,
  floatsOf,
  parseContext,
  rounds,
  tally,
} from "../plinko/harness.ts";

const RTP_99 = rat(99, 100);
const MAX_WIN = 10n ** 12n;

function binomialProbabilities(rows: number): number[] {
  let line = [1];
  for (let r = 0; r < rows; r++) line = [...line, 0].map((v, k) => v + (k > 0 ? (line[k - 1] as number) : 0));
  return line.map((c) => c / 2 ** rows);
}

describe("plinko 100 maths", () => {
  it("returns each declared RTP exactly, like one ball", () => {
    for (const rtp of declaredRtps("plinko_100")) {
      const reports = analyze(rtp);
      expect(reports).toHaveLength(27);
      for (const report of reports) expect(eq(report.rtp, rtp), report.configuration).toBe(true);
    }
  });

  it("has the variance of a mean of 100 balls", () => {
    const ball = defined(analyzePlinko(RTP_99).find((r) => r.configuration === "rows=16 risk=high"));
    const bet = defined(analyze(RTP_99).find((r) => r.configuration === "rows=16 risk=high"));
    const ballVariance = sub(ball.secondMoment, mul(ball.rtp, ball.rtp));
    const betVariance = sub(bet.secondMoment, mul(bet.rtp, bet.rtp));
    expect(eq(mul(betVariance, rat(100)), ballVariance)).toBe(true);
    expect(bet.hitFrequency).toEqual(ONE);
    expect(bet.maxMultiplier).toEqual(dec("1000"));
  });
});

describe("plinko 100 through the production path", () => {
  it("drops balls with binomial frequencies (chi-square, 300 bets x 100 balls of 16 rows)", () => {
    const counts = new Array<number>(17).fill(0);
    for (const ctx of rounds(300)) {
      const step = plinko100Game.start(
        { stake: 100n, params: { rows: 16, risk: "medium" }, rtp: RTP_99, maxWin: MAX_WIN },
        ctx,
      );
      for (const bucket of step.view.buckets) tally(counts, bucket);
    }
    expect(chiSquare(counts, binomialProbabilities(16), 30_000).pValue).toBeGreaterThan(1e-4);
  });

  it("reads ball b from floats b x rows onwards, with plinko's left/right mapping", () => {
    const seeds = { serverSeed: "ball-order", clientSeed: "c", nonce: 1 };
    const step = plinko100Game.start(
      { stake: 100n, params: { rows: 12, risk: "high" }, rtp: RTP_99, maxWin: MAX_WIN },
      contextFor(seeds),
    );
    const floats = floatsOf(seeds, 1200);
    expect(step.view.paths).toHaveLength(100);
    step.view.paths.forEach((path, ball) => {
      const expected = floats
        .slice(ball * 12, ball * 12 + 12)
        .map((f) => (f >= 0.5 ? "R" : "L"))
        .join("");
      expect(path).toBe(expected);
      expect(step.view.buckets[ball]).toBe([...expected].filter((c) => c === "R").length);
    });
  });

  it("reproduces the published example of docs/games/plinko_100.md", () => {
    const seeds = {
      serverSeed: "3f1c9a7e5b2d4f6081a2c3e4d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718",
      clientSeed: "lucky-player",
      nonce: 8,
    };
    const step = plinko100Game.start(
      { stake: 250n, params: { rows: 8, risk: "low" }, rtp: RTP_99, maxWin: MAX_WIN },
      contextFor(seeds),
    );
    expect(step.view.paths[0]).toBe("LLRRLRRL");
    expect(step.view.buckets.slice(0, 5)).toEqual([4, 3, 4, 2, 4]);
    expect(step.view.multiplier).toBe("0.9887");
    expect(step.view.payout).toBe("247");
  });
});

describe("plinko 100 settlement", () => {
  it("rounds once per bet: floor(stake x sum / 100), never the sum of per-ball roundings", () => {
    const params = { rows: 8, risk: "low" } as const;
    const table = plinkoTable(params, RTP_99);
    // 100 minor units put 1 unit on each ball: per-ball rounding would pay only the balls at 1x or more, floored.
    const step = plinko100Game.start(
      { stake: 100n, params, rtp: RTP_99, maxWin: MAX_WIN },
      contextFor({ serverSeed: "rounding", clientSeed: "c", nonce: 0 }),
    );
    const ballMultipliers = step.view.buckets.map((b) => defined(table[b]));
    const total = ballMultipliers.reduce(add, ZERO);
    const perBet = (100n * total.num) / (total.den * 100n);
    const perBall = ballMultipliers.reduce((sum, m) => sum + (1n * m.num) / m.den, 0n);
    expect(perBall).not.toBe(perBet);
    expect(step.view.payout).toBe(perBet.toString());
    expect(step.ops).toEqual([
      { kind: "debit", amount: 100n, reason: "bet" },
      { kind: "credit", amount: perBet, closesRound: true, reason: "win" },
    ]);
  });

  it("caps the payout at 100 balls in the top bucket, and abandons without moving money", () => {
    expect(plinko100Game.maxPayout({ rows: 16, risk: "high" }, 10n, RTP_99)).toBe(10_000n);
    const ctx = contextFor({ serverSeed: "secret-seed", clientSeed: "c", nonce: 0 });
    const step = plinko100Game.start(
      { stake: 10n, params: { rows: 8, risk: "high" }, rtp: RTP_99, maxWin: MAX_WIN },
      ctx,
    );
    expect(JSON.stringify(step.view)).not.toContain("secret-seed");
    expect(plinko100Game.abandon(step.state, ctx)).toMatchObject({ closed: true, ops: [], view: step.view });
  });

  it("refuses invalid params with specific errors", () => {
    const parse = (input: unknown) => plinko100Game.parseParams(input, parseContext(RTP_99));
    expect(parse({ rows: 10, risk: "high" })).toEqual({ ok: true, value: { rows: 10, risk: "high" } });
    expect(parse({ rows: 20, risk: "high" })).toMatchObject({
      ok: false,
      detail: "rows must be an integer from 8 to 16",
    });
    expect(parse({ rows: 10, risk: "wild" })).toMatchObject({ ok: false, error: "invalid_risk" });
    expect(plinko100Game.parseParams({ rows: 10, risk: "low" }, parseContext(rat(97, 100)))).toMatchObject({
      ok: true,
    });
    expect(plinko100Game.parseParams({ rows: 10, risk: "low" }, parseContext(rat(965, 1000)))).toMatchObject({
      ok: false,
      error: "rtp_not_offered",
    });
  });
});
