import type { DiceView } from "@rgs/games/games/dice/game";
import { targetRange } from "@rgs/games/games/dice/paytable";
import type { KenoView } from "@rgs/games/games/keno/game";
import type { LightningKenoView } from "@rgs/games/games/lightning_keno/game";
import type { LimboView } from "@rgs/games/games/limbo/game";
import { describe, expect, it } from "vitest";
import { clampTarget, figuresOf, flip, readChoice, toParams } from "../../src/views/dice/params.ts";
import { autoPick, readKeno, togglePick } from "../../src/views/keno/params.ts";
import { kenoTable } from "../../src/views/keno/tables.ts";
import { drawDuration, hitsSoFar, revealedCount, strikesShown } from "../../src/views/keno/timeline.ts";
import { boostChances, lightningTable } from "../../src/views/lightning_keno/tables.ts";
import { counterAt, counterDuration, parseTarget, winChanceOf } from "../../src/views/limbo/params.ts";
import { chipLabel, chipPresets, decimalOf, minorOf, totalOf } from "../../src/views/shared/money.ts";
import { rtpOf } from "../../src/views/shared/rtp.ts";
import { decorativeRandom } from "../../src/views/shared/timeline.ts";
import { playView } from "./rounds.ts";

describe("dice controls", () => {
  it("shows the win chance and multiplier the round states", () => {
    const rtp = rtpOf("dice-alpha");
    for (const params of [
      { condition: "over", target: "50.50" },
      { condition: "under", target: "0.01" },
      { condition: "over", target: "1.99" },
      { condition: "under", target: "33.33" },
    ] as const) {
      const view = playView<DiceView>("dice-alpha", params, 0);
      const figures = rtp && figuresOf(readChoice(params), rtp);
      expect(figures).toEqual({ winChance: view.winChance, multiplier: view.multiplier });
    }
  });

  it("keeps the win chance when switching over and under", () => {
    const rtp = rtpOf("dice-beta");
    for (const target of [199, 2500, 5050, 9998]) {
      const over = readChoice(toParams({ condition: "over", target }));
      const under = flip(over);
      expect(under.condition).toBe("under");
      expect(rtp && figuresOf(under, rtp).winChance).toBe(rtp && figuresOf(over, rtp).winChance);
      expect(flip(under)).toEqual(over);
    }
  });

  it("clamps targets into the condition's range and reads bad params as the default", () => {
    expect(clampTarget("under", 0)).toBe(targetRange("under").min);
    expect(clampTarget("over", 99_999)).toBe(targetRange("over").max);
    expect(readChoice({ condition: "sideways", target: "50" })).toEqual({ condition: "over", target: 5050 });
  });
});

describe("limbo", () => {
  it("states the round's win chance for its target", () => {
    const rtp = rtpOf("limbo-gamma");
    for (const target of ["1.01", "2.00", "77.77", "429496.72"]) {
      const view = playView<LimboView>("limbo-gamma", { target }, 1);
      const parsed = parseTarget(target);
      expect(parsed !== undefined && rtp && winChanceOf(parsed, rtp)).toBe(view.winChance);
    }
  });

  it("climbs the counter from 1.00 to exactly the result, never going back", () => {
    for (const result of [1, 1.01, 2.5, 1234.56, 429496.72]) {
      const duration = counterDuration(result);
      expect(duration).toBeLessThanOrEqual(2400);
      expect(counterAt(0, result, duration)).toBe(1);
      expect(counterAt(duration, result, duration)).toBe(result);
      let last = 0;
      for (let t = 0; t <= duration; t += 16) {
        const value = counterAt(t, result, duration);
        expect(value).toBeGreaterThanOrEqual(last);
        last = value;
      }
    }
  });

  it("refuses targets the game refuses", () => {
    expect(parseTarget("1.00")).toBeUndefined();
    expect(parseTarget("2.001")).toBeUndefined();
    expect(parseTarget("2")).toBe(200);
  });
});

describe("keno", () => {
  it("toggles picks up to ten and auto-picks distinct numbers", () => {
    let picks: number[] = [];
    for (let n = 1; n <= 12; n++) picks = togglePick(picks, n);
    expect(picks).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(togglePick(picks, 4)).not.toContain(4);
    const random = decorativeRandom(9);
    for (let count = 1; count <= 10; count++) {
      const auto = autoPick(count, random);
      expect(new Set(auto).size).toBe(count);
      expect(auto.every((n) => n >= 1 && n <= 80)).toBe(true);
    }
    expect(readKeno({ picks: [1, 1, 81, 2.5, 7], risk: "wild" })).toEqual({ picks: [1, 7], risk: "classic" });
  });

  it("reveals the draw one number at a time and ends on the round's hits and multiplier", () => {
    const rtp = rtpOf("keno-alpha");
    const picks = [3, 17, 24, 38, 45, 59, 62, 71];
    for (let nonce = 0; nonce < 20; nonce++) {
      const view = playView<KenoView>("keno-alpha", { picks, risk: "high" }, nonce);
      expect(revealedCount(0, 20, 0)).toBe(1);
      expect(revealedCount(drawDuration(20, 0), 20, 0)).toBe(20);
      expect(hitsSoFar(view.drawn, 20, picks)).toBe(view.hits.length);
      const table = rtp ? kenoTable(rtp, "high", picks.length) : [];
      expect(Number(table[view.hits.length])).toBe(Number(view.multiplier));
    }
  });

  it("strikes lightning before the draw and shows Lightning Keno's base table", () => {
    const rtp = rtpOf("lightning_keno-delta");
    const picks = [1, 2, 3, 4, 5];
    const view = playView<LightningKenoView>("lightning_keno-delta", { picks, risk: "medium" }, 3);
    expect(strikesShown(0, 3)).toBe(1);
    expect(revealedCount(strikesShown(0, 3) * 0, 20, 3)).toBe(0);
    expect(revealedCount(drawDuration(20, 3), 20, 3)).toBe(20);
    const table = rtp ? lightningTable(rtp, "medium", picks.length) : [];
    expect(Number(table[view.hits.length])).toBe(Number(view.baseMultiplier));
    expect(boostChances()).toEqual([
      { boost: 2, chance: "50.00" },
      { boost: 3, chance: "25.00" },
      { boost: 4, chance: "12.50" },
      { boost: 5, chance: "12.50" },
    ]);
  });
});

describe("chips and amounts", () => {
  it("offers chips that are valid amounts of the currency", () => {
    for (const decimals of [0, 2, 8]) {
      for (const chip of chipPresets(decimals)) {
        expect(chip).toBeGreaterThan(0n);
        expect(minorOf(decimalOf(chip, decimals), decimals)).toBe(chip);
      }
    }
  });

  it("labels chips briefly and sums amounts exactly", () => {
    expect(chipPresets(2).map((c) => chipLabel(c, 2))).toEqual(["0.1", "0.5", "1", "5", "25", "100"]);
    expect(chipLabel(100_000n, 0)).toBe("100K");
    expect(chipLabel(2_000_000n, 0)).toBe("2M");
    expect(totalOf(["0.10", "0.20", "bad", "1"], 2)).toBe(130n);
  });
});
