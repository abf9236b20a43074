import type { LightningPlinkoView } from "@rgs/games/games/lightning_plinko/game";
import type { PlinkoView } from "@rgs/games/games/plinko/game";
import type { Plinko100View } from "@rgs/games/games/plinko_100/game";
import { describe, expect, it } from "vitest";
import { baseMultipliers, boosted, boostOdds } from "../../src/views/lightning_plinko/tables.ts";
import {
  dropStart,
  totalDuration as lightningDuration,
  strikeTime,
} from "../../src/views/lightning_plinko/timeline.ts";
import {
  ballAt,
  bucketX,
  dropDuration,
  geometryOf,
  pegsOf,
  waypoints,
} from "../../src/views/plinko/geometry.ts";
import { plinkoMultipliers } from "../../src/views/plinko/tables.ts";
import { bucketCounts, landedAt, runningTotals, totalDuration } from "../../src/views/plinko_100/timeline.ts";
import { rtpOf } from "../../src/views/shared/rtp.ts";
import { playView } from "./rounds.ts";

const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;

describe("plinko geometry", () => {
  it("puts the ball on a peg at every row and ends over the bucket the server paid", () => {
    for (let nonce = 0; nonce < 30; nonce++) {
      const rows = 8 + (nonce % 9);
      const view = playView<PlinkoView>("plinko-alpha", { rows, risk: "high" }, nonce);
      const g = geometryOf(rows);
      const points = waypoints(g, view.path);
      const pegs = pegsOf(g);
      const lift = g.pegRadius + g.ballRadius;
      for (let row = 0; row < rows; row++) {
        const p = points[row + 1] as { x: number; y: number };
        expect(pegs.some((peg) => near(peg.x, p.x) && near(peg.y - lift, p.y))).toBe(true);
      }
      const end = ballAt(g, points, dropDuration(rows));
      expect(end.landed).toBe(true);
      expect(end.x).toBeCloseTo(bucketX(g, view.bucket), 9);
    }
  });

  it("moves the ball half a peg spacing per row, left on L and right on R", () => {
    const g = geometryOf(8);
    const points = waypoints(g, "LRRLLLRR");
    for (let row = 0; row < 8; row++) {
      const dx = (points[row + 2] as { x: number }).x - (points[row + 1] as { x: number }).x;
      expect(dx).toBeCloseTo(("LRRLLLRR"[row] === "R" ? 1 : -1) * (g.spacing / 2), 9);
    }
  });

  it("is still falling until the last hop", () => {
    const g = geometryOf(12);
    const points = waypoints(g, "LLLLLLLLLLLL");
    expect(ballAt(g, points, dropDuration(12) - 1).landed).toBe(false);
  });

  it("shows the multipliers the round's view carries", () => {
    const rtp = rtpOf("plinko-gamma");
    for (const risk of ["low", "medium", "high"] as const) {
      const view = playView<PlinkoView>("plinko-gamma", { rows: 11, risk }, 1);
      expect(rtp && plinkoMultipliers({ rows: 11, risk }, rtp)).toEqual(view.multipliers);
    }
  });
});

describe("plinko 100 timeline", () => {
  const view = playView<Plinko100View>("plinko_100-beta", { rows: 10, risk: "medium" }, 7);

  it("lands every ball by the end and counts them per bucket", () => {
    const balls = view.buckets.length;
    expect(landedAt(0, balls, 10)).toBe(0);
    expect(landedAt(totalDuration(balls, 10), balls, 10)).toBe(balls);
    const counts = bucketCounts(view.buckets, balls, 10);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100);
    view.buckets.forEach((bucket) => {
      expect(counts[bucket]).toBeGreaterThan(0);
    });
  });

  it("lands balls in drop order, never going back", () => {
    let last = 0;
    for (let t = 0; t <= totalDuration(100, 10); t += 17) {
      const landed = landedAt(t, 100, 10);
      expect(landed).toBeGreaterThanOrEqual(last);
      last = landed;
    }
  });

  it("ends the running total on the round's multiplier", () => {
    const totals = runningTotals(view.buckets, view.multipliers);
    expect(totals).toHaveLength(101);
    expect(totals[0]).toBe("0.0000");
    expect(totals[100]).toBe(view.multiplier);
  });
});

describe("lightning plinko", () => {
  it("shows the base table and boosted figures the round pays", () => {
    const rtp = rtpOf("lightning_plinko-gamma");
    for (let nonce = 0; nonce < 40; nonce++) {
      const view = playView<LightningPlinkoView>("lightning_plinko-gamma", { rows: 16, risk: "high" }, nonce);
      expect(rtp && baseMultipliers({ rows: 16, risk: "high" }, rtp)).toEqual(view.multipliers);
      const strike = view.strikes.find((s) => s.bucket === view.bucket);
      const shown = strike
        ? boosted(view.multipliers[view.bucket] as string, strike.boost)
        : view.multipliers[view.bucket];
      expect(Number(shown)).toBe(Number(view.multiplier));
    }
  });

  it("drops the ball only after the last strike", () => {
    expect(dropStart(0)).toBe(0);
    expect(dropStart(3)).toBeGreaterThan(strikeTime(2));
    expect(lightningDuration(3, 8)).toBe(dropStart(3) + dropDuration(8));
  });

  it("lists each boost's odds per bucket, 32 in 256 striking in all", () => {
    const odds = boostOdds();
    expect(odds.map((o) => o.boost)).toEqual(["2", "3", "5", "10", "15", "50"]);
    const total = odds.reduce((sum, o) => sum + Number(o.chance), 0);
    expect(total).toBeCloseTo(12.5, 6);
  });
});
