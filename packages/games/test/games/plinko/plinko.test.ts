import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare } from "../../../src/analysis/stats.ts";
import type { RandomReader } from "../../../src/fair/random.ts";
import { plinkoTable } from "../../../src/games/plinko/game.ts";
import { analyze, plinkoGame } from "../../../src/games/plinko/index.ts";
import { MAX_ROWS, MIN_ROWS } from "../../../src/games/plinko/paytable.ts";
import { RISKS } from "../../../src/games/risk.ts";
import { cmp, dec, eq, ONE, rat, toNumber } from "../../../src/math/rational.ts";
import { contextFor, declaredRtps, defined, floatsOf, parseContext, rounds, tally } from "./harness.ts";

const RTP_99 = rat(99, 100);

/** Pascal's triangle, independent of the game's own binomial: P(bucket k) = C(rows, k) / 2^rows. */
function binomialProbabilities(rows: number): number[] {
  let line = [1];
  for (let r = 0; r < rows; r++) line = [...line, 0].map((v, k) => v + (k > 0 ? (line[k - 1] as number) : 0));
  return line.map((c) => c / 2 ** rows);
}

describe("plinko paytables", () => {
  it("offers every catalog RTP and returns it exactly in every configuration", () => {
    const rtps = declaredRtps("plinko");
    expect(rtps).toHaveLength(4);
    for (const rtp of rtps) {
      const reports = analyze(rtp);
      expect(reports).toHaveLength(27);
      for (const report of reports) {
        expect(eq(report.rtp, rtp), `${report.configuration} at ${toNumber(rtp)}`).toBe(true);
        expect(withinTolerance(report.rtp, rtp)).toBe(true);
      }
    }
  });

  it("has symmetric tables with high edges, below-one centres for medium and high risk, 1000x at 16 rows high", () => {
    for (const rtp of declaredRtps("plinko")) {
      for (const risk of RISKS) {
        for (let rows = MIN_ROWS; rows <= MAX_ROWS; rows++) {
          const table = plinkoTable({ rows, risk }, rtp);
          expect(table).toHaveLength(rows + 1);
          for (let k = 0; k <= rows; k++) expect(eq(defined(table[k]), defined(table[rows - k]))).toBe(true);
          for (let k = 0; k < Math.floor(rows / 2); k++)
            expect(cmp(defined(table[k]), defined(table[k + 1]))).toBeGreaterThanOrEqual(0);
          expect(cmp(defined(table[0]), dec("5"))).toBeGreaterThan(0);
          if (risk !== "low") expect(cmp(defined(table[Math.floor(rows / 2)]), ONE)).toBeLessThan(0);
        }
      }
      expect(plinkoTable({ rows: 16, risk: "high" }, rtp)[0]).toEqual(dec("1000"));
    }
  });

  it("reports hit frequency, max multiplier and second moment", () => {
    const report = analyze(RTP_99).find((r) => r.configuration === "rows=16 risk=high");
    expect(report?.hitFrequency).toEqual(ONE);
    expect(report?.maxMultiplier).toEqual(dec("1000"));
    // 2 x 1000^2 / 2^16 alone is above 30: a 1000x edge dominates the second moment.
    expect(toNumber(defined(report).secondMoment)).toBeGreaterThan(30);
  });
});

describe("plinko through the production path", () => {
  const histogram = (rowsCount: number, n: number, drop: (ctx: ReturnType<typeof contextFor>) => number) => {
    const counts = new Array<number>(rowsCount + 1).fill(0);
    for (const ctx of rounds(n)) tally(counts, drop(ctx));
    return counts;
  };

  it("lands in buckets with binomial frequencies (chi-square, 30,000 drops of 16 rows)", () => {
    const n = 30_000;
    const counts = histogram(16, n, (ctx) => {
      const step = plinkoGame.start(
        { stake: 100n, params: { rows: 16, risk: "high" }, rtp: RTP_99, maxWin: 10n ** 9n },
        ctx,
      );
      return step.view.bucket;
    });
    expect(chiSquare(counts, binomialProbabilities(16), n).pValue).toBeGreaterThan(1e-4);
  });

  it("would catch a mapping that leans one point to the right per row", () => {
    const n = 30_000;
    const leaning = (random: RandomReader) => {
      let bucket = 0;
      for (let r = 0; r < 16; r++) if (random.nextFloat() >= 0.49) bucket++;
      return bucket;
    };
    const counts = histogram(16, n, (ctx) => leaning(ctx.random));
    expect(chiSquare(counts, binomialProbabilities(16), n).pValue).toBeLessThan(1e-4);
  });

  it("reproduces the published example of docs/games/plinko.md", () => {
    const seeds = {
      serverSeed: "3f1c9a7e5b2d4f6081a2c3e4d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718",
      clientSeed: "lucky-player",
      nonce: 7,
    };
    expect(floatsOf(seeds, 3).map((f) => f.toFixed(10))).toEqual([
      "0.4657944024",
      "0.8130138118",
      "0.2306585568",
    ]);
    const step = plinkoGame.start(
      { stake: 1000n, params: { rows: 16, risk: "high" }, rtp: RTP_99, maxWin: 10n ** 9n },
      contextFor(seeds),
    );
    expect(step.view.path).toBe("LRLRRRLLRLLRRRRL");
    expect(step.view.bucket).toBe(9);
    expect(step.view.multiplier).toBe("0.2700");
    expect(step.view.payout).toBe("270");
  });
});

