import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { CLIENT_LANGUAGES } from "@rgs/protocol/languages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryGzipBytes, viteBuild } from "../scripts/client-build.ts";

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const LIMIT = 150 * 1024;
/**
 * The client's entry, everything a game page runs before its view and its language: 33.0 KB gzipped before
 * the shell was split into hooks and components (issue 23), 29.4 KB after, with 13 languages.
 */
const ENTRY_LIMIT = 32 * 1024;
let outDir: string;
let manifest: Record<string, Chunk>;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), "rgs-client-build-"));
  await viteBuild(outDir);
  manifest = JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    Chunk
  >;
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The chunks a page loads before any dynamic import: the entry and everything it imports statically. */
function initialChunks(): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return seen;
}

describe("the client build", () => {
  it("loads at most 150 KB of gzipped JavaScript before the game's view", () => {
    const html = readFileSync(path.join(outDir, "index.html"), "utf8");
    const initial = [...initialChunks()];
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
    expect(entry && html.includes(`/${entry.file}`)).toBe(true);
    const gzipped = initial.reduce((total, key) => {
      const file = manifest[key]?.file ?? "";
      return file.endsWith(".js") ? total + gzipSync(readFileSync(path.join(outDir, file))).length : total;
    }, 0);
    expect(gzipped).toBeGreaterThan(1000);
    expect(gzipped).toBeLessThanOrEqual(LIMIT);
  });

  it("keeps the entry small, and prints its size", () => {
    const bytes = entryGzipBytes(outDir);
    console.log(
      `Game client entry: ${(bytes / 1024).toFixed(1)} KB gzipped (limit ${ENTRY_LIMIT / 1024} KB).`,
    );
    expect(bytes).toBeLessThanOrEqual(ENTRY_LIMIT);
  });

  it("fetches a language's texts only when it is chosen: every catalog but the shell's English is a chunk of its own", () => {
    const initial = initialChunks();
    const catalogs = Object.keys(manifest).filter((key) => /^src\/i18n\/[a-z]+\.[A-Za-z-]+\.ts$/.test(key));
    const languages = new Set(catalogs.map((key) => key.split(".")[1]));
    expect([...languages].sort()).toEqual(CLIENT_LANGUAGES.map((language) => language.tag).sort());
    for (const key of catalogs) {
      expect(manifest[key]?.isDynamicEntry, key).toBe(true);
      expect(initial.has(key), key).toBe(false);
    }
    // The shell's English texts are the fallback of every language: in the entry, never a chunk.
    expect(manifest["src/i18n/shell.en.ts"]).toBeUndefined();
  });

  it("puts every game view in a chunk of its own, outside the initial load, and the verifier too", () => {
    const initial = initialChunks();
    const views = Object.keys(manifest).filter((key) => /^src\/views\/[a-z0-9_]+\/index\.tsx$/.test(key));
    expect(views.length).toBeGreaterThan(0);
    const files = new Set<string>();
    for (const key of [...views, "src/fairness/verify.ts"]) {
      const chunk = manifest[key];
      expect(chunk?.isDynamicEntry, key).toBe(true);
      expect(initial.has(key), key).toBe(false);
      files.add(chunk?.file ?? "");
    }
    expect(files.size).toBe(views.length + 1);
  });

  it("has no inline script or style in the page (its CSP allows neither)", () => {
    const html = readFileSync(path.join(outDir, "index.html"), "utf8");
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });
});
