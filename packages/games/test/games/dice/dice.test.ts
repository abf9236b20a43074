import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import { firstWordOf } from "../../../src/fair/lattice.ts";
import { allTargets, analyze, diceGame, reportFor } from "../../../src/games/dice/index.ts";
import { dec, eq, rat, toNumber } from "../../../src/math/rational.ts";
import { CATALOG_RTPS, play, STAKE, simulate, wordsSource } from "../production.ts";

const ctx = { rtp: rat(99, 100), decimals: 2 };
const rtp = rat(99, 100);
const params = (condition: "over" | "under", target: string) => {
  const parsed = diceGame.parseParams({ condition, target }, ctx);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed.value;
};
const rollWord = (hundredths: number) => Number(firstWordOf(10_000, hundredths));
const startWith = (word: number, condition: "over" | "under", target: string) =>
  diceGame.start(
    { stake: STAKE, params: params(condition, target), rtp, maxWin: 10n ** 20n },
    { random: wordsSource([word]).reader(), now: 0 },
  );

describe("dice rules", () => {
  it("pays RTP x 10000 / winning outcomes: 1.98x on under 50.00 at 99%", () => {
    const step = startWith(rollWord(0), "under", "50.00");
    expect(step.view.multiplier).toBe("1.9800");
    expect(step.ops).toEqual([
      { kind: "debit", amount: STAKE, reason: "bet" },
      { kind: "credit", amount: 1_980_000n, closesRound: true, reason: "win" },
    ]);
  });

  it("maps the first word of each roll to that roll, and a roll equal to the target loses both ways", () => {
    expect(startWith(rollWord(5050), "over", "50.50").view).toMatchObject({ roll: "50.50", win: false });
    expect(startWith(rollWord(5050), "under", "50.50").view).toMatchObject({ roll: "50.50", win: false });
    expect(startWith(rollWord(5051), "over", "50.50").view).toMatchObject({ roll: "50.51", win: true });
    expect(startWith(rollWord(5051) - 1, "over", "50.50").view).toMatchObject({ roll: "50.50", win: false });
    expect(startWith(rollWord(5049), "under", "50.50").view).toMatchObject({ roll: "50.49", win: true });
    expect(startWith(2 ** 32 - 1, "over", "99.98").view).toMatchObject({ roll: "99.99", win: true });
  });

  it("holds the exact multiplier and rounds only the payout, down", () => {
    // under 33.33 at 99%: 9900/3333 = 300/101 = 2.970297..., shown 2.9702, paid floor(1001 x 300/101) = 2973
    const step = diceGame.start(
      { stake: 1001n, params: params("under", "33.33"), rtp, maxWin: 10n ** 20n },
      { random: wordsSource([0]).reader(), now: 0 },
    );
    expect(step.view.multiplier).toBe("2.9702");
    expect(step.view.multiplierExact).toBe("300/101");
    expect(step.view.payout).toBe("2973");
  });

  it("refuses targets outside 0.01%-98% win chance and malformed params", () => {
    for (const bad of [
      { condition: "under", target: "0.00" },
      { condition: "under", target: "98.01" },
      { condition: "over", target: "1.98" },
      { condition: "over", target: "99.99" },
      { condition: "over", target: "50.505" },
      { condition: "sideways", target: "50" },
      { condition: "over", target: "50", extra: 1 },
      null,
    ]) {
      expect(diceGame.parseParams(bad, ctx).ok).toBe(false);
    }
    expect(diceGame.parseParams({ condition: "over", target: 50.5 }, ctx)).toEqual({
      ok: true,
      value: { condition: "over", target: 5050 },
    });
  });
});

describe("dice RTP, exact over the lattice", () => {
  it.each(CATALOG_RTPS)("every one of the 19,600 targets is within 0.01 pp of %o", (declared) => {
    let checked = 0;
    for (const { condition, target } of allTargets()) {
      expect(withinTolerance(reportFor(condition, target, declared).rtp, declared)).toBe(true);
      checked++;
    }
    expect(checked).toBe(19_600);
  });

  it("reports the lowest and highest exact RTP over the range", () => {
    const reports = analyze(rtp);
    expect(reports.map((r) => r.configuration)).toContain("under 50.00");
    expect(eq(reports[0]?.rtp ?? rat(0), dec("0.99"))).toBe(true);
    const lowest = reports.find((r) => r.configuration.includes("lowest"));
    expect(lowest && toNumber(lowest.rtp)).toBeLessThan(0.99);
  });
});

describe("dice through the production path", () => {
  it("rolls are uniform over 100 buckets of 100 outcomes (chi-square)", () => {
    const rounds = 30_000;
    const buckets = new Array<number>(100).fill(0);
    simulate(diceGame, params("under", "50.00"), rtp, rounds, (step) => {
      const bucket = Math.floor(Number(step.view.roll));
      buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    });
    expect(chiSquare(buckets, new Array(100).fill(1 / 100), rounds).pValue).toBeGreaterThan(1e-4);
  });

  it("returns the RTP on average (within 4 standard errors)", () => {
    const sample = simulate(diceGame, params("over", "24.99"), rtp, 20_000);
    expect(meanWithinStandardErrors(sample, 0.99).within).toBe(true);
  });

  it("replays identically from the same seeds and settles abandoned rounds without money", () => {
    const a = play(diceGame, params("over", "60.00"), rtp, 7);
    expect(play(diceGame, params("over", "60.00"), rtp, 7)).toEqual(a);
    expect(diceGame.abandon(a.state, { random: wordsSource([]).reader(), now: 0 })).toMatchObject({
      ops: [],
      closed: true,
    });
  });
});
