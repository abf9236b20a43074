import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * npm (11 and later) warns on every `npm install` about each installed package whose install script the
 * project has not reviewed: each one the lockfile installs is approved in package.json's `allowScripts`.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), "utf8"));
const manifest = read("package.json") as { allowScripts?: Record<string, boolean> };
const lock = read("package-lock.json") as {
  packages: Record<string, { hasInstallScript?: boolean }>;
};

describe("npm install", () => {
  it("runs only install scripts package.json approves, so it warns about none", () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([location, entry]) => location !== "" && entry.hasInstallScript === true)
      .map(([location]) => location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts).toContain("esbuild");
    const unapproved = withScripts.filter((name) => manifest.allowScripts?.[name] !== true);
    expect(unapproved, "install scripts not in package.json's allowScripts").toEqual([]);
  });
});
