import { describe, expect, it } from "vitest";
import { Moments, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import { BLACKJACK_MULTI_RULES } from "../../../src/games/blackjack/index.ts";
import { exactReturn } from "../../../src/games/blackjack/search.ts";
import { type BlackjackMultiParams, blackjackMultiGame } from "../../../src/games/blackjack_multi/index.ts";
import { act, botRound, card, ctx, dealing, exactNumber, start } from "../blackjack/play.ts";

const A = 0;
const TEN = 9;
const KING = 12;
const pip = (n: number) => n - 1;

const params = (seats: unknown[]): BlackjackMultiParams => {
  const parsed = blackjackMultiGame.parseParams({ seats }, ctx);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed.value;
};
const stakeOf = (p: BlackjackMultiParams) => blackjackMultiGame.stakeOf(p, 0n);

describe("blackjack_multi-leo: bets", () => {
  it("takes 1 to 5 seats, each a main bet with optional Perfect Pairs and 3 Card Poker", () => {
    const p = params([
      { bet: "1.00", perfectPairs: "0.50" },
      { bet: "2.00", threeCardPoker: "0.25" },
    ]);
    expect(p.seats).toEqual([
      { bet: 100n, perfectPairs: 50n, threeCardPoker: 0n },
      { bet: 200n, perfectPairs: 0n, threeCardPoker: 25n },
    ]);
    expect(stakeOf(p)).toBe(375n);
    const refuse = (input: unknown) => blackjackMultiGame.parseParams(input, ctx);
    expect(refuse({ seats: [] })).toMatchObject({ ok: false, error: "invalid_seats" });
    expect(refuse({ seats: Array(6).fill({ bet: "1" }) })).toMatchObject({
      ok: false,
      error: "invalid_seats",
    });
    expect(refuse({ seats: [{ bet: "0" }] })).toMatchObject({ ok: false, error: "invalid_amount" });
    expect(refuse({ seats: [{ bet: "1.001" }] })).toMatchObject({ ok: false, error: "invalid_amount" });
    expect(refuse({ seats: [{ bet: "1", insurance: "1" }] })).toMatchObject({
      ok: false,
      error: "invalid_seats",
    });
    expect(refuse({ seats: [{ bet: "1" }], rows: 3 })).toMatchObject({ ok: false, error: "invalid_params" });
    expect(refuse("seats")).toMatchObject({ ok: false, error: "invalid_params" });
  });
});

describe("blackjack_multi-leo: the wallet flow of SPEC.md", () => {
  it("one debit for every seat's bets, a deal credit of what the deal decided, and the rest at the end", () => {
    // Seat 1: 7♠ 7♥ (mixed pair? same colour black/red: spades black, hearts red: mixed) with Perfect Pairs.
    // Seat 2: A♥ K♥, a blackjack under a 6: decided at the deal. Dealer 6 + 10, draws a 10: bust.
    const p = params([{ bet: "1.00", perfectPairs: "1.00" }, { bet: "1.00" }]);
    const source = dealing([
      card(pip(7), 0),
      card(A, 1),
      card(pip(6)),
      card(pip(7), 1),
      card(KING, 1),
      card(TEN),
      card(TEN),
    ]);
    const dealt = start(blackjackMultiGame, p, stakeOf(p), source);
    expect(dealt.ops).toEqual([
      { kind: "debit", amount: 300n, reason: "bet" },
      // Mixed pair 5:1 returns 6.00; the blackjack 3:2 returns 2.50.
      { kind: "credit", amount: 850n, closesRound: false, reason: "deal_win" },
    ]);
    expect(dealt.view.dealPaid).toBe("850");
    expect(dealt.view.seats[0]?.perfectPairs).toMatchObject({ hand: "mixed_pair", payout: "600" });
    const closed = act(blackjackMultiGame, dealt, "stand", source);
    // Seat 1's 14 wins against the bust (2.00); 8.50 was paid at the deal.
    expect(closed.ops).toEqual([{ kind: "credit", amount: 200n, closesRound: true, reason: "win" }]);
    expect(closed.view.payout).toBe("1050");
  });

  it("closes with 0 when the deal credit paid everything", () => {
    const p = params([{ bet: "1.00" }, { bet: "1.00" }]);
    // Seat 1: A♥ K♥ blackjack; seat 2: 10+6 stands; dealer 7+10 = 17 beats 16.
    const source = dealing([card(A, 1), card(TEN), card(pip(7)), card(KING, 1), card(pip(6)), card(TEN)]);
    const dealt = start(blackjackMultiGame, p, stakeOf(p), source);
    expect(dealt.ops.at(-1)).toEqual({
      kind: "credit",
      amount: 250n,
      closesRound: false,
      reason: "deal_win",
    });
    const closed = act(blackjackMultiGame, dealt, "stand", source);
    expect(closed.ops).toEqual([{ kind: "credit", amount: 0n, closesRound: true, reason: "loss" }]);
  });

  it("a round the deal decides entirely closes with one credit of the whole payout", () => {
    const p = params([{ bet: "1.00", perfectPairs: "1.00" }]);
    // 7♠ 7♠, a perfect pair, against a dealer blackjack under a king: the main bet loses, the side bet pays 26.
    const source = dealing([card(pip(7), 0), card(KING), card(pip(7), 0), card(A)]);
    const step = start(blackjackMultiGame, p, stakeOf(p), source);
    expect(step.closed).toBe(true);
    expect(step.ops).toEqual([
      { kind: "debit", amount: 200n, reason: "bet" },
      { kind: "credit", amount: 2600n, closesRound: true, reason: "win" },
    ]);
  });

  it("pays a blackjack under a ten-value upcard only at the end: the dealer could still have had one", () => {
    const p = params([{ bet: "1.00" }, { bet: "1.00" }]);
    const source = dealing([card(A, 1), card(pip(9)), card(KING), card(KING, 1), card(pip(9)), card(pip(8))]);
    const dealt = start(blackjackMultiGame, p, stakeOf(p), source);
    expect(dealt.ops).toEqual([{ kind: "debit", amount: 200n, reason: "bet" }]);
    const closed = act(blackjackMultiGame, dealt, "stand", source);
    // Blackjack 2.50 + seat 2's 9+9 pushing against the dealer's K+8: 1.00.
    expect(closed.ops).toEqual([{ kind: "credit", amount: 350n, closesRound: true, reason: "win" }]);
  });

  it("asks each seat about insurance in turn under an ace; each insurance is its own debit", () => {
    const p = params([{ bet: "2.00" }, { bet: "4.00" }]);
    const source = dealing([card(TEN), card(pip(9)), card(A), card(pip(9)), card(pip(9)), card(pip(7))]);
    const offered = start(blackjackMultiGame, p, stakeOf(p), source);
    expect(offered.view).toMatchObject({ phase: "insurance", active: { seat: 0, hand: 0 } });
    const first = act(blackjackMultiGame, offered, "insurance", source);
    expect(first.ops).toEqual([{ kind: "debit", amount: 100n, reason: "insurance" }]);
    expect(first.view.active).toEqual({ seat: 1, hand: 0 });
    const second = act(blackjackMultiGame, first, "decline_insurance", source);
    expect(second.ops).toEqual([]);
    expect(second.view).toMatchObject({ phase: "playing", active: { seat: 0, hand: 0 } });
    expect(second.view.seats[0]?.insurance).toMatchObject({ status: "taken", amount: "100", payout: null });
  });

  it("splits up to 3 times per seat (4 hands), and aces may be resplit", () => {
    const p = params([{ bet: "1.00" }]);
    const ace = card(A, 2);
    const source = dealing([
      ace,
      card(pip(6)),
      ace,
      card(TEN),
      ace,
      ace,
      card(TEN),
      card(TEN),
      card(TEN),
      card(TEN),
    ]);
    let step = start(blackjackMultiGame, p, stakeOf(p), source);
    for (let i = 0; i < 3; i++) {
      expect(step.view.actions).toContain("split");
      step = act(blackjackMultiGame, step, "split", source);
      expect(step.ops[0]).toEqual({ kind: "debit", amount: 100n, reason: "split" });
    }
    // Four split aces, each A+10 = 21 (not a blackjack), against the dealer's 6+10+10: 4 x 2.00.
    expect(step.view.seats[0]?.hands.map((h) => h.total)).toEqual([21, 21, 21, 21]);
    expect(step.ops.at(-1)).toEqual({ kind: "credit", amount: 800n, closesRound: true, reason: "win" });
  });

  it("plays seats one after another, the dealer last", () => {
    const p = params([{ bet: "1.00" }, { bet: "1.00" }]);
    const source = dealing([card(TEN), card(TEN), card(pip(6)), card(pip(2)), card(pip(5)), card(TEN)]);
    const dealt = start(blackjackMultiGame, p, stakeOf(p), source);
    expect(dealt.view.active).toEqual({ seat: 0, hand: 0 });
    const next = act(blackjackMultiGame, dealt, "stand", source);
    expect(next.view.active).toEqual({ seat: 1, hand: 0 });
    expect(next.view.dealer.hidden).toBe(1);
  });

  it("refuses seats whose worst case could exceed the maximum win before any money moves", () => {
    const p = params([{ bet: "1.00", threeCardPoker: "1.00" }]);
    // 1.00 x 3 (best blackjack) + 1.00 x 101 (suited trips).
    expect(blackjackMultiGame.maxPayout(p, stakeOf(p), ctx.rtp)).toBe(10_400n);
    expect(start(blackjackMultiGame, p, stakeOf(p), dealing([]), 10_399n)).toMatchObject({
      closed: true,
      ops: [],
      note: "bet_exceeds_max_win",
    });
  });
});

describe("blackjack_multi-leo through the production path", () => {
  it("the bot playing the published strategy on one seat returns the exact RTP within 4 standard errors", () => {
    const p = params([{ bet: "10000.00" }]);
    const sample = new Moments();
    for (let nonce = 0; nonce < 20_000; nonce++) {
      sample.add(1 + botRound(blackjackMultiGame, BLACKJACK_MULTI_RULES, p, stakeOf(p), nonce).net);
    }
    const check = meanWithinStandardErrors(sample, exactNumber(exactReturn(BLACKJACK_MULTI_RULES)));
    expect(check.within, JSON.stringify(check)).toBe(true);
  });
});
