/**
 * Every catalog of every language: exactly the English keys (a message with a count in each plural category
 * of its language, no more, no less), the same placeholders, nothing left empty or in English; and every key
 * the sources use exists in English, while English keeps no key that nothing uses.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CLIENT_LANGUAGES } from "@rgs/protocol/languages";
import { describe, expect, it } from "vitest";
import { createTranslator, PLURAL, pickLanguage } from "../../src/i18n/index.ts";

const I18N = fileURLToPath(new URL("../../src/i18n/", import.meta.url));
const SRC = fileURLToPath(new URL("../../src/", import.meta.url));
const GROUPS = ["shell", "games", "cashout", "blackjack", "craps", "war", "replay", "freerounds"] as const;
const LANGUAGES = CLIENT_LANGUAGES.map((language) => language.tag);

type Catalog = Record<string, string>;

async function catalog(group: string, language: string): Promise<Catalog> {
  const file = path.join(I18N, `${group}.${language}.ts`);
  return ((await import(pathToFileURL(file).href)) as { default: Catalog }).default;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "i18n" ? [] : sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

const baseOf = (key: string) => key.split(PLURAL)[0] as string;
const placeholders = (text: string) => [...text.matchAll(/\{([a-zA-Z0-9_]+)\}/g)].map((m) => m[1]).sort();
/** Texts that are the same in every language (symbols, figures, formats). */
const isNeutral = (text: string) =>
  text.replace(/\{[a-zA-Z0-9_]+\}|[\s\d.,:;×½%–—…/()+\-=<>·?!]/g, "").length <= 4;

/** The keys of a catalog by message: a plain key, or the categories of a message with a count. */
function messages(entries: Catalog): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const key of Object.keys(entries)) {
    const [base, category] = key.split(PLURAL) as [string, string | undefined];
    const categories = found.get(base) ?? new Set<string>();
    if (category !== undefined) categories.add(category);
    found.set(base, categories);
  }
  return found;
}

const english: Record<string, Catalog> = {};
for (const group of GROUPS) english[group] = await catalog(group, "en");
const allEnglish: Catalog = Object.assign({}, ...Object.values(english));

describe("the languages of the client", () => {
  it("are the thirteen listed, each with every catalog", () => {
    expect(LANGUAGES).toEqual([
      "en",
      "de",
      "es",
      "pt-BR",
      "fr",
      "it",
      "tr",
      "pl",
      "ja",
      "ko",
      "zh-Hans",
      "hi",
      "fi",
    ]);
    const files = readdirSync(I18N).filter((name) => /^[a-z]+\.[A-Za-z-]+\.ts$/.test(name));
    for (const group of GROUPS)
      for (const language of LANGUAGES)
        expect(files, `${group}.${language}.ts`).toContain(`${group}.${language}.ts`);
  });
});

