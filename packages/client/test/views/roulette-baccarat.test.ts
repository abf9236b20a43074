import type { BaccaratView } from "@rgs/games/games/baccarat/game";
import { PAYOUTS } from "@rgs/games/games/baccarat/paytable";
import { deal, total } from "@rgs/games/games/baccarat/rules";
import { LAYOUT } from "@rgs/games/games/roulette/paytable";
import { toFixedDown } from "@rgs/games/math/rational";
import { describe, expect, it } from "vitest";
import {
  addChip,
  stakeOf as baccaratStake,
  doubleBets,
  payoutRows,
  removeBet,
} from "../../src/views/baccarat/bets.ts";
import { cardsShown, dealDuration, dealNotes, dealOrder, notesShown } from "../../src/views/baccarat/deal.ts";
import {
  amountsByKey,
  doubleBets as doubleRoulette,
  keyOf,
  layoutBetOf,
  placeChip,
  removeBet as removeRoulette,
  stakeOf,
  wireOf,
} from "../../src/views/roulette/bets.ts";
import { ruleRows } from "../../src/views/roulette/index.tsx";
import { cellOf, HEIGHT, SPOTS, WHEEL_ORDER, WIDTH } from "../../src/views/roulette/layout.ts";
import { parse, playView } from "./rounds.ts";

/** The number cell's rectangle in layout units. */
const rectOf = (n: number) =>
  n === 0 ? { x: 0, y: 0, w: 1, h: 3 } : { x: 1 + cellOf(n).column, y: cellOf(n).row, w: 1, h: 1 };

const onEdge = (p: { x: number; y: number }, r: { x: number; y: number; w: number; h: number }) => {
  const inside = p.x >= r.x && p.x <= r.x + r.w && p.y >= r.y && p.y <= r.y + r.h;
  const edge = p.x === r.x || p.x === r.x + r.w || p.y === r.y || p.y === r.y + r.h;
  return inside && edge;
};

describe("roulette layout", () => {
  it("has exactly one spot for each of the layout's bets", () => {
    expect(SPOTS).toHaveLength(LAYOUT.length);
    expect(new Set(SPOTS.map((s) => keyOf(s.bet))).size).toBe(LAYOUT.length);
  });

  it("puts every inside bet on the shared edge of the numbers it covers", () => {
    for (const spot of SPOTS.filter((s) => s.shape === "point")) {
      const name = `${spot.bet.kind} ${spot.bet.numbers}`;
      if (spot.bet.kind === "street" || spot.bet.kind === "six_line" || spot.bet.kind === "first_four") {
        // Streets, six lines and the first four sit on the outer edge of their columns, as on a real table.
        expect(spot.y, name).toBe(3);
        for (const n of spot.bet.numbers) {
          const r = rectOf(n);
          expect(spot.x >= r.x && spot.x <= r.x + r.w, name).toBe(true);
        }
      } else {
        for (const n of spot.bet.numbers) expect(onEdge(spot, rectOf(n)), `${name} on ${n}`).toBe(true);
      }
    }
  });

  it("keeps cells apart and inside the table", () => {
    const cells = SPOTS.filter((s) => s.shape === "cell");
    for (const a of cells) {
      expect(a.x >= 0 && a.y >= 0 && a.x + a.w <= WIDTH && a.y + a.h <= HEIGHT).toBe(true);
      for (const b of cells) {
        if (a === b) continue;
        const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        expect(overlap).toBe(false);
      }
    }
  });

  it("names every bet the way the server accepts it", () => {
    const params = { bets: LAYOUT.map((bet) => wireOf(bet, "0.10")) };
    const { parsed } = parse("roulette-alpha-gemini", params);
    expect(parsed).toMatchObject({ ok: true });
    for (const bet of LAYOUT) expect(layoutBetOf(wireOf(bet, "1"))).toBe(bet);
  });

  it("stacks chips on a bet, doubles, removes, and totals the stake", () => {
    const red = LAYOUT.find((b) => b.kind === "red");
    const seventeen = LAYOUT.find((b) => b.kind === "straight" && b.numbers[0] === 17);
    if (!red || !seventeen) throw new Error("layout");
    let bets = placeChip([], red, 50n, 2);
    bets = placeChip(bets, red, 100n, 2);
    bets = placeChip(bets, seventeen, 10n, 2);
    expect(bets).toEqual([
      { kind: "red", amount: "1.50" },
      { kind: "straight", numbers: [17], amount: "0.10" },
    ]);
    expect(stakeOf(bets, 2)).toBe(160n);
    expect(stakeOf(doubleRoulette(bets, 2), 2)).toBe(320n);
    expect(amountsByKey(removeRoulette(bets, red), 2)).toEqual(new Map([[keyOf(seventeen), 10n]]));
    expect(parse("roulette-alpha-gemini", { bets }).parsed).toMatchObject({ ok: true });
  });

  it("lists the 37 pockets of the wheel once each", () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
  });

  it("states standard odds and half back on zero", () => {
    const rows = ruleRows();
    expect(rows.find((r) => r.kind === "straight")).toMatchObject({
      covers: 1,
      multiplier: "36.0000",
      onZero: "0.5000",
    });
    expect(rows.find((r) => r.kind === "red")).toMatchObject({
      covers: 18,
      multiplier: "2.0000",
      onZero: "0.5000",
    });
    expect(rows.find((r) => r.kind === "first_four")).toMatchObject({ covers: 4, multiplier: "9.0000" });
  });
});

