import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

/**
 * The Node.js versions the project admits are said once, in package.json's `engines`; the README and
 * the SDK's README say the same, and every installed package admits all of them, so `npm install`
 * warns about no engine on any supported version.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const manifest = JSON.parse(read("package.json")) as { engines: { node: string } };
const lock = JSON.parse(read("package-lock.json")) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const range = manifest.engines.node;

describe("Node.js versions", () => {
  it("admit the maintained lines from 20.19 on, and the ones the README recommends", () => {
    for (const version of ["20.19.0", "20.20.2", "22.13.0", "22.22.0", "24.0.0", "24.11.0"]) {
      expect(semver.satisfies(version, range), version).toBe(true);
    }
    expect(semver.satisfies("20.18.3", range)).toBe(false);
  });

  it("are admitted by every package the lockfile installs", () => {
    const refusing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      const engines = entry.engines;
      // Old packages wrote engines as an array of strings, which npm does not enforce.
      const node = engines && !Array.isArray(engines) ? engines.node : undefined;
      if (location === "" || node === undefined) continue;
      if (!semver.subset(range, node)) refusing.push(`${location}@${entry.version}: node ${node}`);
    }
    expect(refusing, `these packages refuse part of ${range}`).toEqual([]);
  });

  it("are the ones the README and the SDK's README state", () => {
    expect(read("README.md")).toContain(`\`${range}\``);
    expect(read("packages/operator-sdk/README.md")).toContain(`\`${range}\``);
  });
});
