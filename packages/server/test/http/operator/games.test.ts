import { CODE_METRICS } from "@rgs/games/catalog/metrics.generated";
import { GAMES } from "@rgs/protocol/catalog";
import type { GameEntry } from "@rgs/protocol/operator-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  const now = new Date(h.clock.now());
  await h.store.packs.create({ id: "dice-pack", name: "Dice", games: ["dice-alpha", "dice-beta"], now });
  await h.store.packs.create({
    id: "table-pack",
    name: "Tables",
    games: ["blackjack-leo", "dice-beta"],
    now,
  });
});
afterAll(async () => h.close());

type Games = { games: GameEntry[] };

describe("GET /operator/games", () => {
  it("lists every catalog game for an operator with the default pack", async () => {
    const response = await h.signed({ method: "GET", path: "/operator/games" });
    expect(response.statusCode).toBe(200);
    const { games } = response.json() as Games;
    expect(games.map((g) => g.code)).toEqual(GAMES.map((g) => g.code));
    expect(games.find((g) => g.code === "roulette-alpha-gemini")).toMatchObject({
      code: "roulette-alpha-gemini",
      name: "Roulette",
      slug: "roulette",
      rtp: "98.65",
      category: "instant",
      freeRounds: false,
    });
  });

  it("gives each code's figures, parameters, free-round eligibility and icon", async () => {
    const response = await h.signed({ method: "GET", path: "/operator/games" });
    const { games } = response.json() as Games;
    for (const game of games) {
      const { configurations: _, ...figures } = CODE_METRICS[game.code] ?? {};
      expect(game).toMatchObject(figures);
    }
    const mines = games.find((g) => g.code === "mines-alpha") as GameEntry;
    expect(mines).toMatchObject({
      maxMultiplier: { min: "24.7500", max: "5148297.0000" },
      hitFrequency: { min: "4.0000", max: "96.0000" },
      strategy: "cash out after one reveal",
      freeRounds: true,
    });
    expect(mines.parameters[0]).toMatchObject({ name: "mines", kind: "integer", min: "1", max: "24" });
    expect(games.find((g) => g.code === "dice-alpha")?.strategy).toBeUndefined();
    const icon = new URL(mines.thumbnailUrl);
    expect(icon.pathname).toBe("/thumbnails/mines.svg");
    const svg = await h.app.inject({ method: "GET", url: icon.pathname });
    expect(svg.statusCode).toBe(200);
  });

  it("lists the union of the operator's packs, without duplicates, in catalog order", async () => {
    const operator = await h.createOperator({ name: "Packs", packs: ["dice-pack", "table-pack"] });
    const response = await h.signed({ method: "GET", path: "/operator/games", operator });
    expect((response.json() as Games).games.map((g) => g.code)).toEqual([
      "dice-alpha",
      "dice-beta",
      "blackjack-leo",
    ]);
  });

  it("answers an empty list for an operator without packs", async () => {
    const operator = await h.createOperator({ name: "Empty", packs: [] });
    const response = await h.signed({ method: "GET", path: "/operator/games", operator });
    expect(response.json()).toEqual({ games: [] });
  });
});
