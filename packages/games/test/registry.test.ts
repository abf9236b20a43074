import { GAMES } from "@rgs/protocol/catalog";
import { describe, expect, it } from "vitest";
import { withinTolerance } from "../src/analysis/report.ts";
import { rtpFromBasisPoints } from "../src/math/rational.ts";
import { ANALYSES, GAMES_BY_SLUG, gameForCode } from "../src/registry.ts";

describe("registry", () => {
  it("resolves catalog codes to their game and declared RTP", () => {
    expect(gameForCode("roulette-alpha-gemini")).toMatchObject({
      game: { slug: "roulette" },
      rtp: { num: 1973n, den: 2000n },
    });
    expect(gameForCode("dice-delta")?.rtp).toEqual(rtpFromBasisPoints(9600));
    expect(gameForCode("dice-omega")).toBeUndefined();
    expect(gameForCode("Dice-Alpha")).toBeUndefined();
  });

  it("registers an analysis for every game and a game for every analysis, under its own slug", () => {
    expect(Object.keys(ANALYSES).sort()).toEqual(Object.keys(GAMES_BY_SLUG).sort());
    for (const [slug, game] of Object.entries(GAMES_BY_SLUG)) expect(game.slug).toBe(slug);
  });

  it("every configuration of every registered code is within 0.01 pp of what it declares", () => {
    // The standard games' four variants are each checked in their own tests; here, the exact-code games.
    const fast = ["lightning_keno", "roulette", "baccarat"];
    for (const info of GAMES.filter((g) => fast.includes(g.slug))) {
      const declared = rtpFromBasisPoints(info.rtpBasisPoints);
      for (const report of ANALYSES[info.slug]?.(declared) ?? []) {
        expect(
          withinTolerance(report.rtp, report.declaredRtp ?? declared),
          `${info.code} ${report.configuration}`,
        ).toBe(true);
      }
    }
  });
});
