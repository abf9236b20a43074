import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { browserHmacSha256 } from "../src/fair/noble-hmac.ts";
import { nodeHmacSha256 } from "../src/fair/node-hmac.ts";
import { FairRandom } from "../src/fair/random.ts";
import { type VectorCase, vectorCases, vectorOutcome } from "./fairness-vector-cases.ts";

interface Vector extends VectorCase {
  floats: number[];
  outcome: Record<string, unknown>;
}

const vectors: Vector[] = JSON.parse(
  readFileSync(new URL("../../../docs/fairness-vectors.json", import.meta.url), "utf8"),
);
const byCode = (code: string) => vectors.find((v) => v.code === code) as Vector;

describe("published vectors (docs/fairness-vectors.json, shown in docs/fairness.md)", () => {
  it("cover every vector case", () => {
    expect(vectors.map((v) => v.code)).toEqual(vectorCases.map((c) => c.code));
  });

  it.each(vectors.map((v) => [v.code, v] as const))(
    "%s: floats from both HMACs, outcome from the game",
    (_code, vector) => {
      for (const hmac of [nodeHmacSha256, browserHmacSha256]) {
        const random = new FairRandom(hmac, vector.seeds);
        expect(vector.floats.map((_, i) => random.float(i))).toEqual(vector.floats);
      }
      expect(vectorOutcome(vector)).toEqual(vector.outcome);
    },
  );

  it("outcomes follow from the published floats by the documented mappings", () => {
    const dice = byCode("dice-alpha");
    expect(dice.outcome.roll).toBe((Math.floor((dice.floats[0] ?? 0) * 10_000) / 100).toFixed(2));
    const roulette = byCode("roulette-alpha-gemini");
    expect(roulette.outcome.pocket).toBe(Math.floor((roulette.floats[0] ?? 0) * 37));
    const limbo = byCode("limbo-alpha");
    const result = 0.99 / ((limbo.floats[0] ?? 0) + 2 ** -32);
    expect(limbo.outcome.result).toBe((Math.floor(result * 100) / 100).toFixed(2));
    const keno = byCode("keno-beta");
    const left = Array.from({ length: 80 }, (_, i) => i + 1);
    expect(keno.outcome.drawn).toEqual(
      keno.floats.map((f, j) => left.splice(Math.floor(f * (80 - j)), 1)[0]),
    );
    const baccarat = byCode("baccarat-alpha");
    const cards = baccarat.floats.map((f) => Math.floor(f * 52));
    expect(baccarat.outcome.player).toEqual([
      cards[0],
      cards[2],
      ...(baccarat.outcome.player as number[]).slice(2),
    ]);
    expect(baccarat.outcome.banker).toEqual([
      cards[1],
      cards[3],
      ...(baccarat.outcome.banker as number[]).slice(2),
    ]);
  });
});
