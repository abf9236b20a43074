import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import { firstWordOf } from "../../../src/fair/lattice.ts";
import {
  allBetReports,
  analyze,
  coversZero,
  LAYOUT,
  rouletteGame,
  ZERO_BET_RTP,
} from "../../../src/games/roulette/index.ts";
import { rat, toNumber } from "../../../src/math/rational.ts";
import { simulate, wordsSource } from "../production.ts";

const rtp = rat(9865, 10_000);
const ctx = { rtp, decimals: 2 };
const parse = (bets: unknown[]) => rouletteGame.parseParams({ bets }, ctx);
const params = (bets: unknown[]) => {
  const parsed = parse(bets);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed.value;
};
const spin = (pocket: number, bets: unknown[]) => {
  const p = params(bets);
  return rouletteGame.start(
    { stake: rouletteGame.stakeOf(p, 0n), params: p, rtp, maxWin: 10n ** 30n },
    { random: wordsSource([Number(firstWordOf(37, pocket))]).reader(), now: 0 },
  );
};

describe("roulette layout", () => {
  it("has every standard bet of the single-zero layout", () => {
    const count = (kind: string) => LAYOUT.filter((b) => b.kind === kind).length;
    expect(LAYOUT).toHaveLength(157);
    expect([count("straight"), count("split"), count("street"), count("trio"), count("corner")]).toEqual([
      37, 60, 12, 2, 22,
    ]);
    expect([count("first_four"), count("six_line"), count("column"), count("dozen")]).toEqual([1, 11, 3, 3]);
    const red = LAYOUT.find((b) => b.kind === "red");
    expect(red?.numbers).toHaveLength(18);
    expect(red?.numbers).toContain(19);
    expect(red?.numbers).not.toContain(10);
  });

  it("accepts legal bets in any number order and refuses illegal ones", () => {
    expect(parse([{ kind: "split", numbers: [2, 1], amount: "1" }]).ok).toBe(true);
    expect(parse([{ kind: "corner", numbers: [11, 12, 8, 9], amount: "1" }]).ok).toBe(true);
    expect(parse([{ kind: "split", numbers: [0, 3], amount: "1" }]).ok).toBe(true);
    for (const bad of [
      { kind: "split", numbers: [3, 4], amount: "1" },
      { kind: "split", numbers: [1, 5], amount: "1" },
      { kind: "corner", numbers: [3, 4, 6, 7], amount: "1" },
      { kind: "street", numbers: [2, 3, 4], amount: "1" },
      { kind: "trio", numbers: [0, 1, 3], amount: "1" },
      { kind: "straight", numbers: [37], amount: "1" },
      { kind: "dozen", index: 4, amount: "1" },
      { kind: "red", numbers: [1], amount: "1" },
      { kind: "red", amount: "1.001" },
      { kind: "red", amount: "0" },
      { kind: "red", amount: -1 },
      { kind: "basket", amount: "1" },
    ]) {
      expect(parse([bad]).ok).toBe(false);
    }
    expect(parse([]).ok).toBe(false);
    expect(
      parse([
        { kind: "red", amount: "1" },
        { kind: "red", amount: "2" },
      ]).ok,
    ).toBe(false);
  });
});

describe("roulette payouts", () => {
  it("pays standard odds, stake included, and half back on zero for bets not covering it", () => {
    const bets = [
      { kind: "straight", numbers: [17], amount: "1.00" },
      { kind: "dozen", index: 2, amount: "2.00" },
      { kind: "red", amount: "3.00" },
    ];
    expect(spin(17, bets).view.payout).toBe("4200"); // 36 x 1 + 3 x 2 (second dozen) + 0 (17 is black)
    expect(spin(18, bets).view.payout).toBe("1200"); // 3 x 2 (second dozen) + 2 x 3 (red)
    expect(spin(0, bets).view.payout).toBe("300"); // half of 6.00
    expect(spin(0, [{ kind: "first_four", numbers: [0, 1, 2, 3], amount: "1" }]).view.payout).toBe("900");
    expect(spin(5, [{ kind: "split", numbers: [0, 1], amount: "1" }]).view.payout).toBe("0");
  });

  it("rounds once per spin, not per bet", () => {
    // Two one-cent even-money bets on zero: each returns half a cent; together one cent.
    const bets = [
      { kind: "red", amount: "0.01" },
      { kind: "odd", amount: "0.01" },
    ];
    expect(spin(0, bets).ops.at(-1)).toEqual({
      kind: "credit",
      amount: 1n,
      closesRound: true,
      reason: "win",
    });
  });

  it("maxPayout is the best pocket's total", () => {
    const p = params([
      { kind: "straight", numbers: [7], amount: "1" },
      { kind: "column", index: 1, amount: "1" },
    ]);
    expect(rouletteGame.maxPayout(p, 0n, rtp)).toBe(3900n);
  });
});

describe("roulette RTP, exact over the lattice, every legal bet", () => {
  it("bets not covering zero return 98.65% and bets covering it 97.30%, each within 0.01 pp", () => {
    for (const { bet, report } of allBetReports()) {
      const declared = coversZero(bet) ? ZERO_BET_RTP : rtp;
      expect(withinTolerance(report.rtp, declared)).toBe(true);
      expect(report.declaredRtp !== undefined).toBe(coversZero(bet));
    }
    expect(analyze(rtp).length).toBeGreaterThan(10);
  });

  it("paying zero-covering bets the la partage half would be refused by the check", () => {
    expect(withinTolerance(rat(365, 370), ZERO_BET_RTP)).toBe(false);
    expect(withinTolerance(rat(36, 37), rtp)).toBe(false);
  });
});

describe("roulette through the production path", () => {
  it("pockets are uniform (chi-square over 37 pockets)", () => {
    const rounds = 30_000;
    const counts = new Array<number>(37).fill(0);
    simulate(rouletteGame, params([{ kind: "red", amount: "1" }]), rtp, rounds, (step) => {
      counts[step.view.pocket] = (counts[step.view.pocket] ?? 0) + 1;
    });
    expect(chiSquare(counts, new Array(37).fill(1 / 37), rounds).pValue).toBeGreaterThan(1e-4);
  });

  it("returns the RTP on average (within 4 standard errors)", () => {
    const p = params([{ kind: "dozen", index: 3, amount: "100" }]);
    const sample = simulate(rouletteGame, p, rtp, 20_000);
    // simulate divides by its own stake; the spin's stake is 100.00 = 10000 minor units.
    const scale = 1_000_000 / 10_000;
    expect(meanWithinStandardErrors(sample, toNumber(rat(365, 370)) / scale).within).toBe(true);
  });
});
