import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import {
  analyze,
  choose,
  hitProbabilities,
  kenoGame,
  latticeRelativeBound,
  paytable,
  RISKS,
  reportFor,
  SHAPES,
} from "../../../src/games/keno/index.ts";
import { add, mul, rat, sub, toNumber } from "../../../src/math/rational.ts";
import { CATALOG_RTPS, play, STAKE, simulate, wordsSource } from "../production.ts";

const rtp = rat(99, 100);
const ctx = { rtp, decimals: 2 };
const params = (picks: number[], risk = "classic") => {
  const parsed = kenoGame.parseParams({ picks, risk }, ctx);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed.value;
};

describe("keno odds", () => {
  it("hypergeometric probabilities match a direct count", () => {
    // 1 pick: hit with probability 20/80. 2 picks: both hit with probability (20 x 19) / (80 x 79).
    expect(hitProbabilities(1)).toEqual([rat(3, 4), rat(1, 4)]);
    expect(hitProbabilities(2)[2]).toEqual(rat(20 * 19, 80 * 79));
    expect(choose(80, 20)).toBe(3_535_316_142_212_174_320n);
    for (let picks = 1; picks <= 10; picks++) {
      expect(hitProbabilities(picks).reduce(add)).toEqual(rat(1));
    }
  });
});

describe("keno RTP, exact for every risk, pick count and RTP variant", () => {
  it.each(CATALOG_RTPS)("all 40 tables at %o are within 0.01 pp, lattice deviation included", (declared) => {
    const bound = latticeRelativeBound(20);
    expect(toNumber(bound)).toBeLessThan(4e-7);
    const reports = analyze(declared);
    expect(reports).toHaveLength(40);
    for (const report of reports) {
      // |ideal - declared| + bound x ideal: the worst the lattice can do on top of the table's exact return.
      const gap = sub(report.rtp, declared);
      const absGap = gap.num < 0n ? rat(-gap.num, gap.den) : gap;
      expect(toNumber(add(absGap, mul(bound, report.rtp)))).toBeLessThan(1e-4);
      expect(withinTolerance(report.rtp, declared)).toBe(true);
    }
  });

  it("tables are their shape scaled to the RTP with entries of at most 4 decimals", () => {
    for (const risk of RISKS) {
      for (let picks = 1; picks <= 10; picks++) {
        const table = paytable(rtp, risk, picks);
        expect(table).toHaveLength(picks + 1);
        for (const [h, m] of table.entries()) {
          expect(10_000n % m.den).toBe(0n);
          expect(m.num === 0n).toBe(SHAPES[risk][picks - 1]?.[h] === "0");
        }
      }
    }
  });

  it("a changed entry moves the RTP out of tolerance", () => {
    const table = paytable(rtp, "high", 10);
    const bumped = table.map((m, h) => (h === 5 ? add(m, rat(1)) : m));
    const probabilities = hitProbabilities(10);
    const exact = bumped.reduce((s, m, h) => add(s, mul(m, probabilities[h] ?? rat(0))), rat(0));
    expect(withinTolerance(exact, rtp)).toBe(false);
    expect(withinTolerance(reportFor(rtp, "high", 10).rtp, rtp)).toBe(true);
  });
});

describe("keno rules", () => {
  it("draws with a cut-short Fisher-Yates shuffle of 1-80 and pays the hit count's multiplier", () => {
    // Word 0 of value 0 takes the first number left (1); word 1 near 2^32 takes the last left (80).
    const words = [0, 2 ** 32 - 1, ...new Array(18).fill(0)];
    const step = kenoGame.start(
      { stake: STAKE, params: params([1, 80, 2], "classic"), rtp, maxWin: 10n ** 30n },
      { random: wordsSource(words).reader(), now: 0 },
    );
    expect(step.view.drawn.slice(0, 3)).toEqual([1, 80, 2]);
    expect(step.view.drawn).toHaveLength(20);
    expect(step.view.hits).toEqual([1, 80, 2]);
    const expected = paytable(rtp, "classic", 3)[3] ?? rat(0);
    expect(step.view.payout).toBe(((STAKE * expected.num) / expected.den).toString());
  });

  it("refuses bad picks and risks", () => {
    for (const bad of [
      { picks: [], risk: "low" },
      { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], risk: "low" },
      { picks: [0], risk: "low" },
      { picks: [81], risk: "low" },
      { picks: [5, 5], risk: "low" },
      { picks: [1.5], risk: "low" },
      { picks: [1], risk: "extreme" },
      { picks: [1], risk: "low", lightning: true },
    ]) {
      expect(kenoGame.parseParams(bad, ctx).ok).toBe(false);
    }
  });
});

describe("keno through the production path", () => {
  it("hit counts follow the hypergeometric distribution (chi-square, 10 picks)", () => {
    const rounds = 20_000;
    const counts = new Array<number>(11).fill(0);
    simulate(kenoGame, params([1, 9, 17, 25, 33, 41, 49, 57, 65, 80], "medium"), rtp, rounds, (step) => {
      counts[step.view.hits.length] = (counts[step.view.hits.length] ?? 0) + 1;
    });
    expect(chiSquare(counts, hitProbabilities(10).map(toNumber), rounds).pValue).toBeGreaterThan(1e-4);
  });

  it("every number is equally likely to be drawn first and twentieth (chi-square)", () => {
    const rounds = 16_000;
    const first = new Array<number>(80).fill(0);
    const last = new Array<number>(80).fill(0);
    for (let nonce = 0; nonce < rounds; nonce++) {
      const { drawn } = play(kenoGame, params([1]), rtp, nonce).view;
      const a = (drawn[0] ?? 0) - 1;
      const b = (drawn[19] ?? 0) - 1;
      first[a] = (first[a] ?? 0) + 1;
      last[b] = (last[b] ?? 0) + 1;
    }
    expect(chiSquare(first, new Array(80).fill(1 / 80), rounds).pValue).toBeGreaterThan(1e-4);
    expect(chiSquare(last, new Array(80).fill(1 / 80), rounds).pValue).toBeGreaterThan(1e-4);
  });

  it("returns the RTP on average (within 4 standard errors)", () => {
    const sample = simulate(kenoGame, params([3, 7, 11, 19, 23], "classic"), rtp, 20_000);
    expect(meanWithinStandardErrors(sample, toNumber(reportFor(rtp, "classic", 5).rtp)).within).toBe(true);
  });
});
