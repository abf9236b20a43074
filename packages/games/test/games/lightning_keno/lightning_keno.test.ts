import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import { hitProbabilities, latticeRelativeBound } from "../../../src/games/keno/index.ts";
import {
  analyze,
  BOOSTS,
  basePaytable,
  boostFactor,
  lightningHitProbability,
  lightningKenoGame,
  reportFor,
} from "../../../src/games/lightning_keno/index.ts";
import { add, mul, rat, sub, toNumber } from "../../../src/math/rational.ts";
import { STAKE, simulate, wordsSource } from "../production.ts";

const rtp = rat(96, 100);
const ctx = { rtp, decimals: 2 };
const params = (picks: number[], risk = "classic") => {
  const parsed = lightningKenoGame.parseParams({ picks, risk }, ctx);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed.value;
};

describe("lightning keno RTP (lightning_keno-delta, 96%)", () => {
  it("all 40 tables, boosts included, are within 0.01 pp with the lattice deviation added", () => {
    const bound = latticeRelativeBound(23);
    for (const report of analyze(rtp)) {
      const gap = sub(report.rtp, rtp);
      const absGap = gap.num < 0n ? rat(-gap.num, gap.den) : gap;
      expect(toNumber(add(absGap, mul(bound, report.rtp)))).toBeLessThan(1e-4);
      expect(withinTolerance(report.rtp, rtp)).toBe(true);
    }
  });

  it("the boost factor is the expected product of boosts hit", () => {
    // With no hits nothing is boosted; with 80 hits (every number) all 3 strikes are hit: mean boost cubed.
    expect(boostFactor(0)).toEqual(rat(1));
    const mean = rat(
      BOOSTS.reduce((a, b) => a + b, 0),
      8,
    );
    expect(lightningHitProbability(80, 3)).toEqual(rat(1));
    expect(boostFactor(80)).toEqual(mul(mean, mul(mean, mean)));
  });

  it("ignoring the boosts would overpay: the base table is scaled down to pay for them", () => {
    const base = basePaytable(rtp, "low", 6);
    const unboosted = hitProbabilities(6).reduce((s, p, h) => add(s, mul(p, base[h] ?? rat(0))), rat(0));
    expect(toNumber(unboosted)).toBeLessThan(0.9);
  });
});

describe("lightning keno rules", () => {
  it("multiplies the base win by the boosts of the lightning numbers hit", () => {
    // Draw: 1, 80, 2, then the 17 lowest left; strikes: 1 (word 20 = 0), 80 (last left), 2; boosts 5, 2, 2.
    const words = [0, 2 ** 32 - 1, ...new Array(18).fill(0), 0, 2 ** 32 - 1, 0, 2 ** 32 - 1, 0, 0];
    const step = lightningKenoGame.start(
      { stake: STAKE, params: params([1, 80], "classic"), rtp, maxWin: 10n ** 30n },
      { random: wordsSource(words).reader(), now: 0 },
    );
    expect(step.view.lightning).toEqual([
      { number: 1, boost: 5 },
      { number: 80, boost: 2 },
      { number: 2, boost: 2 },
    ]);
    expect(step.view.hits).toEqual([1, 80]);
    expect(step.view.boost).toBe(10);
    const base = basePaytable(rtp, "classic", 2)[2] ?? rat(0);
    expect(step.view.payout).toBe(((STAKE * base.num * 10n) / base.den).toString());
  });
});

describe("lightning keno through the production path", () => {
  it("boosts are drawn with their stated frequencies (chi-square)", () => {
    const values = [...new Set(BOOSTS)];
    const probabilities = values.map((v) => BOOSTS.filter((b) => b === v).length / BOOSTS.length);
    const counts = new Array<number>(values.length).fill(0);
    const rounds = 10_000;
    simulate(lightningKenoGame, params([5]), rtp, rounds, (step) => {
      for (const strike of step.view.lightning) {
        const i = values.indexOf(strike.boost as (typeof values)[number]);
        counts[i] = (counts[i] ?? 0) + 1;
      }
    });
    expect(chiSquare(counts, probabilities, rounds * 3).pValue).toBeGreaterThan(1e-4);
  });

  it("returns the RTP on average (within 4 standard errors)", () => {
    const sample = simulate(lightningKenoGame, params([4, 8, 15], "classic"), rtp, 20_000);
    expect(meanWithinStandardErrors(sample, toNumber(reportFor(rtp, "classic", 3).rtp)).within).toBe(true);
  });
});
