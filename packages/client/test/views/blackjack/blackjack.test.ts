import type { TableView } from "@rgs/games/games/blackjack/table";
import { describe, expect, it } from "vitest";
import * as single from "../../../src/views/blackjack/index.tsx";
import {
  actionForKey,
  cardFace,
  readSeats,
  scaleSeats,
  seatsStake,
  strategyHint,
} from "../../../src/views/blackjack/table.ts";
import * as multi from "../../../src/views/blackjack_multi/index.tsx";
import type { GameViewModule } from "../../../src/views/types.ts";
import { parse, playView } from "../rounds.ts";

describe("blackjack view modules", () => {
  const modules: [string, GameViewModule][] = [
    ["blackjack-leo", single as GameViewModule],
    ["blackjack_multi-leo", multi as GameViewModule],
  ];
  for (const [code, view] of modules) {
    it(`${code}: the default params are a bet the game accepts in every currency precision`, () => {
      for (const decimals of [0, 2, 8]) {
        expect(
          parse(
            code,
            view.defaultParams(code, {
              decimals,
              limits: { minBet: 1n, maxBet: 10n ** 12n, maxWin: 10n ** 15n },
            }),
            decimals,
          ).parsed,
        ).toMatchObject({
          ok: true,
        });
      }
    });
  }

  it("only the multi-seat view stakes from its params; the one-seat game uses the shell's amount", () => {
    expect((single as GameViewModule).stakeFromParams).toBeUndefined();
    const params = {
      seats: [
        { bet: "1.00", perfectPairs: "0.50" },
        { bet: "2.00", threeCardPoker: "0.25" },
      ],
    };
    expect(multi.stakeFromParams(params, 2)).toBe(375n);
    expect(parse("blackjack_multi-leo", params).parsed).toMatchObject({ ok: true });
    expect(multi.stakeFromParams({ seats: [{ bet: "abc" }] }, 2)).toBeUndefined();
    expect(multi.stakeFromParams({ seats: [] }, 2)).toBeUndefined();
  });

  it("scales every seat's bets for autobet, never below one minor unit", () => {
    const scaled = scaleSeats({ seats: [{ bet: "1.00", perfectPairs: "0.01" }] }, 202n, 2);
    expect(scaled).toEqual({ seats: [{ bet: "2.00", perfectPairs: "0.02" }] });
    expect(seatsStake(scaled, 2)).toBe(202n);
    expect(readSeats({ seats: Array(7).fill({ bet: "1" }) })).toHaveLength(5);
  });
});

describe("blackjack table helpers", () => {
  it("maps a key to an action only when that action is legal now", () => {
    expect(actionForKey("H", ["hit", "stand"])).toBe("hit");
    expect(actionForKey("d", ["hit", "stand"])).toBeUndefined();
    expect(actionForKey("i", ["insurance", "decline_insurance"])).toBe("insurance");
    expect(actionForKey("n", ["insurance", "decline_insurance"])).toBe("decline_insurance");
    expect(actionForKey("x", ["hit", "stand", "double", "split"])).toBeUndefined();
  });

  it("shows card faces with their suit colour", () => {
    expect(cardFace(0)).toEqual({ rank: "A", suit: "♠", red: false });
    expect(cardFace(51)).toEqual({ rank: "K", suit: "♦", red: true });
    expect(cardFace(37)).toEqual({ rank: "10", suit: "♥", red: true });
  });

  it("a dealt round's view keeps the hole card hidden and hints only legal actions", () => {
    let hinted = 0;
    for (let nonce = 0; nonce < 60; nonce++) {
      const view = playView<TableView>("blackjack-leo", {}, nonce);
      if (view.phase === "settled") continue;
      expect(view.dealer).toMatchObject({ hidden: 1 });
      expect(view.dealer.cards).toHaveLength(1);
      const hint = strategyHint("blackjack-leo", view);
      expect(view.actions).toContain(hint);
      if (view.phase === "insurance") expect(hint).toBe("decline_insurance");
      hinted++;
    }
    expect(hinted).toBeGreaterThan(40);
  });
});
