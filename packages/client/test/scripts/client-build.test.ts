import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureClientBuilt, fingerprint } from "../../scripts/client-build.ts";

let repo: string;
afterEach(() => rmSync(repo, { recursive: true, force: true }));

/** A repository with a client source and a games source, and a build that only counts its calls. */
function setup() {
  repo = mkdtempSync(path.join(tmpdir(), "rgs-client-stamp-"));
  mkdirSync(path.join(repo, "client/src"), { recursive: true });
  mkdirSync(path.join(repo, "games/src"), { recursive: true });
  writeFileSync(path.join(repo, "client/src/main.tsx"), "one");
  writeFileSync(path.join(repo, "games/src/dice.ts"), "dice");
  const builds: string[] = [];
  const options = {
    repo,
    inputs: ["client/src", "games/src", "missing.json"],
    outDir: path.join(repo, "dist"),
    build: async (outDir: string) => {
      mkdirSync(outDir, { recursive: true });
      builds.push(outDir);
    },
  };
  return { builds, options };
}

describe("the start-up build of the client", () => {
  it("builds once, then skips a build of unchanged sources", async () => {
    const { builds, options } = setup();
    expect((await ensureClientBuilt(options)).built).toBe(true);
    expect((await ensureClientBuilt(options)).built).toBe(false);
    expect(builds).toHaveLength(1);
  });

  it("builds again when a client source, a bundled package or a file name changes, or when forced", async () => {
    const { builds, options } = setup();
    await ensureClientBuilt(options);
    writeFileSync(path.join(repo, "client/src/main.tsx"), "two");
    expect((await ensureClientBuilt(options)).built).toBe(true);
    writeFileSync(path.join(repo, "games/src/dice.ts"), "dice 2");
    expect((await ensureClientBuilt(options)).built).toBe(true);
    writeFileSync(path.join(repo, "client/src/extra.ts"), "");
    expect((await ensureClientBuilt(options)).built).toBe(true);
    expect((await ensureClientBuilt({ ...options, force: true })).built).toBe(true);
    expect(builds).toHaveLength(5);
  });

  it("digests names as well as contents", () => {
    setup();
    const before = fingerprint(repo, ["client/src"]);
    rmSync(path.join(repo, "client/src/main.tsx"));
    writeFileSync(path.join(repo, "client/src/other.tsx"), "one");
    expect(fingerprint(repo, ["client/src"])).not.toBe(before);
  });
});
