/**
 * Rewrites the configuration table of the README from the variables the server actually reads, so the two
 * cannot disagree. `--check` exits non-zero instead of writing when the README is stale.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { configTableMarkdown } from "../src/config.ts";

export const README_PATH = fileURLToPath(new URL("../../../README.md", import.meta.url));
const START = "<!-- config-table:start -->";
const END = "<!-- config-table:end -->";

export function withConfigTable(readme: string): string {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from === -1 || to < from) throw new Error(`README.md lacks the ${START} ... ${END} markers`);
  return `${readme.slice(0, from + START.length)}\n${configTableMarkdown()}\n${readme.slice(to)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = readFileSync(README_PATH, "utf8");
  const next = withConfigTable(current);
  if (process.argv.includes("--check")) {
    if (next !== current) {
      console.error("README.md's configuration table is stale: run `npm run docs:config`.");
      process.exit(1);
    }
  } else {
    writeFileSync(README_PATH, next);
  }
}