describe("plinko rounds", () => {
  const ctx = () => contextFor({ serverSeed: "round-server-seed", clientSeed: "c", nonce: 3 });

  it("debits the stake and closes with one credit of floor(stake x multiplier)", () => {
    const step = plinkoGame.start(
      { stake: 333n, params: { rows: 9, risk: "medium" }, rtp: RTP_99, maxWin: 10n ** 9n },
      ctx(),
    );
    expect(step.closed).toBe(true);
    const multiplier = defined(plinkoTable({ rows: 9, risk: "medium" }, RTP_99)[step.view.bucket]);
    const expected = (333n * multiplier.num) / multiplier.den;
    expect(step.ops).toEqual([
      { kind: "debit", amount: 333n, reason: "bet" },
      { kind: "credit", amount: expected, closesRound: true, reason: expected > 0n ? "win" : "loss" },
    ]);
    expect(step.view.payout).toBe(expected.toString());
    expect(step.view.path).toHaveLength(9);
    expect([...step.view.path].filter((c) => c === "R")).toHaveLength(step.view.bucket);
  });

  it("shows no server seed, and abandoning moves no money", () => {
    const step = plinkoGame.start(
      { stake: 100n, params: { rows: 8, risk: "low" }, rtp: RTP_99, maxWin: 10n ** 9n },
      ctx(),
    );
    expect(JSON.stringify(step.view)).not.toContain("round-server-seed");
    const abandoned = plinkoGame.abandon(step.state, ctx());
    expect(abandoned).toMatchObject({ closed: true, ops: [], view: step.view });
    expect(plinkoGame.reveal(step.state)).toMatchObject({ bucket: step.view.bucket, stake: "100" });
  });

  it("caps the possible payout at the table's largest multiplier", () => {
    expect(plinkoGame.maxPayout({ rows: 16, risk: "high" }, 250n, RTP_99)).toBe(250_000n);
    expect(plinkoGame.maxPayout({ rows: 8, risk: "low" }, 3n, RTP_99)).toBe(16n);
    expect(plinkoGame.stakeOf({ rows: 8, risk: "low" }, 77n)).toBe(77n);
  });

  it("refuses invalid params with specific errors", () => {
    const parse = (input: unknown, rtp = RTP_99) => plinkoGame.parseParams(input, parseContext(rtp));
    expect(parse({ rows: 12, risk: "medium" })).toEqual({ ok: true, value: { rows: 12, risk: "medium" } });
    for (const rows of [7, 17, 8.5, "8", null]) {
      expect(parse({ rows, risk: "low" })).toMatchObject({
        ok: false,
        detail: "rows must be an integer from 8 to 16",
      });
    }
    expect(parse({ rows: 8, risk: "extreme" })).toMatchObject({
      ok: false,
      detail: "risk must be one of low, medium, high",
    });
    expect(parse({ rows: 8 })).toMatchObject({ ok: false, error: "invalid_risk" });
    expect(parse([8, "low"])).toMatchObject({ ok: false, error: "invalid_params" });
    expect(parse({ rows: 8, risk: "low", lines: 3 })).toMatchObject({
      ok: false,
      detail: 'unknown parameter "lines"',
    });
    expect(parse({ rows: 8, risk: "low" }, rat(95, 100))).toMatchObject({
      ok: false,
      error: "rtp_not_offered",
    });
  });
});