describe("baccarat deal", () => {
  it("deals in the order of the rules: player, banker, player, banker, then the third cards", () => {
    for (let seed = 0; seed < 300; seed++) {
      const dealt: number[] = [];
      let x = seed * 7919 + 13;
      const hand = deal(() => {
        x = (x * 1103515245 + 12345) % 2147483648;
        const card = x % 52;
        dealt.push(card);
        return card;
      });
      expect(dealOrder(hand.player, hand.banker).map((s) => s.card)).toEqual(dealt);
    }
  });

  it("explains a natural, and each hand's decision otherwise", () => {
    // Player 4+4 = 8 (natural) against banker 2+3.
    expect(dealNotes([12, 12], [4, 8]).map((n) => n.key)).toEqual(["games.baccarat.note.natural"]);
    // Player 2+3 = 5 draws a 6 (value 6); banker 3+3 = 6 draws on a 6.
    const notes = dealNotes([4, 8, 20], [8, 8, 0]);
    expect(notes).toEqual([
      { key: "games.baccarat.note.playerDraws", vars: { total: 5 } },
      { key: "games.baccarat.note.bankerDrawsOn", vars: { total: 6, card: 6 } },
    ]);
    expect(total([4, 8])).toBe(5);
    // Player 3+4 = 7 stands; banker 3+3 = 6 stands.
    expect(dealNotes([8, 12], [8, 8]).map((n) => n.key)).toEqual([
      "games.baccarat.note.playerStands",
      "games.baccarat.note.bankerStands",
    ]);
  });

  it("turns the cards one by one and shows the notes after the fourth card", () => {
    expect(cardsShown(0, 6)).toBe(1);
    expect(cardsShown(dealDuration(6), 6)).toBe(6);
    expect(notesShown(3, 2)).toBe(0);
    expect(notesShown(4, 2)).toBe(1);
    expect(notesShown(6, 2)).toBe(2);
  });

  it("places, doubles and removes chips, and the server accepts the bets", () => {
    let bets = addChip({}, "banker", 100n, 2);
    bets = addChip(bets, "banker", 100n, 2);
    bets = addChip(bets, "tie", 5n, 2);
    expect(bets).toEqual({ banker: "2.00", tie: "0.05" });
    expect(baccaratStake(doubleBets(bets, 2), 2)).toBe(410n);
    expect(removeBet(bets, "tie")).toEqual({ banker: "2.00" });
    expect(parse("baccarat-alpha", { bets }).parsed).toMatchObject({ ok: true });
  });

  it("states the games package's payouts", () => {
    for (const row of payoutRows()) expect(row.multiplier).toBe(toFixedDown(PAYOUTS[row.type], 4));
  });

  it("shows a real round's totals once every card is dealt", () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const view = playView<BaccaratView>("baccarat-alpha", { bets: { player: "1" } }, nonce);
      const order = dealOrder(view.player, view.banker);
      const side = (name: "player" | "banker") => order.filter((s) => s.side === name).map((s) => s.card);
      expect(total(side("player"))).toBe(view.playerTotal);
      expect(total(side("banker"))).toBe(view.bankerTotal);
    }
  });
});
