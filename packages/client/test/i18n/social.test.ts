/**
 * The social wording (src/i18n/social/<tag>.ts): each rewords keys its language already has, with the same
 * placeholders, and a social session's translator speaks it while any other session keeps the usual texts.
 * Every text a social session can read, the rules and messages no first screen shows included, is free of
 * its language's money words.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadTranslator } from "../../src/i18n/index.ts";
import { moneyWords } from "./money-words.ts";

const I18N = fileURLToPath(new URL("../../src/i18n/", import.meta.url));
const GROUPS = ["shell", "games", "cashout", "blackjack", "craps", "war", "replay"];
type Catalog = Record<string, string>;

const load = async (file: string): Promise<Catalog> =>
  ((await import(pathToFileURL(`${I18N}${file}`).href)) as { default: Catalog }).default;
const placeholders = (text: string) => [...text.matchAll(/\{([a-zA-Z0-9_]+)\}/g)].map((m) => m[1]).sort();

const languages = readdirSync(`${I18N}social`).map((name) => name.replace(/\.ts$/, ""));

describe("the social wording", () => {
  it("exists for English", () => {
    expect(languages).toContain("en");
  });

  for (const language of languages) {
    it(`${language}: rewords only keys of its language, keeping their placeholders`, async () => {
      const own: Catalog = Object.assign(
        {},
        ...(await Promise.all(GROUPS.map((g) => load(`${g}.${language}.ts`)))),
      );
      const social = await load(`social/${language}.ts`);
      for (const [key, text] of Object.entries(social)) {
        expect(own[key], key).toBeDefined();
        expect(placeholders(text), key).toEqual(placeholders(own[key] as string));
        expect(text.trim(), key).not.toBe("");
      }
    });

    it(`${language}: speaks no money words in any text of a social session`, async () => {
      const own: Catalog = Object.assign(
        {},
        ...(await Promise.all(GROUPS.map((g) => load(`${g}.${language}.ts`)))),
        await load(`social/${language}.ts`),
      );
      const found = Object.entries(own).flatMap(([key, text]) => {
        const words = moneyWords(text.replace(/\{[a-zA-Z0-9_]+\}/g, ""), language);
        return words.length > 0 ? [`${key}: ${words.join(", ")}`] : [];
      });
      expect(found).toEqual([]);
    });
  }

  it("finds the money words it lists, at the start of a word only", () => {
    expect(moneyWords("Place your Bet", "en")).toEqual(["bet"]);
    expect(moneyWords("Alphabet, the better choice between two", "en")).toEqual([]);
    expect(moneyWords("Dein Einsatz", "de")).toEqual(["Einsatz"]);
    expect(moneyWords("Der Seed bleibt im Einsatz", "de")).toEqual([]);
    expect(moneyWords("la manche est encaissée", "fr")).toEqual(["encaiss"]);
    expect(moneyWords("Nakde çevir", "tr")).toEqual(["nakde"]);
    expect(moneyWords("Bir sayı çekilir", "tr")).toEqual([]);
    expect(moneyWords("请投注", "zh-Hans")).toEqual(["投注"]);
  });

  it("is spoken by a social session's translator only, over its language's texts", async () => {
    const social = await loadTranslator("en", { social: true });
    expect(social("shell.play.label")).toBe("Play");
    expect(social("games.cashout.cashOut")).toBe("Collect");
    expect(social("shell.tab.rules")).toBe("Rules");
    expect((await loadTranslator("en"))("shell.play.label")).toBe("Bet");
  });
});
