import { GAMES_BY_SLUG } from "@rgs/games/registry";
import { gamesBySlug } from "@rgs/protocol/catalog";
import { describe, expect, it } from "vitest";
import * as chickenCrossing from "../../../src/views/chicken_crossing/index.tsx";
import * as coinflip from "../../../src/views/coinflip/index.tsx";
import * as degenMining from "../../../src/views/degen_mining/index.tsx";
import * as doctorPump from "../../../src/views/doctor_pump/index.tsx";
import * as flightDeck from "../../../src/views/flight_deck/index.tsx";
import * as hilo from "../../../src/views/hilo/index.tsx";
import * as mines from "../../../src/views/mines/index.tsx";
import * as minesMania from "../../../src/views/mines_mania/index.tsx";
import * as rockPaperScissors from "../../../src/views/rock_paper_scissors/index.tsx";
import * as towers from "../../../src/views/towers/index.tsx";
import type { GameViewModule } from "../../../src/views/types.ts";
import { parse } from "../rounds.ts";

const VIEWS: Record<string, GameViewModule> = {
  mines,
  mines_mania: minesMania,
  towers,
  hilo,
  coinflip,
  rock_paper_scissors: rockPaperScissors,
  doctor_pump: doctorPump,
  chicken_crossing: chickenCrossing,
  degen_mining: degenMining,
  flight_deck: flightDeck,
};

/** Every choice a view's controls offer, as params the game must accept. */
const CHOICES: Record<string, unknown[]> = {
  mines: [
    ...Array.from({ length: 24 }, (_, i) => ({ mines: i + 1 })),
    { mines: 3, tiles: [0, 12, 24] },
    { mines: 24, tiles: [7] },
  ],
  mines_mania: Array.from({ length: 24 }, (_, i) => ({ mines: i + 1 })),
  towers: [
    ...["easy", "medium", "hard", "expert", "master"].map((difficulty) => ({ difficulty })),
    { difficulty: "hard", picks: [0, 1, 1, 0, 0, 1, 1, 0, 1] },
  ],
  doctor_pump: ["easy", "medium", "hard", "expert"].map((difficulty) => ({ difficulty })),
  chicken_crossing: ["easy", "medium", "hard", "daredevil"].map((difficulty) => ({ difficulty })),
  degen_mining: ["easy", "medium", "hard", "degen"].map((difficulty) => ({ difficulty })),
  flight_deck: [{}, { autoCashOut: "1.01" }, { autoCashOut: "2.00" }, { autoCashOut: "1000000.00" }],
  hilo: [{}],
  coinflip: [{}],
  rock_paper_scissors: [{}],
};

describe("cash-out view modules", () => {
  it("cover the 10 cash-out games", () => {
    const cashOut = Object.entries(GAMES_BY_SLUG)
      .filter(([, game]) => game.kind === "cash-out")
      .map(([slug]) => slug)
      .sort();
    expect(Object.keys(VIEWS).sort()).toEqual(cashOut);
  });

  for (const [slug, view] of Object.entries(VIEWS)) {
    it(`${slug}: exports Board, Controls, Rules and defaultParams`, () => {
      expect(typeof view.Board).toBe("function");
      expect(typeof view.Controls).toBe("function");
      expect(typeof view.Rules).toBe("function");
      expect(typeof view.defaultParams).toBe("function");
    });

    const codes = gamesBySlug(slug).map((info) => info.code);
    it(`${slug}: has at least one catalog code`, () => expect(codes.length).toBeGreaterThan(0));

    for (const code of codes) {
      it(`${code}: the default params and every offered choice are bets the game accepts`, () => {
        for (const decimals of [0, 2, 8]) {
          const unit = 10n ** BigInt(decimals);
          const limits = { minBet: unit / 100n || 1n, maxBet: 1000n * unit, maxWin: 1_000_000n * unit };
          expect(parse(code, view.defaultParams(code, { decimals, limits }), decimals).parsed).toMatchObject({
            ok: true,
          });
        }
        for (const choice of CHOICES[slug] ?? []) {
          expect(parse(code, choice).parsed, JSON.stringify(choice)).toMatchObject({ ok: true });
        }
      });
    }
  }
});
