import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare } from "../../../src/analysis/stats.ts";
import { RISKS } from "../../../src/games/risk.ts";
import { analyze, wheelGame } from "../../../src/games/wheel/index.ts";
import { layoutOf, SEGMENT_COUNTS } from "../../../src/games/wheel/paytable.ts";
import { add, cmp, dec, div, eq, rat, sub, ZERO } from "../../../src/math/rational.ts";
import {
  contextFor,
  declaredRtps,
  defined,
  floatsOf,
  parseContext,
  rounds,
  tally,
} from "../plinko/harness.ts";

const RTP_98 = rat(98, 100);
const MAX_WIN = 10n ** 12n;

describe("wheel layouts", () => {
  it("average exactly the declared RTP, and stay within 0.01 pp of it over the 2^32 lattice", () => {
    const rtps = declaredRtps("wheel");
    expect(rtps).toHaveLength(4);
    for (const rtp of rtps) {
      const reports = analyze(rtp);
      expect(reports).toHaveLength(15);
      for (const report of reports) {
        expect(withinTolerance(report.rtp, rtp), report.configuration).toBe(true);
        // Each segment's count is within one word of 2^32 / segments: the RTP moves by less than 50 / 2^32.
        const gap = sub(report.rtp, rtp);
        expect(cmp(gap.num < 0n ? rat(-gap.num, gap.den) : gap, rat(50, 2 ** 32))).toBeLessThan(0);
      }
      for (const risk of RISKS) {
        for (const segments of SEGMENT_COUNTS) {
          const layout = layoutOf(segments, risk, rtp);
          expect(layout).toHaveLength(segments);
          expect(eq(div(layout.reduce(add, ZERO), rat(segments)), rtp)).toBe(true);
        }
      }
    }
  });

  it("pays RTP x segments on the single high-risk segment, and 1.2x-1.5x on low risk", () => {
    const high = layoutOf(50, "high", rat(99, 100));
    expect(high.filter((m) => m.num > 0n)).toEqual([dec("49.5")]);
    const low = layoutOf(10, "low", rat(99, 100));
    expect(low.filter((m) => m.num === 0n)).toHaveLength(2);
    expect(low.filter((m) => eq(m, dec("1.5")))).toHaveLength(1);
  });
});

describe("wheel through the production path", () => {
  const spin = (segments: number, n: number) => {
    const counts = new Array<number>(segments).fill(0);
    for (const ctx of rounds(n)) {
      tally(
        counts,
        wheelGame.start(
          { stake: 100n, params: { segments, risk: "medium" }, rtp: RTP_98, maxWin: MAX_WIN },
          ctx,
        ).view.segment,
      );
    }
    return counts;
  };

  it("stops on every segment equally often (chi-square, 30,000 spins of 30 segments)", () => {
    const counts = spin(30, 30_000);
    expect(chiSquare(counts, new Array(30).fill(1 / 30), 30_000).pValue).toBeGreaterThan(1e-4);
  });

  it("would catch a wheel that never stops on its last segment", () => {
    const counts = new Array<number>(30).fill(0);
    for (const ctx of rounds(30_000)) tally(counts, ctx.random.nextInt(29));
    expect(chiSquare(counts, new Array(30).fill(1 / 30), 30_000).pValue).toBeLessThan(1e-4);
  });

  it("reproduces the published example of docs/games/wheel.md", () => {
    const seeds = {
      serverSeed: "3f1c9a7e5b2d4f6081a2c3e4d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718",
      clientSeed: "lucky-player",
      nonce: 11,
    };
    expect(floatsOf(seeds, 1)[0]?.toFixed(10)).toBe("0.6886962701");
    const step = wheelGame.start(
      { stake: 1000n, params: { segments: 30, risk: "medium" }, rtp: RTP_98, maxWin: MAX_WIN },
      contextFor(seeds),
    );
    expect(step.view).toMatchObject({ segment: 20, multiplier: "0.0000", payout: "0" });
    expect(step.view.layout[2]).toBe("9.00");
  });
});

describe("wheel rounds", () => {
  it("settles at start with floor(stake x multiplier) and hides the server seed", () => {
    for (const ctx of rounds(20, "wheel-settle")) {
      const step = wheelGame.start(
        { stake: 777n, params: { segments: 10, risk: "low" }, rtp: RTP_98, maxWin: MAX_WIN },
        ctx,
      );
      const m = defined(layoutOf(10, "low", RTP_98)[step.view.segment]);
      expect(step.ops).toEqual([
        { kind: "debit", amount: 777n, reason: "bet" },
        {
          kind: "credit",
          amount: (777n * m.num) / m.den,
          closesRound: true,
          reason: m.num > 0n ? "win" : "loss",
        },
      ]);
      expect(JSON.stringify(step.view)).not.toContain("wheel-settle");
      expect(wheelGame.abandon(step.state, ctx)).toMatchObject({ closed: true, ops: [], view: step.view });
    }
  });

  it("caps the payout at the top segment", () => {
    expect(wheelGame.maxPayout({ segments: 50, risk: "high" }, 100n, RTP_98)).toBe(4900n);
    expect(wheelGame.maxPayout({ segments: 10, risk: "medium" }, 100n, RTP_98)).toBe(310n);
  });

  it("refuses invalid params with specific errors", () => {
    const parse = (input: unknown, rtp = RTP_98) => wheelGame.parseParams(input, parseContext(rtp));
    expect(parse({ segments: 40, risk: "low" })).toEqual({ ok: true, value: { segments: 40, risk: "low" } });
    expect(parse({ segments: 25, risk: "low" })).toMatchObject({
      ok: false,
      detail: "segments must be one of 10, 20, 30, 40, 50",
    });
    expect(parse({ segments: "10", risk: "low" })).toMatchObject({ ok: false, error: "invalid_segments" });
    expect(parse({ segments: 10, risk: "max" })).toMatchObject({
      ok: false,
      detail: "risk must be one of low, medium, high",
    });
    expect(parse("10")).toMatchObject({ ok: false, error: "invalid_params" });
    expect(parse({ segments: 10, risk: "low" }, rat(965, 1000))).toMatchObject({
      ok: false,
      error: "rtp_not_offered",
    });
  });
});
