import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare } from "../../../src/analysis/stats.ts";
import { lampDistribution } from "../../../src/games/pinball/analysis.ts";
import { analyze, pinballGame } from "../../../src/games/pinball/index.ts";
import { tableOf } from "../../../src/games/pinball/paytable.ts";
import { dec, eq, rat, toNumber } from "../../../src/math/rational.ts";
import {
  contextFor,
  declaredRtps,
  defined,
  floatsOf,
  parseContext,
  rounds,
  tally,
} from "../plinko/harness.ts";

const RTP = rat(965, 1000);
const MAX_WIN = 10n ** 12n;

/**
 * P(l lamps) by counting bounce sequences instead of the game's dynamic programme: a drained ball with l < 15
 * lamps made a bumpers and b ramps (a + 2b = l) in any of C(a + b, b) orders, then drained.
 */
function lampProbabilities(): number[] {
  const choose = (n: number, k: number) => {
    let c = 1;
    for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
    return c;
  };
  const p: number[] = [];
  for (let l = 0; l < 15; l++) {
    let total = 0;
    for (let b = 0; 2 * b <= l; b++) {
      const a = l - 2 * b;
      total += choose(a + b, b) * (9 / 16) ** a * (1 / 16) ** b * (6 / 16);
    }
    p.push(total);
  }
  p.push(1 - p.reduce((x, y) => x + y, 0));
  return p;
}

describe("pinball maths", () => {
  it("is offered at 96.5% only, within 0.01 pp at every risk", () => {
    expect(declaredRtps("pinball")).toEqual([RTP]);
    const reports = analyze(RTP);
    expect(reports.map((r) => r.configuration)).toEqual(["risk=low", "risk=medium", "risk=high"]);
    for (const report of reports) expect(withinTolerance(report.rtp, RTP), report.configuration).toBe(true);
  });

  it("computes the lamp distribution that counting bounce sequences gives", () => {
    const exact = lampDistribution();
    const counted = lampProbabilities();
    exact.forEach((p, l) => {
      expect(toNumber(p)).toBeCloseTo(counted[l] ?? Number.NaN, 12);
    });
    expect(exact[0]).toEqual(rat(6, 16));
  });

  it("pays more for more lamps, the most for the jackpot", () => {
    for (const risk of ["low", "medium", "high"] as const) {
      const table = defined(tableOf(RTP, risk));
      for (let l = 1; l < table.length; l++)
        expect(toNumber(defined(table[l]))).toBeGreaterThanOrEqual(toNumber(defined(table[l - 1])));
    }
    expect(analyze(RTP)[2]?.maxMultiplier).toEqual(dec("246.2"));
    expect(eq(defined(analyze(RTP)[0]).hitFrequency, rat(10, 16))).toBe(true);
  });
});

describe("pinball through the production path", () => {
  it("lights lamps with the counted probabilities (chi-square, 30,000 balls)", () => {
    const counts = new Array<number>(16).fill(0);
    for (const ctx of rounds(30_000)) {
      tally(
        counts,
        pinballGame.start({ stake: 100n, params: { risk: "high" }, rtp: RTP, maxWin: MAX_WIN }, ctx).view
          .lamps,
      );
    }
    expect(chiSquare(counts, lampProbabilities(), 30_000).pValue).toBeGreaterThan(1e-4);
  });

  it("would catch a ramp that lights only one lamp", () => {
    const counts = new Array<number>(16).fill(0);
    for (const ctx of rounds(30_000)) {
      let lamps = 0;
      while (lamps < 15 && ctx.random.nextInt(16) >= 6) lamps++;
      tally(counts, lamps);
    }
    expect(chiSquare(counts, lampProbabilities(), 30_000).pValue).toBeLessThan(1e-4);
  });

  it("reproduces the published example of docs/games/pinball.md", () => {
    const seeds = {
      serverSeed: "3f1c9a7e5b2d4f6081a2c3e4d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718",
      clientSeed: "lucky-player",
      nonce: 62,
    };
    expect(floatsOf(seeds, 2).map((f) => f.toFixed(10))).toEqual(["0.3899596278", "0.9946881332"]);
    const step = pinballGame.start(
      { stake: 1000n, params: { risk: "medium" }, rtp: RTP, maxWin: MAX_WIN },
      contextFor(seeds),
    );
    expect(step.view).toMatchObject({
      bounces: ["bumper", "ramp", "bumper", "bumper", "bumper", "drain"],
      lamps: 6,
      jackpot: false,
      multiplier: "2.5000",
      payout: "2500",
    });
  });
});

describe("pinball rounds", () => {
  it("settles at start, hides the server seed, abandons without moving money", () => {
    const ctx = contextFor({ serverSeed: "pinball-secret", clientSeed: "c", nonce: 5 });
    const step = pinballGame.start({ stake: 300n, params: { risk: "low" }, rtp: RTP, maxWin: MAX_WIN }, ctx);
    const m = defined(defined(tableOf(RTP, "low"))[step.view.lamps]);
    expect(step.ops).toEqual([
      { kind: "debit", amount: 300n, reason: "bet" },
      {
        kind: "credit",
        amount: (300n * m.num) / m.den,
        closesRound: true,
        reason: m.num > 0n ? "win" : "loss",
      },
    ]);
    expect(JSON.stringify(step.view)).not.toContain("pinball-secret");
    expect(pinballGame.abandon(step.state, ctx)).toMatchObject({ closed: true, ops: [], view: step.view });
  });

  it("caps the payout at the jackpot", () => {
    expect(pinballGame.maxPayout({ risk: "high" }, 100n, RTP)).toBe(24_620n);
    expect(pinballGame.maxPayout({ risk: "low" }, 1n, RTP)).toBe(69n);
  });

  it("refuses invalid params with specific errors", () => {
    const parse = (input: unknown, rtp = RTP) => pinballGame.parseParams(input, parseContext(rtp));
    expect(parse({ risk: "medium" })).toEqual({ ok: true, value: { risk: "medium" } });
    expect(parse({ risk: 2 })).toMatchObject({ ok: false, detail: "risk must be one of low, medium, high" });
    expect(parse({ risk: "low", balls: 2 })).toMatchObject({
      ok: false,
      detail: 'unknown parameter "balls"',
    });
    expect(parse(42)).toMatchObject({ ok: false, error: "invalid_params" });
    expect(parse({ risk: "low" }, rat(97, 100))).toMatchObject({ ok: false, error: "rtp_not_offered" });
  });
});
