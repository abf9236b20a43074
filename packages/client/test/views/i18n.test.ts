import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import de from "../../src/i18n/games.de.ts";
import en from "../../src/i18n/games.en.ts";
import es from "../../src/i18n/games.es.ts";

const VIEWS = join(import.meta.dirname, "../../src/views");
/** The views whose strings games.<lang>.ts holds (the cash-out games keep theirs in cashout.<lang>.ts). */
const SINGLE_ROUND = [
  "shared",
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
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every "games.*" key literal in the views' sources. */
const usedKeys = new Set(
  SINGLE_ROUND.flatMap((dir) => sources(join(VIEWS, dir))).flatMap((path) =>
    [...readFileSync(path, "utf8").matchAll(/"(games\.[a-zA-Z0-9_.]+)"/g)].map((m) => m[1] as string),
  ),
);

const placeholders = (text: string) => [...text.matchAll(/\{([a-zA-Z0-9_]+)\}/g)].map((m) => m[1]).sort();

describe("game view strings", () => {
  it("finds the keys the views use", () => {
    expect(usedKeys.size).toBeGreaterThan(100);
  });

  it("has an English string for every key a view uses", () => {
    const missing = [...usedKeys].filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });

  it("keeps no English string that no view uses", () => {
    const unused = Object.keys(en).filter((key) => !usedKeys.has(key));
    expect(unused).toEqual([]);
  });

  it("writes no template-built keys, so that every key is checked here", () => {
    const built = SINGLE_ROUND.flatMap((dir) => sources(join(VIEWS, dir))).filter((path) =>
      /t\(`games\./.test(readFileSync(path, "utf8")),
    );
    expect(built).toEqual([]);
  });

  for (const [language, catalog] of [
    ["de", de],
    ["es", es],
  ] as const) {
    it(`${language}: has exactly the English keys`, () => {
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
    });

    it(`${language}: keeps every placeholder of the English string`, () => {
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders((catalog as Record<string, string>)[key] ?? ""), key).toEqual(placeholders(text));
      }
    });

    it(`${language}: is translated, not a copy of English`, () => {
      const long = Object.entries(en).filter(([, text]) => text.length > 24);
      const copied = long.filter(([key, text]) => (catalog as Record<string, string>)[key] === text);
      expect(copied).toEqual([]);
    });
  }
});
