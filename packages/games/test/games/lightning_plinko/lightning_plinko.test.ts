import { describe, expect, it } from "vitest";
import { chiSquare } from "../../../src/analysis/stats.ts";
import { baseTable } from "../../../src/games/lightning_plinko/game.ts";
import { analyze, lightningPlinkoGame } from "../../../src/games/lightning_plinko/index.ts";
import { boostOf } from "../../../src/games/lightning_plinko/paytable.ts";
import { MAX_ROWS, MIN_ROWS } from "../../../src/games/plinko/paytable.ts";
import { RISKS } from "../../../src/games/risk.ts";
import { add, dec, eq, mul, rat, toNumber, ZERO } from "../../../src/math/rational.ts";
import {
  contextFor,
  declaredRtps,
  defined,
  floatsOf,
  parseContext,
  rounds,
  tally,
} from "../plinko/harness.ts";

const RTP_97 = rat(97, 100);
const MAX_WIN = 10n ** 12n;

function pascal(rows: number): bigint[] {
  let line = [1n];
  for (let r = 0; r < rows; r++)
    line = [...line, 0n].map((v, k) => v + (k > 0 ? (line[k - 1] as bigint) : 0n));
  return line;
}

describe("lightning plinko maths", () => {
  it("is offered at 97% only, and returns exactly 97% in every configuration", () => {
    expect(declaredRtps("lightning_plinko")).toEqual([RTP_97]);
    const reports = analyze(RTP_97);
    expect(reports).toHaveLength(27);
    for (const report of reports) expect(eq(report.rtp, RTP_97), report.configuration).toBe(true);
  });

  it("strikes a bucket with probability 32/256 and raises its mean by exactly 388/256", () => {
    let struck = 0;
    let total = ZERO;
    for (let v = 0; v < 256; v++) {
      const boost = boostOf(v);
      if (boost) struck++;
      total = add(total, boost ?? dec("1"));
    }
    expect(struck).toBe(32);
    expect(total).toEqual(rat(388));
  });

  it("has symmetric base tables returning exactly 64%", () => {
    for (const risk of RISKS) {
      for (let rows = MIN_ROWS; rows <= MAX_ROWS; rows++) {
        const table = baseTable({ rows, risk }, RTP_97);
        for (let k = 0; k <= rows; k++) expect(eq(defined(table[k]), defined(table[rows - k]))).toBe(true);
        const paths = pascal(rows);
        const rtp = table.reduce(
          (sum, m, k) => add(sum, mul(m, rat(defined(paths[k]), 2n ** BigInt(rows)))),
          ZERO,
        );
        expect(rtp).toEqual(rat(64, 100));
      }
    }
  });

  it("reaches 50 x the edge at most", () => {
    const report = defined(analyze(RTP_97).find((r) => r.configuration === "rows=16 risk=high"));
    expect(report.maxMultiplier).toEqual(dec("20000"));
    expect(lightningPlinkoGame.maxPayout({ rows: 16, risk: "high" }, 100n, RTP_97)).toBe(2_000_000n);
    expect(toNumber(report.hitFrequency)).toBe(1);
  });
});

describe("lightning plinko through the production path", () => {
  it("lands with binomial frequencies and strikes with the published boost odds (chi-square, 20,000 drops)", () => {
    const n = 20_000;
    const buckets = new Array<number>(13).fill(0);
    const boosts = new Map<string, number>(["2", "3", "5", "10", "15", "50", "none"].map((b) => [b, 0]));
    for (const ctx of rounds(n)) {
      const step = lightningPlinkoGame.start(
        { stake: 100n, params: { rows: 12, risk: "low" }, rtp: RTP_97, maxWin: MAX_WIN },
        ctx,
      );
      tally(buckets, step.view.bucket);
      const struck = new Map(step.view.strikes.map((s) => [s.bucket, s.boost]));
      for (let b = 0; b <= 12; b++) {
        const key = struck.get(b) ?? "none";
        boosts.set(key, (boosts.get(key) ?? 0) + 1);
      }
    }
    const paths = pascal(12).map((c) => Number(c) / 4096);
    expect(chiSquare(buckets, paths, n).pValue).toBeGreaterThan(1e-4);
    const published = [15, 8, 5, 2, 1, 1, 224].map((v) => v / 256);
    expect(chiSquare([...boosts.values()], published, n * 13).pValue).toBeGreaterThan(1e-4);
  });

  it("reproduces the published example of docs/games/lightning_plinko.md", () => {
    const seeds = {
      serverSeed: "3f1c9a7e5b2d4f6081a2c3e4d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718",
      clientSeed: "lucky-player",
      nonce: 10,
    };
    expect(floatsOf(seeds, 11)[10]?.toFixed(10)).toBe("0.0225544025");
    const step = lightningPlinkoGame.start(
      { stake: 1000n, params: { rows: 8, risk: "medium" }, rtp: RTP_97, maxWin: MAX_WIN },
      contextFor(seeds),
    );
    expect(step.view).toMatchObject({
      path: "RLLRLLLL",
      bucket: 2,
      strikes: [{ bucket: 2, boost: "2" }],
      boost: "2",
      multiplier: "1.7600",
      payout: "1760",
    });
  });

  it("settles at start, shows no server seed, abandons without moving money", () => {
    const ctx = contextFor({ serverSeed: "hidden-seed", clientSeed: "c", nonce: 4 });
    const step = lightningPlinkoGame.start(
      { stake: 500n, params: { rows: 10, risk: "high" }, rtp: RTP_97, maxWin: MAX_WIN },
      ctx,
    );
    expect(step.closed).toBe(true);
    expect(step.ops[0]).toEqual({ kind: "debit", amount: 500n, reason: "bet" });
    expect(step.ops[1]).toMatchObject({
      kind: "credit",
      amount: BigInt(step.view.payout),
      closesRound: true,
    });
    expect(JSON.stringify(step.view)).not.toContain("hidden-seed");
    expect(lightningPlinkoGame.abandon(step.state, ctx)).toMatchObject({
      closed: true,
      ops: [],
      view: step.view,
    });
  });

  it("refuses invalid params and other RTPs", () => {
    const parse = (input: unknown, rtp = RTP_97) => lightningPlinkoGame.parseParams(input, parseContext(rtp));
    expect(parse({ rows: 16, risk: "high" })).toEqual({ ok: true, value: { rows: 16, risk: "high" } });
    expect(parse({ rows: 0, risk: "high" })).toMatchObject({
      ok: false,
      detail: "rows must be an integer from 8 to 16",
    });
    expect(parse({ rows: 16, risk: "HIGH" })).toMatchObject({ ok: false, error: "invalid_risk" });
    expect(parse({ rows: 16, risk: "high" }, rat(99, 100))).toMatchObject({
      ok: false,
      error: "rtp_not_offered",
    });
  });
});
