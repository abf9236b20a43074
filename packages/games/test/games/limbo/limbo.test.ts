import { describe, expect, it } from "vitest";
import { RTP_TOLERANCE, withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import {
  extremeTargets,
  limboGame,
  MAX_TARGET,
  reportFor,
  winningWords,
} from "../../../src/games/limbo/index.ts";
import { cmp, rat, sub } from "../../../src/math/rational.ts";
import { CATALOG_RTPS, STAKE, simulate, wordsSource } from "../production.ts";

const rtp = rat(99, 100);
const ctx = { rtp, decimals: 2 };
const params = (target: string) => {
  const parsed = limboGame.parseParams({ target }, ctx);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed.value;
};
const startWith = (word: number, target: string) =>
  limboGame.start(
    { stake: STAKE, params: params(target), rtp, maxWin: 10n ** 30n },
    { random: wordsSource([word]).reader(), now: 0 },
  );

describe("limbo rules", () => {
  it("wins exactly on the words with result >= target", () => {
    const words = Number(winningWords(200, rtp));
    // P(R >= 2) = floor(0.99 x 2^32 / 2) / 2^32: words 0 .. W-1 win.
    expect(words).toBe(Math.floor((0.99 * 2 ** 32) / 2));
    expect(startWith(words - 1, "2.00").view).toMatchObject({ win: true, result: "2.00", payout: "2000000" });
    expect(startWith(words, "2.00").view).toMatchObject({ win: false, result: "1.99", payout: "0" });
    expect(startWith(0, "2.00").view.result).toBe("4252017623.04");
    expect(startWith(2 ** 32 - 1, "1.01").view.result).toBe("0.99");
  });

  it("refuses targets below 1.01, above the lattice bound, or with more than 2 decimals", () => {
    for (const target of ["1.00", "429496.73", "1000000", "2.001", "-2", "abc"]) {
      expect(limboGame.parseParams({ target }, ctx).ok).toBe(false);
    }
    expect(MAX_TARGET).toBe(42_949_672);
    expect(limboGame.parseParams({ target: "429496.72" }, ctx).ok).toBe(true);
  });
});

describe("limbo RTP, exact over the lattice", () => {
  it.each(CATALOG_RTPS)(
    "the lowest and highest RTP over all 42,949,572 targets are within 0.01 pp of %o",
    (declared) => {
      const { lowest, highest } = extremeTargets(declared);
      const low = reportFor(lowest, declared).rtp;
      const high = reportFor(highest, declared).rtp;
      expect(withinTolerance(low, declared)).toBe(true);
      expect(withinTolerance(high, declared)).toBe(true);
      // The scan's extremes bound every target: spot-check exact rationals across the range.
      for (let target = 101; target <= MAX_TARGET; target += 977_777) {
        const exact = reportFor(target, declared).rtp;
        expect(cmp(exact, low)).toBeGreaterThanOrEqual(0);
        expect(cmp(exact, high)).toBeLessThanOrEqual(0);
      }
    },
  );

  it("would break the tolerance just past the bound, which is why targets stop there", () => {
    // The shortfall is t x frac / 2^32; some target a little above the bound loses more than 0.01 pp.
    let worst = rat(0);
    for (let target = MAX_TARGET + 1; target < MAX_TARGET + 20_000; target++) {
      const gap = sub(rtp, reportFor(target, rtp).rtp);
      if (cmp(gap, worst) > 0) worst = gap;
    }
    expect(cmp(worst, RTP_TOLERANCE)).toBeGreaterThan(0);
  });
});

describe("limbo through the production path", () => {
  it("results follow P(R >= x) = RTP / x (chi-square over result bands)", () => {
    const edges = [rtp, rat(1), rat(101, 100), rat(3, 2), rat(2), rat(3), rat(5), rat(10), rat(100)];
    const survival = (x: { num: bigint; den: bigint }) => Math.min(1, (0.99 * Number(x.den)) / Number(x.num));
    const probabilities = [1 - survival(edges[1] ?? rtp)];
    for (let i = 1; i < edges.length; i++) {
      const here = survival(edges[i] ?? rtp);
      const next = i + 1 < edges.length ? survival(edges[i + 1] ?? rtp) : 0;
      probabilities.push(here - next);
    }
    const counts = new Array<number>(probabilities.length).fill(0);
    const rounds = 30_000;
    simulate(limboGame, params("2.00"), rtp, rounds, (step) => {
      const result = Number(step.view.result);
      let band = 0;
      for (let i = 1; i < edges.length; i++) {
        const edge = edges[i] ?? rtp;
        if (result >= Number(edge.num) / Number(edge.den)) band = i;
      }
      counts[band] = (counts[band] ?? 0) + 1;
    });
    expect(chiSquare(counts, probabilities, rounds).pValue).toBeGreaterThan(1e-4);
  });

  it("returns the RTP on average (within 4 standard errors)", () => {
    expect(meanWithinStandardErrors(simulate(limboGame, params("1.50"), rtp, 20_000), 0.99).within).toBe(
      true,
    );
  });
});
