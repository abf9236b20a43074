import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = new URL("../src/", import.meta.url).pathname;
/** The one Node-only module: the server's HMAC. It is not exported from the package index. */
const NODE_ONLY = ["fair/node-hmac.ts"];

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [join(dir, entry.name)]
        : [],
  );

const NODE_BUILTINS = new Set([
  "crypto",
  "fs",
  "path",
  "os",
  "child_process",
  "http",
  "https",
  "net",
  "stream",
  "buffer",
  "util",
  "url",
  "worker_threads",
  "zlib",
]);

describe("the games package runs in the browser", () => {
  it("imports no Node built-in outside the Node-only HMAC module", () => {
    const offenders: string[] = [];
    for (const file of files(SRC)) {
      const name = relative(SRC, file);
      if (NODE_ONLY.includes(name)) continue;
      const source = readFileSync(file, "utf8");
      for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
        if (specifier?.startsWith("node:") || NODE_BUILTINS.has(specifier ?? ""))
          offenders.push(`${name}: ${specifier}`);
      }
      if (/\bprocess\.|\bBuffer\.|\brequire\(/.test(source)) offenders.push(`${name}: uses a Node global`);
    }
    expect(offenders).toEqual([]);
  });

  it("does not export the Node-only module from the index", () => {
    expect(readFileSync(join(SRC, "index.ts"), "utf8")).not.toMatch(/node-hmac/);
  });
});
