import { GAMES_BY_SLUG } from "@rgs/games/registry";
import { gamesBySlug } from "@rgs/protocol/catalog";
import { describe, expect, it } from "vitest";
import * as baccarat from "../../src/views/baccarat/index.tsx";
import * as cases from "../../src/views/cases/index.tsx";
import * as darts from "../../src/views/darts/index.tsx";
import * as dice from "../../src/views/dice/index.tsx";
import * as keno from "../../src/views/keno/index.tsx";
import * as lightningKeno from "../../src/views/lightning_keno/index.tsx";
import * as lightningPlinko from "../../src/views/lightning_plinko/index.tsx";
import * as limbo from "../../src/views/limbo/index.tsx";
import * as pinball from "../../src/views/pinball/index.tsx";
import * as plinko from "../../src/views/plinko/index.tsx";
import * as plinko100 from "../../src/views/plinko_100/index.tsx";
import * as roulette from "../../src/views/roulette/index.tsx";
import type { GameViewModule } from "../../src/views/types.ts";
import * as wheel from "../../src/views/wheel/index.tsx";
import { parse } from "./rounds.ts";

const VIEWS: Record<string, GameViewModule> = {
  dice,
  limbo,
  plinko,
  plinko_100: plinko100,
  lightning_plinko: lightningPlinko,
  keno,
  lightning_keno: lightningKeno,
  wheel,
  darts,
  cases,
  pinball,
  roulette,
  baccarat,
};

describe("view modules", () => {
  it("cover the 13 single-round games", () => {
    const single = Object.entries(GAMES_BY_SLUG)
      .filter(([, game]) => game.kind === "single")
      .map(([slug]) => slug)
      .sort();
    expect(Object.keys(VIEWS).sort()).toEqual(single);
  });

  for (const [slug, view] of Object.entries(VIEWS)) {
    it(`${slug}: exports Board, Controls, Rules and defaultParams`, () => {
      expect(typeof view.Board).toBe("function");
      expect(typeof view.Controls).toBe("function");
      expect(typeof view.Rules).toBe("function");
      expect(typeof view.defaultParams).toBe("function");
    });

    for (const { code } of gamesBySlug(slug)) {
      it(`${code}: the default params are a bet the game accepts in any currency`, () => {
        for (const decimals of [0, 2, 8]) {
          const { parsed } = parse(code, view.defaultParams(code), decimals);
          expect(parsed).toMatchObject({ ok: true });
        }
      });
    }
  }
});
