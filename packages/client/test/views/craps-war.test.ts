import type { CrapsView } from "@rgs/games/games/craps/game";
import { rankOf } from "@rgs/games/games/war/shoe";
import { describe, expect, it } from "vitest";
import { addChip, legalNow, pendingOn, readBets, stakeFromParams } from "../../src/views/craps/bets.ts";
import * as craps from "../../src/views/craps/index.tsx";
import { cardFace, stakeFromParams as warStake } from "../../src/views/war/bets.ts";
import * as war from "../../src/views/war/index.tsx";
import { parse, playView } from "./rounds.ts";

describe("craps view", () => {
  it("its default bet and chips placed on the table are bets the game accepts, in any currency", () => {
    for (const decimals of [0, 2, 8])
      expect(
        parse(
          "craps-alpha-cancer",
          craps.defaultParams("craps-alpha-cancer", {
            decimals,
            limits: { minBet: 1n, maxBet: 10n ** 12n, maxWin: 10n ** 15n },
          }),
          decimals,
        ).parsed,
      ).toMatchObject({
        ok: true,
      });
    let bets = addChip([], { kind: "pass", number: null }, 100n, 2);
    bets = addChip(bets, { kind: "place", number: 6 }, 600n, 2);
    bets = addChip(bets, { kind: "pass", number: null }, 50n, 2);
    expect(bets).toEqual([
      { bet: "pass", amount: "1.50" },
      { bet: "place", number: 6, amount: "6.00" },
    ]);
    expect(pendingOn(bets, { kind: "place", number: 6 }, 2)).toBe(600n);
    expect(stakeFromParams({ bets }, 2)).toBe(750n);
    expect(stakeFromParams({ bets: [] }, 2)).toBeUndefined();
    expect(parse("craps-alpha-cancer", { bets }).parsed).toMatchObject({ ok: true });
    expect(readBets({ bets: [{ bet: "field" }, "x"] })).toEqual([]);
  });

  it("offers only the come-out bets before a round, and the round's own list during one", () => {
    const before = legalNow(undefined).map((l) => l.kind);
    expect(before).toContain("pass");
    expect(before).not.toContain("come");
    expect(before.some((k) => k.endsWith("_odds"))).toBe(false);
    const view = playView<CrapsView>("craps-alpha-cancer", { bets: [{ bet: "pass", amount: "1" }] }, 3);
    expect(legalNow(view.legal)).toBe(view.legal);
  });

  it("the rules list every bet with what it pays and its RTP; the pass line states 98.59", () => {
    const rows = craps.ruleRows();
    expect(rows).toHaveLength(33);
    expect(rows[0]).toMatchObject({ spot: { kind: "pass" }, pays: "1:1", rtp: "98.59" });
    expect(rows.find((r) => r.spot.kind === "place" && r.spot.number === 6)).toMatchObject({
      pays: "7:6",
      rtp: "98.48",
    });
    expect(rows.find((r) => r.spot.kind === "pass_odds" && r.spot.number === 4)).toMatchObject({
      pays: "2:1",
      rtp: "100.00",
    });
    expect(rows.every((r) => r.pays !== "")).toBe(true);
  });

  it("reads what each bet pays from the game's own rule of a roll, as a table writes it", () => {
    const pays = (kind: string, number: number | null = null) =>
      craps.paysOf({ kind: kind as "pass", number });
    expect(pays("field")).toBe("1:1 · 2:1 · 3:1");
    expect([4, 5, 6, 8, 9, 10].map((n) => pays("place", n))).toEqual([
      "9:5",
      "7:5",
      "7:6",
      "7:6",
      "7:5",
      "9:5",
    ]);
    expect([4, 6, 8, 10].map((n) => pays("hard", n))).toEqual(["7:1", "9:1", "9:1", "7:1"]);
    expect([4, 5, 6].map((n) => pays("dont_pass_odds", n))).toEqual(["1:2", "2:3", "5:6"]);
    expect([
      pays("any_seven"),
      pays("any_craps"),
      pays("two"),
      pays("three"),
      pays("eleven"),
      pays("twelve"),
    ]).toEqual(["4:1", "7:1", "30:1", "15:1", "15:1", "30:1"]);
    expect([pays("pass"), pays("dont_pass"), pays("come"), pays("dont_come")]).toEqual([
      "1:1",
      "1:1",
      "1:1",
      "1:1",
    ]);
  });
});

describe("war view", () => {
  it("its default bet is one the game accepts, and the stake is the sum of the bets", () => {
    for (const decimals of [0, 2, 8])
      expect(
        parse(
          "war-gamma-libra",
          war.defaultParams("war-gamma-libra", {
            decimals,
            limits: { minBet: 1n, maxBet: 10n ** 12n, maxWin: 10n ** 15n },
          }),
          decimals,
        ).parsed,
      ).toMatchObject({
        ok: true,
      });
    expect(warStake({ main: "2.00", tie: "0.50" }, 2)).toBe(250n);
    expect(warStake({ tie: "0.50" }, 2)).toBeUndefined();
  });

  it("draws each card as the games package deals it", () => {
    for (const card of [0, 5, 51, 52, 207, 415]) {
      const face = cardFace(card);
      expect(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].indexOf(face.rank)).toBe(
        rankOf(card),
      );
      expect(face.red).toBe(card % 4 === 1 || card % 4 === 2);
    }
  });

  it("states the side bets' RTP from the exact maths", () => {
    expect(war.sideRtp("tie")).toBe("82.17");
    expect(war.sideRtp("coloured_tie")).toBe("90.36");
  });
});
