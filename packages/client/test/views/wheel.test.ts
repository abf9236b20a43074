import type { WheelView } from "@rgs/games/games/wheel/game";
import { describe, expect, it } from "vitest";
import { rtpOf } from "../../src/views/shared/rtp.ts";
import { legendOf, rotationAt, SPIN_MS, segmentUnder, spinTarget } from "../../src/views/wheel/geometry.ts";
import { wheelLayout } from "../../src/views/wheel/params.ts";
import { playView } from "./rounds.ts";

describe("wheel spin", () => {
  it("stops with the drawn segment under the pointer, whatever the start and the offset", () => {
    for (const segments of [10, 20, 30, 40, 50]) {
      for (let segment = 0; segment < segments; segment++) {
        for (const from of [0, 123.4, -77, 3600.5]) {
          for (const offset of [-0.5, -0.2, 0, 0.3, 0.5]) {
            const to = spinTarget(from, segment, segments, offset);
            expect(segmentUnder(to, segments)).toBe(segment);
            expect(to - from).toBeGreaterThanOrEqual(5 * 360);
            expect(to - from).toBeLessThan(6 * 360);
          }
        }
      }
    }
  });

  it("turns from the start to the stop, slowing down", () => {
    expect(rotationAt(0, 10, 2000)).toBe(10);
    expect(rotationAt(SPIN_MS, 10, 2000)).toBe(2000);
    const early = rotationAt(SPIN_MS * 0.1, 0, 2000) - rotationAt(0, 0, 2000);
    const late = rotationAt(SPIN_MS, 0, 2000) - rotationAt(SPIN_MS * 0.9, 0, 2000);
    expect(early).toBeGreaterThan(late);
  });

  it("draws the layout of the round and lists every multiplier with its segment count", () => {
    const rtp = rtpOf("wheel-delta");
    const view = playView<WheelView>("wheel-delta", { segments: 40, risk: "medium" }, 3);
    const layout = rtp && wheelLayout({ segments: 40, risk: "medium" }, rtp);
    expect(layout).toEqual(view.layout);
    const legend = legendOf(view.layout);
    expect(legend.reduce((sum, row) => sum + row.count, 0)).toBe(40);
    expect(legend.some((row) => row.multiplier === view.multiplier.slice(0, -2))).toBe(true);
  });
});
