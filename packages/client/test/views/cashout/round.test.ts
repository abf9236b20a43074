import { browserHmacSha256 } from "@rgs/games/fair/noble-hmac";
import { FairRandom } from "@rgs/games/fair/random";
import { multiplierAt, timeToReach } from "@rgs/games/games/flight_deck/curve";
import { randomPositionOf } from "@rgs/games/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endingOf, payoutOf, percentOf, shortMultiplier } from "../../../src/views/cashout/round.ts";
import {
  autoCashOutOf,
  curvePoints,
  endOf,
  hundredthsOf,
  hundredthsText,
  payoutAt,
  shownMultiplier,
  targetPassed,
} from "../../../src/views/flight_deck/flight.ts";
import { tileLook } from "../../../src/views/mines/grid.tsx";
import { parse } from "../rounds.ts";

/** A round of `code` played from fixed seeds with `actions`, returning every step's view and its closing credit. */
function play(code: string, params: unknown, actions: unknown[], stake = 12_345n) {
  const { game, rtp, parsed } = parse(code, params);
  if (!parsed.ok || !game.parseAction || !game.act) throw new Error(`${code} cannot be played`);
  const fair = new FairRandom(browserHmacSha256, { serverSeed: "cashout-views", clientSeed: "c", nonce: 3 });
  let step = game.start(
    { stake, params: parsed.value, rtp, maxWin: 10n ** 15n },
    { random: fair.reader(), now: 0 },
  );
  const views = [step.view];
  for (const input of actions) {
    if (step.closed) break;
    const action = game.parseAction(input, step.state, { rtp, decimals: 2 });
    if (!action.ok) throw new Error(action.detail);
    step = game.act(step.state, action.value, { random: fair.reader(randomPositionOf(step.state)), now: 0 });
    views.push(step.view);
  }
  const credit = step.ops.find((op) => op.kind === "credit");
  return { views, closed: step.closed, paid: credit?.amount };
}

describe("the cash-out panel's figures", () => {
  it("shows multipliers cut to 2 decimals, never rounded up", () => {
    expect(shortMultiplier("1.0104")).toBe("1.01");
    expect(shortMultiplier("1.9999")).toBe("1.99");
    expect(shortMultiplier("5044291.0000")).toBe("5044291.00");
    expect(shortMultiplier("2")).toBe("2.00");
    expect(shortMultiplier(null)).toBe("-");
  });

  it("shows chances as percents with 2 decimals", () => {
    expect(percentOf("7/13")).toBe("53.85");
    expect(percentOf("1/2")).toBe("50.00");
    expect(percentOf("22/25")).toBe("88.00");
    expect(percentOf("nonsense")).toBe("-");
  });

  it("announces the amount the server pays on cash-out, for every step of real rounds", () => {
    for (const [code, params, step] of [
      ["mines-alpha", { mines: 3 }, (i: number) => ({ action: "reveal", params: { tile: i } })],
      ["towers-alpha", { difficulty: "easy" }, () => ({ action: "pick", params: { tile: 0 } })],
      ["coinflip-alpha", {}, () => ({ action: "flip", params: { side: "heads" } })],
      ["doctor_pump-gamma", { difficulty: "easy" }, () => ({ action: "pump" })],
      ["chicken_crossing-alpha", { difficulty: "easy" }, () => ({ action: "step" })],
    ] as const) {
      for (let steps = 1; steps <= 4; steps++) {
        const actions = Array.from({ length: steps }, (_, i) => step(i));
        const before = play(code, params, actions);
        if (before.closed) break;
        const shown = before.views.at(-1) as { stake: string; multiplierExact: string };
        const cashed = play(code, params, [...actions, { action: "cash_out" }]);
        expect(cashed.paid, `${code} after ${steps}`).toBe(payoutOf(shown.stake, shown.multiplierExact));
      }
    }
  });

  it("tells a paid ending from a loss", () => {
    expect(endingOf("cash_out", "120")).toBe("won");
    expect(endingOf("cashed_out", "120")).toBe("won");
    expect(endingOf("lost", "0")).toBe("lost");
    expect(endingOf("crashed", "0")).toBe("lost");
    expect(endingOf("open", null)).toBeUndefined();
    expect(endingOf("flying", null)).toBeUndefined();
  });
});

describe("the mines board", () => {
  it("shows only the revealed gems while open, and every mine once the round is lost", () => {
    const mine = (() => {
      for (let tile = 0; tile < 25; tile++) {
        const round = play("mines-alpha", { mines: 5 }, [{ action: "reveal", params: { tile } }]);
        if (round.closed) return tile;
      }
      throw new Error("no mine in 25 tiles");
    })();
    const open = play("mines-alpha", { mines: 5 }, []).views[0] as Parameters<typeof tileLook>[0];
    expect(Array.from({ length: 25 }, (_, t) => tileLook(open, t)).every((look) => look === "hidden")).toBe(
      true,
    );
    const lost = play("mines-alpha", { mines: 5 }, [{ action: "reveal", params: { tile: mine } }]).views.at(
      -1,
    ) as Parameters<typeof tileLook>[0] & { minePositions: number[] };
    const looks = Array.from({ length: 25 }, (_, t) => tileLook(lost, t));
    expect(looks[mine]).toBe("mine");
    expect(looks.filter((look) => look === "mine-dim")).toHaveLength(4);
    expect(looks.filter((look) => look === "gem-dim")).toHaveLength(20);
  });
});

describe("the flight", () => {
  it("climbs by the games package's curve and holds at the automatic cash-out target", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 101, max: 100_000_000 }),
        (elapsed, target) => {
          const shown = shownMultiplier(elapsed, target);
          expect(shown).toBe(Math.min(multiplierAt(elapsed), target));
          expect(targetPassed(elapsed, target)).toBe(elapsed >= timeToReach(target));
        },
      ),
    );
    expect(shownMultiplier(10_000, 500)).toBe(200);
    expect(shownMultiplier(30_000, 500)).toBe(500);
  });

  it("accepts the automatic cash-outs the game accepts, and only those", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const auto = autoCashOutOf(text);
        if (auto !== undefined)
          expect(parse("flight_deck-gamma", { autoCashOut: auto }).parsed.ok).toBe(true);
      }),
    );
    expect(autoCashOutOf("2")).toBe("2.00");
    expect(autoCashOutOf("1.5")).toBe("1.50");
    expect(autoCashOutOf("1.00")).toBeUndefined();
    expect(autoCashOutOf("1.001")).toBeUndefined();
    expect(autoCashOutOf("1000000.01")).toBeUndefined();
    expect(hundredthsText(hundredthsOf("12.3") ?? 0)).toBe("12.30");
  });

  it("pays floor(stake x multiplier) like the game", () => {
    expect(payoutAt("12345", 150)).toBe(18517n);
  });

  it("draws a rising curve inside the chart, ending where the flight ended", () => {
    const points = curvePoints(25_000, 400, 220);
    for (let i = 1; i < points.length; i++) {
      const [a, b] = [points[i - 1], points[i]] as [{ x: number; y: number }, { x: number; y: number }];
      expect(b.x).toBeGreaterThanOrEqual(a.x);
      expect(b.y).toBeLessThanOrEqual(a.y);
    }
    expect(points[0]).toEqual({ x: 0, y: 220 });
    expect(points.at(-1)?.y).toBeCloseTo(0);
    expect(endOf({ cashedOutAt: "2.00", crashPoint: "5.00" })).toBe(timeToReach(200));
    expect(endOf({ cashedOutAt: null, crashPoint: "3.00" })).toBe(timeToReach(300));
  });
});
