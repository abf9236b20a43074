/**
 * Each card game's suit numbering is part of its verifiable outcome (blackjack's ace of spades with a black jack,
 * war's coloured tie), so the code and the table of docs/fairness.md ("Card suits") must say the same.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SUIT_NAMES as BLACKJACK_SUITS, isRed as blackjackIsRed } from "../src/games/blackjack/cards.ts";
import { SUIT_NAMES as HILO_SUITS } from "../src/games/hilo/ladder.ts";
import { isRed as warIsRed, suitOf as warSuitOf } from "../src/games/war/shoe.ts";

const doc = readFileSync(new URL("../../../docs/fairness.md", import.meta.url), "utf8")
  .split("### Card suits")[1]
  ?.split("\n## ")[0] as string;

/** The four suit names of the table's row for `game`, in the order 0 to 3. */
function documentedSuits(game: string): string[] {
  const row = doc.split("\n").find((line) => line.startsWith(`| ${game} |`));
  if (!row) throw new Error(`no row for ${game} in the card suits table`);
  return row
    .split("|")
    .slice(4, 8)
    .map((cell) => cell.trim());
}

const RED = ["hearts", "diamonds"];
const cards = (n: number) => Array.from({ length: n }, (_, card) => card);

describe("card suits as published in docs/fairness.md", () => {
  it("blackjack: spades, hearts, clubs, diamonds", () => {
    const suits = documentedSuits("Blackjack, Blackjack (Multi Seat)");
    expect([...BLACKJACK_SUITS]).toEqual(suits);
    for (const card of cards(52)) expect(blackjackIsRed(card)).toBe(RED.includes(suits[card % 4] as string));
  });

  it("war: spades, hearts, diamonds, clubs over the 416-card shoe", () => {
    const suits = documentedSuits("War");
    for (const card of cards(416)) {
      expect(warSuitOf(card)).toBe(card % 4);
      expect(warIsRed(card)).toBe(RED.includes(suits[card % 4] as string));
    }
  });

  it("hilo: spades, hearts, diamonds, clubs", () => {
    expect([...HILO_SUITS]).toEqual(documentedSuits("Hilo"));
  });
});
