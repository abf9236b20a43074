import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare } from "../../../src/analysis/stats.ts";
import { analyze, casesGame } from "../../../src/games/cases/index.ts";
import { DIFFICULTIES, itemsOf } from "../../../src/games/cases/paytable.ts";
import { add, cmp, dec, eq, mul, rat, sub, ZERO } from "../../../src/math/rational.ts";
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

describe("cases maths", () => {
  it("weighs every case to exactly its RTP, and stays within 0.01 pp over the 2^32 lattice", () => {
    const rtps = declaredRtps("cases");
    expect(rtps).toHaveLength(4);
    for (const rtp of rtps) {
      for (const difficulty of DIFFICULTIES) {
        const items = defined(itemsOf(rtp, difficulty));
        expect(items.reduce((n, i) => n + i.weight, 0)).toBe(10_000);
        const nominal = items.reduce((s, i) => add(s, mul(i.multiplier, rat(i.weight, 10_000))), ZERO);
        expect(eq(nominal, rtp), `${difficulty} at ${rtp.num}/${rtp.den}`).toBe(true);
      }
      for (const report of analyze(rtp)) {
        expect(withinTolerance(report.rtp, rtp), report.configuration).toBe(true);
        const gap = sub(report.rtp, rtp);
        expect(cmp(gap.num < 0n ? rat(-gap.num, gap.den) : gap, rat(1, 10 ** 6))).toBeLessThan(0);
      }
    }
  });

  it("gets rarer and bigger with difficulty", () => {
    const reports = analyze(RTP_99);
    expect(reports.map((r) => r.configuration)).toEqual([
      "difficulty=easy",
      "difficulty=medium",
      "difficulty=hard",
      "difficulty=expert",
    ]);
    expect(reports.map((r) => r.maxMultiplier)).toEqual([dec("10"), dec("50"), dec("500"), dec("1000")]);
    for (let i = 1; i < reports.length; i++) {
      expect(cmp(defined(reports[i]).hitFrequency, defined(reports[i - 1]).hitFrequency)).toBeLessThan(0);
      expect(cmp(defined(reports[i]).secondMoment, defined(reports[i - 1]).secondMoment)).toBeGreaterThan(0);
    }
  });
});

describe("cases through the production path", () => {
  it("opens items as often as their weights say (chi-square, 30,000 medium cases)", () => {
    const items = defined(itemsOf(RTP_99, "medium"));
    const counts = new Array<number>(items.length).fill(0);
    for (const ctx of rounds(30_000)) {
      tally(
        counts,
        casesGame.start({ stake: 100n, params: { difficulty: "medium" }, rtp: RTP_99, maxWin: MAX_WIN }, ctx)
          .view.item,
      );
    }
    expect(
      chiSquare(
        counts,
        items.map((i) => i.weight / 10_000),
        30_000,
      ).pValue,
    ).toBeGreaterThan(1e-4);
  });

  it("would catch cumulative weights read from the top item down", () => {
    const items = defined(itemsOf(RTP_99, "medium"));
    const counts = new Array<number>(items.length).fill(0);
    for (const ctx of rounds(30_000)) {
      let ticket = ctx.random.nextInt(10_000);
      let i = items.length - 1;
      while (ticket >= defined(items[i]).weight) ticket -= defined(items[i--]).weight;
      tally(counts, items.length - 1 - i);
    }
    expect(
      chiSquare(
        counts,
        items.map((i) => i.weight / 10_000),
        30_000,
      ).pValue,
    ).toBeLessThan(1e-4);
  });

  it("reproduces the published example of docs/games/cases.md", () => {
    const seeds = {
      serverSeed: "3f1c9a7e5b2d4f6081a2c3e4d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718",
      clientSeed: "lucky-player",
      nonce: 48,
    };
    expect(floatsOf(seeds, 1)[0]?.toFixed(10)).toBe("0.9609604194");
    const step = casesGame.start(
      { stake: 1000n, params: { difficulty: "hard" }, rtp: RTP_99, maxWin: MAX_WIN },
      contextFor(seeds),
    );
    expect(step.view).toMatchObject({ ticket: 9609, item: 4, multiplier: "5.0000", payout: "5000" });
  });
});

describe("cases rounds", () => {
  it("settles at start, hides the server seed, abandons without moving money", () => {
    const ctx = contextFor({ serverSeed: "cases-secret", clientSeed: "c", nonce: 2 });
    const step = casesGame.start(
      { stake: 90n, params: { difficulty: "easy" }, rtp: RTP_99, maxWin: MAX_WIN },
      ctx,
    );
    const m = defined(defined(itemsOf(RTP_99, "easy"))[step.view.item]).multiplier;
    expect(step.ops).toEqual([
      { kind: "debit", amount: 90n, reason: "bet" },
      { kind: "credit", amount: (90n * m.num) / m.den, closesRound: true, reason: "win" },
    ]);
    expect(JSON.stringify(step.view)).not.toContain("cases-secret");
    expect(casesGame.abandon(step.state, ctx)).toMatchObject({ closed: true, ops: [], view: step.view });
  });

  it("caps the payout at the top item", () => {
    expect(casesGame.maxPayout({ difficulty: "expert" }, 100n, RTP_99)).toBe(100_000n);
    expect(casesGame.maxPayout({ difficulty: "easy" }, 7n, RTP_99)).toBe(70n);
  });

  it("refuses invalid params with specific errors", () => {
    const parse = (input: unknown, rtp = RTP_99) => casesGame.parseParams(input, parseContext(rtp));
    expect(parse({ difficulty: "expert" })).toEqual({ ok: true, value: { difficulty: "expert" } });
    expect(parse({ difficulty: "insane" })).toMatchObject({
      ok: false,
      detail: "difficulty must be one of easy, medium, hard, expert",
    });
    expect(parse({ risk: "high" })).toMatchObject({ ok: false, detail: 'unknown parameter "risk"' });
    expect(parse(undefined)).toMatchObject({ ok: false, error: "invalid_params" });
    expect(parse({ difficulty: "easy" }, rat(965, 1000))).toMatchObject({
      ok: false,
      error: "rtp_not_offered",
    });
  });
});
