import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TableView } from "@rgs/games/games/blackjack/table";
import { describe, expect, it } from "vitest";
import de from "../../../src/i18n/blackjack.de.ts";
import en from "../../../src/i18n/blackjack.en.ts";
import es from "../../../src/i18n/blackjack.es.ts";
import * as single from "../../../src/views/blackjack/index.tsx";
import {
  actionForKey,
  cardFace,
  readSeats,
  scaleSeats,
  seatsStake,
  strategyHint,
} from "../../../src/views/blackjack/table.ts";
import * as multi from "../../../src/views/blackjack_multi/index.tsx";
import type { GameViewModule } from "../../../src/views/types.ts";
import { parse, playView } from "../rounds.ts";

const VIEWS = join(import.meta.dirname, "../../../src/views");
const sources = ["blackjack", "blackjack_multi"].flatMap((folder) =>
  readdirSync(join(VIEWS, folder))
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => readFileSync(join(VIEWS, folder, name), "utf8")),
);
const used = new Set<string>(
  sources.flatMap((text) =>
    [...text.matchAll(/"(games\.blackjack\.[a-zA-Z0-9_.]+)"/g)].map((m) => m[1] as string),
  ),
);
const placeholders = (text: string) => [...text.matchAll(/\{([a-zA-Z0-9_]+)\}/g)].map((m) => m[1]).sort();

describe("blackjack view modules", () => {
  const modules: [string, GameViewModule][] = [
    ["blackjack-leo", single as GameViewModule],
    ["blackjack_multi-leo", multi as GameViewModule],
  ];
  for (const [code, view] of modules) {
    it(`${code}: the default params are a bet the game accepts in every currency precision`, () => {
      for (const decimals of [0, 2, 8]) {
        expect(parse(code, view.defaultParams(code), decimals).parsed).toMatchObject({ ok: true });
      }
    });
  }

  it("only the multi-seat view stakes from its params; the one-seat game uses the shell's amount", () => {
    expect((single as GameViewModule).stakeFromParams).toBeUndefined();
    const params = {
      seats: [
        { bet: "1.00", perfectPairs: "0.50" },
        { bet: "2.00", threeCardPoker: "0.25" },
      ],
    };
    expect(multi.stakeFromParams(params, 2)).toBe(375n);
    expect(parse("blackjack_multi-leo", params).parsed).toMatchObject({ ok: true });
    expect(multi.stakeFromParams({ seats: [{ bet: "abc" }] }, 2)).toBeUndefined();
    expect(multi.stakeFromParams({ seats: [] }, 2)).toBeUndefined();
  });

  it("scales every seat's bets for autobet, never below one minor unit", () => {
    const scaled = scaleSeats({ seats: [{ bet: "1.00", perfectPairs: "0.01" }] }, 202n, 2);
    expect(scaled).toEqual({ seats: [{ bet: "2.00", perfectPairs: "0.02" }] });
    expect(seatsStake(scaled, 2)).toBe(202n);
    expect(readSeats({ seats: Array(7).fill({ bet: "1" }) })).toHaveLength(5);
  });
});

describe("blackjack table helpers", () => {
  it("maps a key to an action only when that action is legal now", () => {
    expect(actionForKey("H", ["hit", "stand"])).toBe("hit");
    expect(actionForKey("d", ["hit", "stand"])).toBeUndefined();
    expect(actionForKey("i", ["insurance", "decline_insurance"])).toBe("insurance");
    expect(actionForKey("n", ["insurance", "decline_insurance"])).toBe("decline_insurance");
    expect(actionForKey("x", ["hit", "stand", "double", "split"])).toBeUndefined();
  });

  it("shows card faces with their suit colour", () => {
    expect(cardFace(0)).toEqual({ rank: "A", suit: "♠", red: false });
    expect(cardFace(51)).toEqual({ rank: "K", suit: "♦", red: true });
    expect(cardFace(37)).toEqual({ rank: "10", suit: "♥", red: true });
  });

  it("a dealt round's view keeps the hole card hidden and hints only legal actions", () => {
    let hinted = 0;
    for (let nonce = 0; nonce < 60; nonce++) {
      const view = playView<TableView>("blackjack-leo", {}, nonce);
      if (view.phase === "settled") continue;
      expect(view.dealer).toMatchObject({ hidden: 1 });
      expect(view.dealer.cards).toHaveLength(1);
      const hint = strategyHint("blackjack-leo", view);
      expect(view.actions).toContain(hint);
      if (view.phase === "insurance") expect(hint).toBe("decline_insurance");
      hinted++;
    }
    expect(hinted).toBeGreaterThan(40);
  });
});

describe("blackjack view strings", () => {
  it("has an English string for every key the views use, and none unused", () => {
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((key) => !(key in en))).toEqual([]);
    expect(Object.keys(en).filter((key) => !used.has(key))).toEqual([]);
  });

  it("writes no template-built keys", () => {
    expect(sources.filter((text) => /t\(`games\./.test(text))).toEqual([]);
  });

  for (const [language, catalog] of [
    ["de", de],
    ["es", es],
  ] as const) {
    it(`${language}: has exactly the English keys, their placeholders, and is translated`, () => {
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders((catalog as Record<string, string>)[key] ?? ""), key).toEqual(placeholders(text));
      }
      const copied = Object.entries(en).filter(
        ([key, text]) => text.length > 24 && (catalog as Record<string, string>)[key] === text,
      );
      expect(copied).toEqual([]);
    });
  }
});
