import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import de from "../../../src/i18n/cashout.de.ts";
import en from "../../../src/i18n/cashout.en.ts";
import es from "../../../src/i18n/cashout.es.ts";
import gamesEn from "../../../src/i18n/games.en.ts";

const VIEWS = join(import.meta.dirname, "../../../src/views");
const FOLDERS = [
  "cashout",
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
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = FOLDERS.flatMap((folder) => sources(join(VIEWS, folder)));
const used = new Set(
  files.flatMap((path) =>
    [...readFileSync(path, "utf8").matchAll(/"(games\.[a-zA-Z0-9_.]+)"/g)].map((m) => m[1] as string),
  ),
);
const placeholders = (text: string) => [...text.matchAll(/\{([a-zA-Z0-9_]+)\}/g)].map((m) => m[1]).sort();

describe("cash-out view strings", () => {
  it("finds the views' keys", () => expect(used.size).toBeGreaterThan(150));

  it("has an English string for every key the cash-out views use", () => {
    const missing = [...used].filter(
      (key) => !(key in en) && !(key.startsWith("games.common.") && key in gamesEn),
    );
    expect(missing).toEqual([]);
  });

  it("keeps no English string that no view uses, and only keys of the cash-out games", () => {
    expect(Object.keys(en).filter((key) => !used.has(key))).toEqual([]);
    const namespaces = new Set(Object.keys(en).map((key) => key.split(".")[1]));
    expect([...namespaces].sort()).toEqual([...FOLDERS].sort());
  });

  it("writes no template-built keys", () => {
    expect(files.filter((path) => /t\(`games\./.test(readFileSync(path, "utf8")))).toEqual([]);
  });

  for (const [language, catalog] of [
    ["de", de],
    ["es", es],
  ] as const) {
    const strings = catalog as Record<string, string>;
    it(`${language}: has exactly the English keys, none empty`, () => {
      expect(Object.keys(strings).sort()).toEqual(Object.keys(en).sort());
      expect(Object.entries(strings).filter(([, text]) => text.trim() === "")).toEqual([]);
    });

    it(`${language}: keeps every placeholder of the English string`, () => {
      for (const [key, text] of Object.entries(en))
        expect(placeholders(strings[key] ?? ""), key).toEqual(placeholders(text));
    });

    it(`${language}: is translated, not a copy of English`, () => {
      const words = Object.entries(en).filter(
        ([, text]) => text.replace(/\{[a-z]+\}|[^a-zA-Z]/gi, "").length > 8,
      );
      const copied = words.filter(([key, text]) => strings[key] === text).map(([key]) => key);
      // Names of games and of one level are the same word in every language.
      expect(copied.filter((key) => !/\.board$|\.level\.degen$/.test(key))).toEqual([]);
    });
  }
});
