import { describe, expect, it } from "vitest";
import { chiSquare, Moments, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import { LATTICE_SIZE } from "../../../src/fair/lattice.ts";
import { BLACKJACK_RULES, blackjackGame, CARD_WORDS } from "../../../src/games/blackjack/index.ts";
import { exactReturn } from "../../../src/games/blackjack/search.ts";
import { act, botRound, card, ctx, dealing, exactNumber, start } from "./play.ts";

const STAKE = 1000n;
const A = 0;
const TEN = 9;
const KING = 12;
/** Rank index of a pip card: two is 1 ... nine is 8. */
const pip = (n: number) => n - 1;

const ops = (step: { ops: unknown[] }) => step.ops;

describe("blackjack-leo: the deal", () => {
  it("deals player, upcard, player, hole card; shows only the upcard and the legal actions", () => {
    const source = dealing([card(TEN, 0), card(pip(6)), card(pip(7)), card(KING, 1)]);
    const step = start(blackjackGame, {}, STAKE, source);
    expect(step.closed).toBe(false);
    expect(ops(step)).toEqual([{ kind: "debit", amount: STAKE, reason: "bet" }]);
    expect(step.view.seats[0]?.hands[0]?.cards.map((c) => c.card)).toEqual([card(TEN, 0), card(pip(7))]);
    expect(step.view.dealer).toMatchObject({ cards: [{ card: card(pip(6)) }], hidden: 1, total: 6 });
    expect(JSON.stringify(step.view)).not.toContain(`"card":${card(KING, 1)}`);
    expect(step.view.actions).toEqual(["hit", "stand"]);
    expect(step.state.randomPosition).toBe(4);
  });

  it("stand: the dealer turns the hole card, draws to 17 and the round closes with one credit", () => {
    // Player 10+7 = 17; dealer 6+10 = 16 draws a 5: 21 beats 17.
    const source = dealing([card(TEN), card(pip(6)), card(pip(7)), card(KING), card(pip(5))]);
    const closed = act(blackjackGame, start(blackjackGame, {}, STAKE, source), "stand", source);
    expect(closed.closed).toBe(true);
    expect(ops(closed)).toEqual([{ kind: "credit", amount: 0n, closesRound: true, reason: "loss" }]);
    expect(closed.view.dealer).toMatchObject({ hidden: 0, total: 21 });
    expect(closed.view.seats[0]?.hands[0]?.status).toBe("lose");
  });

  it("a blackjack pays 3:2 at once; the ace of spades with a black jack pays 2:1", () => {
    const plain = start(
      blackjackGame,
      {},
      STAKE,
      dealing([card(A, 1), card(pip(9)), card(KING, 1), card(pip(7))]),
    );
    expect(ops(plain)).toEqual([
      { kind: "debit", amount: STAKE, reason: "bet" },
      { kind: "credit", amount: 2500n, closesRound: true, reason: "win" },
    ]);
    const spades = start(
      blackjackGame,
      {},
      STAKE,
      dealing([card(A, 0), card(pip(9)), card(10, 2), card(pip(7))]),
    );
    expect(spades.ops.at(-1)).toMatchObject({ amount: 3000n, closesRound: true });
  });

  it("a ten upcard peeks: a dealer blackjack ends the round before any decision", () => {
    const step = start(blackjackGame, {}, STAKE, dealing([card(pip(9)), card(KING), card(pip(9)), card(A)]));
    expect(step.closed).toBe(true);
    expect(step.view.dealer).toMatchObject({ blackjack: true, hidden: 0 });
    expect(step.ops.at(-1)).toMatchObject({ amount: 0n, closesRound: true });
  });
});

describe("blackjack-leo: doubles, splits and insurance are extra debits", () => {
  it("double on 11: one debit of the bet, one card, paid on the doubled stake", () => {
    // 6+5 = 11 against a 6; the double draws a 10 (21); dealer 6+10 draws a 7: 23, bust.
    const source = dealing([card(pip(6)), card(pip(6)), card(pip(5)), card(TEN), card(TEN), card(pip(7))]);
    const dealt = start(blackjackGame, {}, STAKE, source);
    expect(dealt.view.actions).toEqual(["hit", "stand", "double"]);
    const doubled = act(blackjackGame, dealt, "double", source);
    expect(ops(doubled)).toEqual([
      { kind: "debit", amount: STAKE, reason: "double" },
      { kind: "credit", amount: 4n * STAKE, closesRound: true, reason: "win" },
    ]);
    expect(doubled.view.seats[0]?.hands[0]).toMatchObject({ doubled: true, stake: "2000", status: "win" });
  });

  it("doubles only on hard 9 to 11", () => {
    const soft = start(blackjackGame, {}, STAKE, dealing([card(A), card(pip(6)), card(pip(9)), card(TEN)]));
    expect(soft.view.actions).toEqual(["hit", "stand"]);
    expect(() => act(blackjackGame, soft, "double", dealing([]))).toThrow(/not allowed now/);
  });

  it("splits to three hands at most: 2 splits per hand set, each a debit of the bet", () => {
    const eight = card(pip(8));
    // 8,8 against a 6; the first split hand draws an 8 (split again), then another 8 (no third split).
    const source = dealing([
      eight,
      card(pip(6)),
      eight,
      card(TEN),
      eight,
      eight,
      card(TEN),
      card(TEN),
      card(TEN),
    ]);
    const dealt = start(blackjackGame, {}, STAKE, source);
    expect(dealt.view.actions).toContain("split");
    const once = act(blackjackGame, dealt, "split", source);
    expect(ops(once)).toEqual([{ kind: "debit", amount: STAKE, reason: "split" }]);
    expect(once.view.actions).toContain("split");
    const twice = act(blackjackGame, once, "split", source);
    expect(twice.view.seats[0]?.hands).toHaveLength(3);
    expect(twice.view.actions).not.toContain("split");
    expect(twice.view.seats[0]?.hands.map((h) => h.status)).toEqual(["playing", "waiting", "waiting"]);
    expect(twice.view.stake).toBe("3000");
  });

  it("split aces take one card each, and a split 21 pays even money", () => {
    const source = dealing([
      card(A, 1),
      card(pip(6)),
      card(A, 2),
      card(pip(9)),
      card(KING),
      card(pip(9)),
      card(TEN),
    ]);
    const split = act(blackjackGame, start(blackjackGame, {}, STAKE, source), "split", source);
    // A+K = 21 (not a blackjack), A+9 = 20; dealer 6+9 draws a 10: bust.
    expect(split.closed).toBe(true);
    expect(split.view.seats[0]?.hands.map((h) => h.total)).toEqual([21, 20]);
    expect(split.ops).toEqual([
      { kind: "debit", amount: STAKE, reason: "split" },
      { kind: "credit", amount: 4n * STAKE, closesRound: true, reason: "win" },
    ]);
  });

  it("insurance under an ace: a debit of half the bet, paid 2:1 when the dealer has blackjack", () => {
    const source = dealing([card(TEN), card(A), card(pip(9)), card(KING)]);
    const offered = start(blackjackGame, {}, STAKE, source);
    expect(offered.view.phase).toBe("insurance");
    expect(offered.view.actions).toEqual(["insurance", "decline_insurance"]);
    const insured = act(blackjackGame, offered, "insurance", source);
    expect(insured.ops).toEqual([
      { kind: "debit", amount: 500n, reason: "insurance" },
      { kind: "credit", amount: 1500n, closesRound: true, reason: "win" },
    ]);
    expect(insured.view.seats[0]?.insurance).toEqual({ status: "taken", amount: "500", payout: "1500" });
  });

  it("a refused debit leaves the round exactly as it was", () => {
    const source = dealing([card(pip(6)), card(pip(6)), card(pip(5)), card(TEN), card(TEN)]);
    const dealt = start(blackjackGame, {}, STAKE, source);
    const refused = blackjackGame.onDebitRefused?.(
      dealt.state,
      { action: "double" },
      {
        random: source.reader(dealt.state.randomPosition),
        now: 0,
      },
    );
    expect(refused).toEqual({ state: dealt.state, view: dealt.view, ops: [], closed: false });
  });
});

describe("blackjack-leo: maximum win and abandon", () => {
  it("refuses a bet whose blackjack could pay more than the maximum win, before any money moves", () => {
    const step = start(blackjackGame, {}, STAKE, dealing([]), 2999n);
    expect(step).toMatchObject({ closed: true, ops: [], note: "bet_exceeds_max_win" });
    expect(blackjackGame.maxPayout({}, STAKE, ctx.rtp)).toBe(3000n);
    expect(start(blackjackGame, {}, STAKE, dealing([]), 3000n).ops).toHaveLength(1);
  });

  it("refuses a double that could exceed the maximum win, with a clear error", () => {
    const source = dealing([card(pip(6)), card(pip(6)), card(pip(5)), card(TEN)]);
    const dealt = start(blackjackGame, {}, STAKE, source, 3000n);
    const parsed = blackjackGame.parseAction?.({ action: "double" }, dealt.state, ctx);
    expect(parsed).toMatchObject({ ok: false, error: "max_win_exceeded" });
  });

  it("refuses a split or insurance that could exceed the maximum win, and insurance below the smallest unit", () => {
    const eight = card(pip(8));
    const pairSource = dealing([eight, card(pip(6)), eight, card(TEN)]);
    const pair = start(blackjackGame, {}, STAKE, pairSource, 3000n);
    expect(pair.view.actions).toContain("split");
    expect(blackjackGame.parseAction?.({ action: "split" }, pair.state, ctx)).toMatchObject({
      ok: false,
      error: "max_win_exceeded",
    });
    const aceSource = dealing([card(TEN), card(A), card(pip(9)), card(pip(7))]);
    const offered = start(blackjackGame, {}, STAKE, aceSource, 3000n);
    expect(blackjackGame.parseAction?.({ action: "insurance" }, offered.state, ctx)).toMatchObject({
      ok: false,
      error: "max_win_exceeded",
    });
    const tiny = start(blackjackGame, {}, 1n, dealing([card(TEN), card(A), card(pip(9)), card(pip(7))]));
    expect(blackjackGame.parseAction?.({ action: "insurance" }, tiny.state, ctx)).toMatchObject({
      ok: false,
      error: "insurance_too_small",
    });
  });

  it("abandon in the middle of a split deals the waiting hand its card, stands on both and never debits", () => {
    const eight = card(pip(8));
    const source = dealing([eight, card(pip(6)), eight, card(TEN), card(pip(3)), card(TEN), card(TEN)]);
    const split = act(blackjackGame, start(blackjackGame, {}, STAKE, source), "split", source);
    expect(split.view.seats[0]?.hands.map((h) => h.cards.length)).toEqual([2, 1]);
    const abandoned = blackjackGame.abandon(split.state, {
      random: source.reader(split.state.randomPosition),
      now: 0,
    });
    // 8+3 = 11 and 8+10 = 18 stand; the dealer's 6+10 draws a 10: bust, both hands win.
    expect(abandoned.view.seats[0]?.hands.map((h) => h.total)).toEqual([11, 18]);
    expect(abandoned.ops).toEqual([
      { kind: "credit", amount: 4n * STAKE, closesRound: true, reason: "abandoned" },
    ]);
  });

  it("abandon stands on every open hand, declines insurance and never debits", () => {
    const source = dealing([card(TEN), card(pip(6)), card(pip(7)), card(TEN), card(pip(9))]);
    const dealt = start(blackjackGame, {}, STAKE, source);
    const abandoned = blackjackGame.abandon(dealt.state, {
      random: source.reader(dealt.state.randomPosition),
      now: 0,
    });
    expect(abandoned.closed).toBe(true);
    // 17 against the dealer's 6+10+9 = 25: a win.
    expect(abandoned.ops).toEqual([
      { kind: "credit", amount: 2000n, closesRound: true, reason: "abandoned" },
    ]);
    const insurance = dealing([card(TEN), card(A), card(pip(9)), card(pip(7))]);
    const offered = start(blackjackGame, {}, STAKE, insurance);
    const left = blackjackGame.abandon(offered.state, { random: insurance.reader(4), now: 0 });
    expect(left.ops.every((op) => op.kind === "credit")).toBe(true);
    expect(left.view.seats[0]?.insurance.status).toBe("declined");
  });

  it("refuses actions that are malformed, unknown, not legal now, or on a closed round", () => {
    const source = dealing([card(TEN), card(pip(6)), card(pip(7)), card(TEN), card(pip(9))]);
    const dealt = start(blackjackGame, {}, STAKE, source);
    const parse = (input: unknown) => blackjackGame.parseAction?.(input, dealt.state, ctx);
    expect(parse("hit")).toMatchObject({ ok: false, error: "invalid_action" });
    expect(parse({ action: "surrender" })).toMatchObject({ ok: false, error: "unknown_action" });
    expect(parse({ action: "split" })).toMatchObject({ ok: false, error: "illegal_action" });
    expect(parse({ action: "hit", params: { hand: 2 } })).toMatchObject({
      ok: false,
      error: "invalid_action",
    });
    const closed = act(blackjackGame, dealt, "stand", source);
    expect(blackjackGame.parseAction?.({ action: "hit" }, closed.state, ctx)).toMatchObject({
      ok: false,
      error: "round_closed",
    });
    expect(blackjackGame.parseParams({ seats: [] }, ctx)).toMatchObject({ ok: false });
  });
});

describe("blackjack-leo through the production path", () => {
  const ROUNDS = 20_000;
  const rounds = Array.from({ length: ROUNDS }, (_, nonce) =>
    botRound(blackjackGame, BLACKJACK_RULES, {}, 1_000_000n, nonce),
  );

  it("the bot playing the published strategy returns the exact RTP within 4 standard errors", () => {
    const sample = new Moments();
    for (const round of rounds) sample.add(1 + round.net);
    const check = meanWithinStandardErrors(sample, exactNumber(exactReturn(BLACKJACK_RULES)));
    expect(check.within, JSON.stringify(check)).toBe(true);
  });

  it("deals each of the 52 cards with its exact lattice probability (chi-square)", () => {
    const observed = Array<number>(52).fill(0);
    for (const round of rounds) for (const c of round.cards) observed[c] = (observed[c] ?? 0) + 1;
    const n = observed.reduce((a, b) => a + b, 0);
    const expected = CARD_WORDS.map((w) => Number(w) / Number(LATTICE_SIZE));
    const result = chiSquare(observed, expected, n);
    expect(result.pValue, JSON.stringify(result)).toBeGreaterThan(0.0001);
  });
});
