import { baccaratGame } from "@rgs/games/games/baccarat/game";
import { diceGame } from "@rgs/games/games/dice/game";
import { limboGame } from "@rgs/games/games/limbo/game";
import { plinkoGame } from "@rgs/games/games/plinko/game";
import { rouletteGame } from "@rgs/games/games/roulette/game";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as baccarat from "../../src/views/baccarat/bets.ts";
import { defaultParams as diceDefaults } from "../../src/views/dice/params.ts";
import { defaultParams as limboDefaults } from "../../src/views/limbo/params.ts";
import * as roulette from "../../src/views/roulette/bets.ts";
import { scaleAmounts } from "../../src/views/shared/money.ts";
import { payoutFor } from "../../src/views/shared/payout.tsx";
import { rtpOf } from "../../src/views/shared/rtp.ts";

const ctx = (code: string) => ({ rtp: rtpOf(code) ?? { num: 1n, den: 1n }, decimals: 2 });

describe("the stake of games whose params carry the bets", () => {
  it("is the server's own stake of those params (roulette)", () => {
    const params = {
      bets: [
        { kind: "red", amount: "1.50" },
        { kind: "straight", numbers: [17], amount: "0.10" },
        { kind: "dozen", index: 2, amount: "2" },
      ],
    };
    const parsed = rouletteGame.parseParams(params, ctx("roulette-alpha-gemini"));
    if (!parsed.ok) throw new Error(parsed.detail);
    expect(roulette.stakeFromParams(params, 2)).toBe(rouletteGame.stakeOf(parsed.value, 1n));
    expect(roulette.stakeFromParams(params, 2)).toBe(360n);
  });

  it("is the server's own stake of those params (baccarat)", () => {
    const params = { bets: { banker: "10.00", tie: "0.25", player_pair: "1" } };
    const parsed = baccaratGame.parseParams(params, ctx("baccarat-alpha"));
    if (!parsed.ok) throw new Error(parsed.detail);
    expect(baccarat.stakeFromParams(params, 2)).toBe(baccaratGame.stakeOf(parsed.value, 1n));
    expect(baccarat.stakeFromParams(params, 2)).toBe(1125n);
  });

  it("is undefined with no bet or an amount the server would refuse", () => {
    expect(roulette.stakeFromParams({ bets: [] }, 2)).toBeUndefined();
    expect(roulette.stakeFromParams({ bets: [{ kind: "red", amount: "0.001" }] }, 2)).toBeUndefined();
    expect(baccarat.stakeFromParams({ bets: {} }, 2)).toBeUndefined();
    expect(baccarat.stakeFromParams({ bets: { player: "-1" } }, 2)).toBeUndefined();
  });

  it("scales every bet towards the new stake, keeping each on the table", () => {
    const params = {
      bets: [
        { kind: "red", amount: "1" },
        { kind: "black", amount: "0.01" },
      ],
    };
    const doubled = roulette.scaleStake(params, 202n, 2);
    expect(doubled.bets.map((b) => b.amount)).toEqual(["2.00", "0.02"]);
    const shrunk = roulette.scaleStake(params, 50n, 2);
    expect(shrunk.bets.map((b) => b.amount)).toEqual(["0.49", "0.01"]);
    const table = baccarat.scaleStake({ bets: { player: "3", tie: "1" } }, 600n, 2);
    expect(table).toEqual({ bets: { player: "4.50", tie: "1.50" } });
  });

  it("scaled amounts never exceed the target by more than one unit per bet and never vanish", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 9n }), { minLength: 1, maxLength: 12 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (amounts, to) => {
          const from = amounts.reduce((a, b) => a + b, 0n);
          const scaled = scaleAmounts(amounts, from, to);
          const total = scaled.reduce((a, b) => a + b, 0n);
          expect(scaled.every((a) => a >= 1n)).toBe(true);
          expect(total <= to + BigInt(amounts.length)).toBe(true);
          expect(total >= to - BigInt(amounts.length)).toBe(true);
        },
      ),
    );
  });
});

describe("payout on win", () => {
  it("is the dice payout of the stake at the exact multiplier, rounded down once", () => {
    // over 50.50 at RTP 99%: 9900/4949 x 0.10 = 0.2000404... -> 0.20
    expect(payoutFor(diceGame, "dice-alpha", diceDefaults("dice-alpha"), 10n, 2)).toBe(20n);
    expect(payoutFor(diceGame, "dice-alpha", { condition: "under", target: "1.00" }, 333n, 2)).toBe(
      (333n * 9900n) / 100n,
    );
  });

  it("is the limbo stake times the target", () => {
    expect(payoutFor(limboGame, "limbo-alpha", limboDefaults("limbo-alpha"), 155n, 2)).toBe(310n);
    expect(payoutFor(limboGame, "limbo-alpha", { target: "3.33" }, 7n, 2)).toBe(23n);
  });

  it("is the largest bucket's payout for Plinko, and undefined for params the server refuses", () => {
    const params = { risk: "high", rows: 16 };
    const parsed = plinkoGame.parseParams(params, ctx("plinko-alpha"));
    if (!parsed.ok) throw new Error(parsed.detail);
    const expected = plinkoGame.maxPayout(parsed.value, 100n, ctx("plinko-alpha").rtp);
    expect(payoutFor(plinkoGame, "plinko-alpha", params, 100n, 2)).toBe(expected);
    expect(expected).toBeGreaterThan(100n * 100n);
    expect(payoutFor(plinkoGame, "plinko-alpha", { risk: "wild", rows: 16 }, 100n, 2)).toBeUndefined();
  });
});
