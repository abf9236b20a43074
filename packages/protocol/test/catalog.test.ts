import { describe, expect, it } from "vitest";
import { findGame, GAME_SLUGS, GAMES, gamesBySlug } from "../src/catalog.ts";

const STANDARD = [
  "dice",
  "limbo",
  "plinko",
  "keno",
  "mines",
  "wheel",
  "hilo",
  "towers",
  "cases",
  "coinflip",
  "plinko_100",
  "darts",
  "rock_paper_scissors",
];

/** SPEC.md "Other games", code by code. */
const EXACT: Record<string, string> = {
  "baccarat-alpha": "99",
  "lightning_plinko-gamma": "97",
  "lightning_keno-delta": "96",
  "blackjack-leo": "99.46",
  "blackjack_multi-leo": "99.46",
  "doctor_pump-gamma": "97",
  "roulette-alpha-gemini": "98.65",
  "pinball-gamma-leo": "96.5",
  "craps-alpha-cancer": "98.6",
  "war-gamma-libra": "96.27",
  "degen_mining-alpha": "99",
  "degen_mining-beta": "98",
  "degen_mining-gamma": "97",
  "degen_mining-gamma-leo": "96.5",
  "chicken_crossing-alpha": "99",
  "chicken_crossing-beta": "98",
  "chicken_crossing-gamma": "97",
  "chicken_crossing-gamma-leo": "96.5",
  "mines_mania-gamma": "97",
  "mines_mania-delta": "96",
  "flight_deck-gamma": "97",
};

const SPEC_NAMES: Record<string, string> = {
  dice: "Dice",
  limbo: "Limbo",
  plinko: "Plinko",
  keno: "Keno",
  mines: "Mines",
  wheel: "Wheel",
  baccarat: "Baccarat",
  hilo: "HiLo",
  towers: "Towers",
  lightning_plinko: "Lightning Plinko",
  lightning_keno: "Lightning Keno",
  blackjack: "Blackjack",
  doctor_pump: "Doctor Pump",
  roulette: "Roulette",
  cases: "Cases",
  coinflip: "Coinflip",
  pinball: "Pinball",
  blackjack_multi: "Blackjack (Multi Seat)",
  craps: "Craps",
  war: "War",
  plinko_100: "Plinko 100",
  darts: "Darts",
  degen_mining: "Degen Mining",
  chicken_crossing: "Chicken Crossing",
  mines_mania: "Mines Mania",
  rock_paper_scissors: "Rock Paper Scissors",
  flight_deck: "Flight Deck",
};

const CATEGORIES: Record<string, string[]> = {
  instant: [
    "dice",
    "limbo",
    "plinko",
    "plinko_100",
    "lightning_plinko",
    "keno",
    "lightning_keno",
    "wheel",
    "darts",
    "cases",
    "pinball",
    "roulette",
    "baccarat",
  ],
  "cash-out": [
    "mines",
    "mines_mania",
    "towers",
    "hilo",
    "coinflip",
    "rock_paper_scissors",
    "doctor_pump",
    "chicken_crossing",
    "degen_mining",
    "flight_deck",
  ],
  table: ["blackjack", "blackjack_multi", "craps", "war"],
};

describe("GAMES", () => {
  it("holds the 13 standard slugs in four variants plus every exact code, and nothing else", () => {
    expect(GAMES).toHaveLength(13 * 4 + Object.keys(EXACT).length);
    expect(GAMES).toHaveLength(73);
    const expected = [
      ...STANDARD.flatMap((slug) => ["alpha", "beta", "gamma", "delta"].map((suffix) => `${slug}-${suffix}`)),
      ...Object.keys(EXACT),
    ].sort();
    expect(GAMES.map((g) => g.code).sort()).toEqual(expected);
  });

  it.each(
    STANDARD.flatMap((slug) =>
      [
        ["alpha", "99", 9900],
        ["beta", "98", 9800],
        ["gamma", "97", 9700],
        ["delta", "96", 9600],
      ].map(([suffix, rtp, bp]) => [`${slug}-${suffix}`, rtp, bp] as const),
    ),
  )("%s declares %s%%", (code, rtp, bp) => {
    expect(findGame(code)).toMatchObject({ code, rtp, rtpBasisPoints: bp });
  });

  it.each(Object.entries(EXACT))("%s declares %s%%", (code, rtp) => {
    const game = findGame(code);
    expect(game?.rtp).toBe(rtp);
    expect(game?.rtpBasisPoints).toBe(Math.round(Number(rtp) * 100));
  });

  it("has no duplicate code, and each code is its slug and suffix", () => {
    const codes = GAMES.map((g) => g.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const game of GAMES) expect(game.code).toBe(`${game.slug}-${game.suffix}`);
  });

  it("names every game as the spec does", () => {
    for (const game of GAMES) expect(game.name).toBe(SPEC_NAMES[game.slug]);
  });

  it.each(Object.entries(CATEGORIES))("classifies %s games", (category, slugs) => {
    for (const slug of slugs) {
      const games = gamesBySlug(slug);
      expect(games.length).toBeGreaterThan(0);
      for (const game of games) expect(game.category).toBe(category);
    }
  });
});

describe("GAME_SLUGS", () => {
  it("lists the 27 games of the spec once each", () => {
    expect([...GAME_SLUGS].sort()).toEqual(Object.keys(SPEC_NAMES).sort());
    expect(Object.values(CATEGORIES).flat().sort()).toEqual(Object.keys(SPEC_NAMES).sort());
  });
});

describe("findGame and gamesBySlug", () => {
  it.each([
    "dice",
    "Dice-Alpha",
    "dice-ALPHA",
    "dice-epsilon",
    "blackjack-alpha",
    "roulette-alpha",
    "pinball-gamma",
    "",
    "toString",
  ])("does not find %j", (code) => {
    expect(findGame(code)).toBeUndefined();
  });

  it("gives every code of a slug", () => {
    expect(gamesBySlug("degen_mining").map((g) => g.code)).toEqual([
      "degen_mining-alpha",
      "degen_mining-beta",
      "degen_mining-gamma",
      "degen_mining-gamma-leo",
    ]);
    expect(gamesBySlug("blackjack").map((g) => g.code)).toEqual(["blackjack-leo"]);
    expect(gamesBySlug("unknown")).toEqual([]);
  });
});
