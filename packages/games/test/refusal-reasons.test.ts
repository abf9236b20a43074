/**
 * Every reason a game can refuse with is catalogued (the type system already holds `refuse` to the catalogue)
 * and listed in that game's doc under "Refusals", and every listed reason is one the game gives.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { GAME_REFUSAL_REASONS } from "@rgs/protocol/errors";
import { describe, expect, it } from "vitest";
import { GAMES_BY_SLUG } from "../src/registry.ts";

const here = dirname(fileURLToPath(import.meta.url));
const GAMES = resolve(here, "../src/games");
const DOCS = resolve(here, "../../../docs/games");

/** The game's source files: its folder and every games file it imports, transitively. */
function sourcesOf(slug: string): string[] {
  const seen = new Set<string>();
  const todo = readdirSync(join(GAMES, slug)).map((f) => join(GAMES, slug, f));
  while (todo.length > 0) {
    const file = todo.pop() as string;
    if (seen.has(file) || !file.startsWith(GAMES) || !statSync(file, { throwIfNoEntry: false })?.isFile())
      continue;
    seen.add(file);
    for (const [, path] of readFileSync(file, "utf8").matchAll(/from "(\.[^"]+)"/g)) {
      todo.push(resolve(dirname(file), path as string));
    }
  }
  return [...seen];
}

/** Reasons the server answers: an action on a closed round is answered 409 round_closed before the game is asked. */
const answered = (reasons: Iterable<string>) =>
  [...new Set(reasons)].filter((r) => r !== "round_closed").sort();

function reasonsInSource(slug: string): string[] {
  const text = sourcesOf(slug)
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
  return answered([...text.matchAll(/refuse\(\s*"([a-z_]+)"/g)].map((m) => m[1] as string));
}

function reasonsInDoc(slug: string): string[] {
  const doc = readFileSync(join(DOCS, `${slug}.md`), "utf8");
  const section = doc.split(/^## Refusals$/m)[1]?.split(/^## /m)[0] ?? "";
  return answered([...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1] as string));
}

const slugs = Object.keys(GAMES_BY_SLUG).sort();

describe("refusal reasons", () => {
  it.each(slugs)("%s: its doc lists every reason its code refuses with", (slug) => {
    const documented = reasonsInDoc(slug);
    expect(documented.length).toBeGreaterThan(0);
    for (const reason of reasonsInSource(slug)) expect(documented).toContain(reason);
    for (const reason of documented) expect(Object.keys(GAME_REFUSAL_REASONS)).toContain(reason);
  });

  it("every catalogued reason is given by some game and listed in its doc", () => {
    const listed = new Set(slugs.flatMap(reasonsInDoc));
    expect(answered(Object.keys(GAME_REFUSAL_REASONS))).toEqual([...listed].sort());
  });
});
