import { describe, expect, it } from "vitest";
import { type AutobetSettings, afterRound, parsePercent, startAutobet } from "../../src/shell/autobet.ts";

const limits = { minBet: 10n, maxBet: 1000n };
const base: AutobetSettings = {
  count: 0,
  stopOnProfit: null,
  stopOnLoss: null,
  onWin: { mode: "reset" },
  onLoss: { mode: "reset" },
};
const lose = (stake: bigint) => ({ stake, payout: 0n });
const win = (stake: bigint, times: bigint) => ({ stake, payout: stake * times });

describe("autobet", () => {
  it("stops after the number of bets", () => {
    const settings = { ...base, count: 2 };
    const first = afterRound(settings, startAutobet(100n), lose(100n), limits);
    expect(first.stop).toBeUndefined();
    const second = afterRound(settings, first.progress, lose(100n), limits);
    expect(second.stop).toBe("count");
    expect(second.progress).toMatchObject({ played: 2, net: -200n });
  });

  it("plays on without a count until a stop", () => {
    let progress = startAutobet(100n);
    for (let i = 0; i < 50; i++) {
      const next = afterRound(base, progress, lose(100n), limits);
      expect(next.stop).toBeUndefined();
      progress = next.progress;
    }
    expect(progress.played).toBe(50);
  });

  it("stops on reaching the profit target or the loss limit", () => {
    const settings = { ...base, stopOnProfit: 150n, stopOnLoss: 250n };
    expect(afterRound(settings, startAutobet(100n), win(100n, 2n), limits).stop).toBeUndefined();
    const twice = afterRound(
      settings,
      afterRound(settings, startAutobet(100n), win(100n, 2n), limits).progress,
      win(100n, 2n),
      limits,
    );
    expect(twice.stop).toBe("profit");
    let progress = startAutobet(100n);
    let stop: string | undefined;
    for (let i = 0; i < 3 && !stop; i++)
      ({ progress, stop } = afterRound(settings, progress, lose(100n), limits));
    expect(stop).toBe("loss");
    expect(progress.net).toBe(-300n);
  });

  it("increases by a percentage on loss (martingale at 100%) and resets on win, within the limits", () => {
    const settings: AutobetSettings = { ...base, onLoss: { mode: "increase", basisPoints: 10_000 } };
    let { progress } = afterRound(settings, startAutobet(100n), lose(100n), limits);
    expect(progress.amount).toBe(200n);
    ({ progress } = afterRound(settings, progress, lose(200n), limits));
    expect(progress.amount).toBe(400n);
    ({ progress } = afterRound(settings, progress, lose(400n), limits));
    ({ progress } = afterRound(settings, progress, lose(800n), limits));
    expect(progress.amount).toBe(1000n);
    ({ progress } = afterRound(settings, progress, win(1000n, 2n), limits));
    expect(progress.amount).toBe(100n);
  });

  it("raises a small bet by at least one unit and keeps the amount on a push", () => {
    const settings: AutobetSettings = { ...base, onWin: { mode: "increase", basisPoints: 100 } };
    expect(afterRound(settings, startAutobet(10n), win(10n, 2n), limits).progress.amount).toBe(11n);
    expect(afterRound(settings, startAutobet(10n), { stake: 10n, payout: 10n }, limits).progress.amount).toBe(
      10n,
    );
  });

  it("reads percentages", () => {
    expect(parsePercent("50")).toBe(5000);
    expect(parsePercent("12.5")).toBe(1250);
    expect(parsePercent("0.01")).toBe(1);
    expect(parsePercent("-5")).toBeUndefined();
    expect(parsePercent("1.234")).toBeUndefined();
    expect(parsePercent("abc")).toBeUndefined();
  });
});
