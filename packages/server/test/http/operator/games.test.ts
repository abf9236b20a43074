import { GAMES } from "@rgs/protocol/catalog";
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

type Games = { games: { code: string; name: string; slug: string; rtp: string; category: string }[] };

describe("GET /operator/games", () => {
  it("lists every catalog game for an operator with the default pack", async () => {
    const response = await h.signed({ method: "GET", path: "/operator/games" });
    expect(response.statusCode).toBe(200);
    const { games } = response.json() as Games;
    expect(games.map((g) => g.code)).toEqual(GAMES.map((g) => g.code));
    expect(games.find((g) => g.code === "roulette-alpha-gemini")).toEqual({
      code: "roulette-alpha-gemini",
      name: "Roulette",
      slug: "roulette",
      rtp: "98.65",
      category: "instant",
    });
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
