import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { createTranslator, pickLanguage } from "../../src/i18n/index.ts";

const dir = fileURLToPath(new URL("../../src/i18n/", import.meta.url));
const files = readdirSync(dir).filter((name) => /^(shell|games|cashout)\.[a-z]{2}\.ts$/.test(name));
const groups = [...new Set(files.map((name) => name.split(".")[0] as string))];

async function catalog(file: string): Promise<Record<string, string>> {
  return ((await import(pathToFileURL(path.join(dir, file)).href)) as { default: Record<string, string> })
    .default;
}

/** Texts that are the same in every language (symbols, brand-like words, formats). */
const isNeutral = (text: string) =>
  text.replace(/\{[a-zA-Z0-9_]+\}|[\s\d.,:;×½%–—…/()+\-=<>·]/g, "").length <= 4;

describe("translation catalogs", () => {
  it("has English, German and Spanish for the shell", () => {
    expect(files).toEqual(expect.arrayContaining(["shell.en.ts", "shell.de.ts", "shell.es.ts"]));
  });

  for (const group of groups) {
    const others = files.filter((name) => name.startsWith(`${group}.`) && name !== `${group}.en.ts`);
    for (const file of others) {
      it(`${file} has every key of ${group}.en.ts, no other, and is translated`, async () => {
        const english = await catalog(`${group}.en.ts`);
        const translated = await catalog(file);
        expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
        const keys = Object.keys(english).filter((key) => !isNeutral(english[key] as string));
        const same = keys.filter((key) => translated[key] === english[key]);
        expect(same.length / keys.length, `untranslated: ${same.join(", ")}`).toBeLessThan(0.2);
        for (const [key, text] of Object.entries(english)) {
          const placeholders = (value: string) => (value.match(/\{[a-zA-Z0-9_]+\}/g) ?? []).sort();
          expect(placeholders(translated[key] ?? ""), `${file} ${key}`).toEqual(placeholders(text));
          expect((translated[key] ?? "").trim(), `${file} ${key}`).not.toBe("");
        }
      });
    }
  }

  it("every key is namespaced by its catalog", async () => {
    for (const file of files) {
      const prefix = file.startsWith("shell.") ? "shell." : "games.";
      for (const key of Object.keys(await catalog(file)))
        expect(key.startsWith(prefix), `${file}: ${key}`).toBe(true);
    }
  });
});

describe("language choice", () => {
  const supported = ["de", "en", "es"];
  it("prefers the URL, then the wallet's language, then English", () => {
    expect(pickLanguage("es", "de", supported)).toBe("es");
    expect(pickLanguage(null, "de", supported)).toBe("de");
    expect(pickLanguage("DE-at", null, supported)).toBe("de");
    expect(pickLanguage("fr", "xx", supported)).toBe("en");
    expect(pickLanguage(undefined, undefined, supported)).toBe("en");
  });

  it("falls back to English per key and fills placeholders", () => {
    const t = createTranslator([{ "a.x": "Hallo {name}" }], { "a.x": "Hello {name}", "a.y": "Only English" });
    expect(t("a.x", { name: "Ana" })).toBe("Hallo Ana");
    expect(t("a.y")).toBe("Only English");
    expect(t("a.z")).toBe("a.z");
  });
});
