import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const root = fileURLToPath(new URL("..", import.meta.url));
const LIMIT = 150 * 1024;
let outDir: string;
let manifest: Record<string, Chunk>;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), "rgs-client-build-"));
  await build({
    root,
    configFile: path.join(root, "vite.config.ts"),
    logLevel: "error",
    build: { outDir, emptyOutDir: true, manifest: true },
  });
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
