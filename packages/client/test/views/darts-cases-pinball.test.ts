import type { CasesView } from "@rgs/games/games/cases/game";
import type { DartsView } from "@rgs/games/games/darts/game";
import { GRID, ZONES, zoneOf } from "@rgs/games/games/darts/paytable";
import type { PinballView } from "@rgs/games/games/pinball/game";
import { LAMPS } from "@rgs/games/games/pinball/paytable";
import { describe, expect, it } from "vitest";
import { caseItems } from "../../src/views/cases/params.ts";
import { buildReel, DURATION, LANDING, reelPosition, tileAt } from "../../src/views/cases/reel.ts";
import { CENTRE, dartAt, FLIGHT_MS, landingPoint, ringsOf } from "../../src/views/darts/geometry.ts";
import { dartsTable, zoneChance } from "../../src/views/darts/index.tsx";
import { pinballTable } from "../../src/views/pinball/index.tsx";
import { buildLegs, DRAIN, LOCK, legsDuration, stateAt } from "../../src/views/pinball/path.ts";
import { rtpOf } from "../../src/views/shared/rtp.ts";
import { playView } from "./rounds.ts";

describe("darts board", () => {
  it("draws rings from the centre out that match the game's zones", () => {
    const rings = ringsOf();
    expect(rings.map((r) => r.zone)).toEqual(["bullseye", "bull", "single", "treble", "single", "double"]);
    rings.forEach((ring, i) => {
      expect(ring.inner).toBe(i === 0 ? 0 : (rings[i - 1] as { outer: number }).outer);
    });
  });

  it("draws every landing point inside the ring of the zone that paid", () => {
    const rings = ringsOf();
    for (let x = 0; x < GRID; x += 7) {
      for (let y = 0; y < GRID; y += 11) {
        const p = landingPoint(x, y);
        const r = Math.hypot(p.x - (CENTRE + 0.5), p.y - (CENTRE + 0.5));
        const drawn = rings.find(
          (ring) => r >= ring.inner - 1 && r < ring.outer + 1 && ring.zone === zoneOf(x, y),
        );
        if (zoneOf(x, y) === "miss") expect(r).toBeGreaterThan((rings.at(-1)?.outer ?? 0) - 1);
        else expect(drawn, `cell ${x},${y}`).toBeDefined();
      }
    }
  });

  it("flies the dart onto the landing point", () => {
    const view = playView<DartsView>("darts-alpha", { risk: "high" }, 5);
    const to = landingPoint(view.x, view.y);
    const end = dartAt(FLIGHT_MS, to);
    expect(end).toMatchObject({ x: to.x, y: to.y, scale: 1, landed: true });
    expect(dartAt(FLIGHT_MS / 2, to).landed).toBe(false);
  });

  it("shows the round's paytable and zone odds that add up to the whole grid", () => {
    const rtp = rtpOf("darts-beta");
    const view = playView<DartsView>("darts-beta", { risk: "low" }, 2);
    expect(rtp && dartsTable(rtp, "low")).toEqual(view.paytable);
    const total = ZONES.reduce((sum, zone) => sum + Number(zoneChance(zone)), 0);
    expect(total).toBeCloseTo(100, 3);
  });
});

describe("cases reel", () => {
  it("lands on the item the server opened and stops inside its tile", () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const view = playView<CasesView>("cases-alpha", { difficulty: "expert" }, nonce);
      const reel = buildReel(
        view.items.map((i) => i.weight),
        view.item,
        nonce,
      );
      expect(reel[LANDING]).toBe(view.item);
      for (const offset of [-0.4, 0, 0.4, 0.9]) expect(tileAt(reelPosition(DURATION, offset))).toBe(LANDING);
    }
  });

  it("shows the items the round's view lists", () => {
    const rtp = rtpOf("cases-gamma");
    const view = playView<CasesView>("cases-gamma", { difficulty: "hard" }, 1);
    expect(rtp && caseItems(rtp, "hard")).toEqual(view.items);
  });
});

describe("pinball path", () => {
  it("lights the round's lamps and ends in the drain, or in the lock on a jackpot", () => {
    let jackpots = 0;
    for (let nonce = 0; nonce < 400; nonce++) {
      const view = playView<PinballView>("pinball-gamma-leo", { risk: "medium" }, nonce);
      const legs = buildLegs(view.bounces, nonce);
      const end = stateAt(legs, legsDuration(legs));
      expect(end.done).toBe(true);
      expect(end.lamps).toBe(view.lamps);
      expect(end.ball).toEqual(view.jackpot ? LOCK : DRAIN);
      if (view.jackpot) jackpots++;
    }
    expect(jackpots).toBeLessThan(400);
  });

  it("lights lamps one leg at a time, never more than the jackpot", () => {
    const legs = buildLegs(["bumper", "ramp", "bumper", "drain"], 1);
    const lit = [0, ...legs.map((leg) => leg.lampsAfter)];
    expect(lit).toEqual([0, 0, 1, 3, 4, 4]);
    let at = 0;
    for (const leg of legs) {
      at += leg.duration;
      expect(stateAt(legs, at - 1).lamps).toBeLessThanOrEqual(leg.lampsAfter);
    }
    const all = buildLegs(Array(LAMPS).fill("bumper"), 2);
    expect(stateAt(all, legsDuration(all)).lamps).toBe(LAMPS);
  });

  it("shows the round's multiplier ladder", () => {
    const rtp = rtpOf("pinball-gamma-leo");
    const view = playView<PinballView>("pinball-gamma-leo", { risk: "high" }, 4);
    expect(rtp && pinballTable(rtp, "high")).toEqual(view.multipliers);
  });
});