describe("keys the sources use", () => {
  const texts = sources(SRC).map((file) => readFileSync(file, "utf8"));
  const used = new Set(
    texts.flatMap((text) =>
      [...text.matchAll(/"((?:shell|games|replay|freerounds)\.[a-zA-Z0-9_.]+)"/g)].map((m) => m[1] as string),
    ),
  );
  const englishKeys = new Set(Object.keys(allEnglish).map(baseOf));

  it("have an English text, every one", () => {
    const missing = [...used].filter((key) => !englishKeys.has(key) && !key.endsWith("."));
    expect(missing).toEqual([]);
  });

  it("cover every English game text: no text is kept that no view shows", () => {
    const unused = [...englishKeys].filter((key) => key.startsWith("games.") && !used.has(key));
    // Keys made from a slug (a game's name) are the one exception, listed by the catalog's own prefix.
    expect(unused.filter((key) => !/^games\.[a-z_]+\.name$/.test(key))).toEqual([]);
  });

  it("are never built from a template in a view, so that every one is checked here", () => {
    const built = sources(path.join(SRC, "views")).filter((file) =>
      /t\(`games\./.test(readFileSync(file, "utf8")),
    );
    expect(built).toEqual([]);
  });
});

for (const language of LANGUAGES.filter((tag) => tag !== "en")) {
  describe(`${language}`, () => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

    for (const group of GROUPS) {
      it(`${group}: has every English message, in each plural category of ${language}, and no other key`, async () => {
        const translated = await catalog(group, language);
        const theirs = messages(translated);
        const ours = messages(english[group] as Catalog);
        expect([...theirs.keys()].sort()).toEqual([...ours.keys()].sort());
        for (const [base, forms] of ours) {
          const expected = forms.size === 0 ? [] : [...categories].sort();
          expect([...(theirs.get(base) ?? [])].sort(), base).toEqual(expected);
        }
      });

      it(`${group}: keeps every placeholder, leaves nothing empty, and is translated`, async () => {
        const translated = await catalog(group, language);
        const source = english[group] as Catalog;
        for (const [key, text] of Object.entries(translated)) {
          expect(text.trim(), key).not.toBe("");
          const base = baseOf(key);
          const reference = source[key] ?? source[`${base}${PLURAL}other`] ?? "";
          const expected = placeholders(reference);
          // A singular or dual form may say the count in words ("a bet"): {count} is optional there only.
          const own = placeholders(text);
          const optional = key.endsWith(`${PLURAL}other`) || !key.includes(PLURAL) ? [] : ["count"];
          expect(own, `${language} ${key}`).toEqual(
            expected.filter((name) => !optional.includes(name as string) || own.includes(name)),
          );
        }
        const checked = Object.keys(source).filter((key) => !isNeutral(source[key] as string));
        const same = checked.filter((key) => translated[key] === source[key]);
        expect(same.length / Math.max(1, checked.length), `left in English: ${same.join(", ")}`).toBeLessThan(
          0.2,
        );
      });
    }
  });
}

describe("language choice", () => {
  const supported = LANGUAGES;

  it("takes the launch URL's lang, then the session's, then the browser's, then English", () => {
    expect(pickLanguage("es", "de", ["fr"], supported)).toBe("es");
    expect(pickLanguage(null, "de", ["fr"], supported)).toBe("de");
    expect(pickLanguage(null, null, ["xx", "fr-CA", "de"], supported)).toBe("fr");
    expect(pickLanguage("DE-at", null, [], supported)).toBe("de");
    expect(pickLanguage("xx", "yy", ["zz"], supported)).toBe("en");
    expect(pickLanguage(undefined, undefined, [], supported)).toBe("en");
  });

  it("speaks Brazilian Portuguese for any Portuguese and Simplified Chinese for any Chinese", () => {
    for (const code of ["pt", "pt-PT", "PT_br", "pt-BR"])
      expect(pickLanguage(code, null, [], supported)).toBe("pt-BR");
    for (const code of ["zh", "zh-CN", "zh-Hans", "zh_TW", "zh-Hant-HK"])
      expect(pickLanguage(code, null, [], supported)).toBe("zh-Hans");
  });

  it("skips a language the build has no catalog for", () => {
    expect(pickLanguage("fi", "ja", [], ["en", "ja"])).toBe("ja");
  });
});

describe("the translator", () => {
  it("falls back to English per key and fills placeholders", () => {
    const t = createTranslator("de", [{ "a.x": "Hallo {name}" }], {
      "a.x": "Hello {name}",
      "a.y": "Only English",
    });
    expect(t("a.x", { name: "Ana" })).toBe("Hallo Ana");
    expect(t("a.y")).toBe("Only English");
    expect(t("a.z")).toBe("a.z");
    expect(t.language).toBe("de");
  });

  it("chooses the plural form of the language for a count, never '1 rounds'", () => {
    const en = createTranslator("en", [], { "a.n|one": "{count} round", "a.n|other": "{count} rounds" });
    expect(en("a.n", { count: 1 })).toBe("1 round");
    expect(en("a.n", { count: 2 })).toBe("2 rounds");
    expect(en("a.n", { count: 1500 })).toBe("1,500 rounds");
    const pl = createTranslator(
      "pl",
      [
        {
          "a.n|one": "{count} runda",
          "a.n|few": "{count} rundy",
          "a.n|many": "{count} rund",
          "a.n|other": "{count} rundy",
        },
      ],
      {},
    );
    expect([1, 2, 5, 22, 25].map((count) => pl("a.n", { count }))).toEqual([
      "1 runda",
      "2 rundy",
      "5 rund",
      "22 rundy",
      "25 rund",
    ]);
    const ja = createTranslator("ja", [{ "a.n|other": "{count} ラウンド" }], {});
    expect(ja("a.n", { count: 1 })).toBe("1 ラウンド");
  });

  it("writes counts with the language's grouping", () => {
    const de = createTranslator("de", [{ "a.n|one": "{count} Runde", "a.n|other": "{count} Runden" }], {});
    expect(de("a.n", { count: 12345 })).toBe("12.345 Runden");
  });
});
