import { describe, expect, it } from "vitest";
import { percent, withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare, Moments, meanWithinStandardErrors } from "../../../src/analysis/stats.ts";
import { firstWordOf, LATTICE_SIZE, latticeCount } from "../../../src/fair/lattice.ts";
import { nodeHmacSha256 } from "../../../src/fair/node-hmac.ts";
import { FairRandom } from "../../../src/fair/random.ts";
import {
  allSpots,
  analyze,
  type BetSpot,
  betKey,
  type CrapsState,
  type CrapsView,
  crapsGame,
  FAIR_FACES,
  LATTICE_FACES,
  legalBets,
  PASS_LINE_FAIR,
  reportForSpot,
  rtpOf,
  statedRtp,
} from "../../../src/games/craps/index.ts";
import { cmp, eq, ONE, rat, sub, toFraction, toNumber } from "../../../src/math/rational.ts";
import type { WalletOp } from "../../../src/model.ts";
import {
  abandonRound,
  begin,
  fairRandom,
  perform,
  playerRng,
  type Round,
  tryAction,
} from "../cash-out-harness.ts";
import { wordsSource } from "../production.ts";

const rtp = rat(9860, 10_000);
type CrapsRound = Round<CrapsState, CrapsView>;
/** The words that roll these dice, in order. */
const diceWords = (...rolls: [number, number][]) =>
  rolls.flat().map((face) => Number(firstWordOf(6, face - 1)));
const open = (bets: unknown[], rolls: [number, number][], options: { maxWin?: bigint } = {}) =>
  begin(crapsGame, { bets }, rtp, { random: wordsSource(diceWords(...rolls)), ...options });
const rollWith = (round: CrapsRound, bets?: unknown[]) =>
  perform(crapsGame, round, { action: "roll", ...(bets && { params: { bets } }) }, rtp);
const remove = (round: CrapsRound, bets: unknown[]) =>
  perform(crapsGame, round, { action: "remove", params: { bets } }, rtp);
const spot = (kind: BetSpot["kind"], number: number | null = null): BetSpot => ({ kind, number });
const debit = (amount: bigint): WalletOp => ({
  kind: "debit",
  amount,
  reason: expect.any(String) as unknown as string,
});
const credit = (amount: bigint, closesRound: boolean): WalletOp => ({
  kind: "credit",
  amount,
  closesRound,
  reason: expect.any(String) as unknown as string,
});

describe("craps dice over the 2^32 lattice", () => {
  it("gives faces 1, 2, 4 and 5 one word more than 3 and 6 (2^32 mod 6 = 4)", () => {
    const counts = [0, 1, 2, 3, 4, 5].map((k) => latticeCount(6, k));
    expect(counts).toEqual([715827883n, 715827883n, 715827882n, 715827883n, 715827883n, 715827882n]);
    expect(counts.reduce((a, b) => a + b)).toBe(LATTICE_SIZE);
  });
});

describe("craps exact RTP of every bet", () => {
  it("matches the textbook figures on fair dice", () => {
    const fair = (s: BetSpot) => toFraction(rtpOf(s, FAIR_FACES));
    expect(fair(spot("pass"))).toBe("488/495");
    expect(eq(rtpOf(spot("pass"), FAIR_FACES), PASS_LINE_FAIR)).toBe(true);
    expect(fair(spot("come"))).toBe("488/495");
    // A barred 12 leaves the don't bet up: 949 wins against 976 losses.
    expect(fair(spot("dont_pass"))).toBe("1898/1925");
    for (const n of [4, 5, 6, 8, 9, 10]) {
      for (const kind of ["pass_odds", "dont_pass_odds", "come_odds", "dont_come_odds"] as const)
        expect(fair(spot(kind, n))).toBe("1/1");
    }
    expect([4, 5, 6].map((n) => fair(spot("place", n)))).toEqual(["14/15", "24/25", "65/66"]);
    expect([4, 6].map((n) => fair(spot("hard", n)))).toEqual(["8/9", "10/11"]);
    expect(fair(spot("field"))).toBe("35/36");
    expect(
      ["any_seven", "any_craps", "two", "three", "eleven", "twelve"].map((k) =>
        fair(spot(k as BetSpot["kind"])),
      ),
    ).toEqual(["5/6", "8/9", "31/36", "8/9", "8/9", "31/36"]);
  });

  it("counts the lattice exactly: the pass line is 98.5858586 % and still rounds to the declared 98.6", () => {
    const pass = rtpOf(spot("pass"), LATTICE_FACES);
    expect(eq(pass, PASS_LINE_FAIR)).toBe(false);
    expect(percent(pass, 7)).toBe("98.5858586");
    expect(cmp(pass, rat(9855, 10_000)) >= 0 && cmp(pass, rat(9865, 10_000)) < 0).toBe(true);
    expect(percent(pass, 1)).toBe("98.6");
    expect(toFraction(statedRtp(spot("pass")))).toBe(toFraction(rat(9859, 10_000)));
  });

  it("every bet is within 0.01 pp of its stated figure; only true odds reach 100 %", () => {
    const reports = analyze(rtp);
    expect(reports.map((r) => r.configuration)).toEqual(allSpots().map((s) => `bet=${betKey(s)}`));
    for (const [i, report] of reports.entries()) {
      const s = allSpots()[i] as BetSpot;
      expect(withinTolerance(report.rtp, report.declaredRtp ?? rtp), report.configuration).toBe(true);
      if (!s.kind.endsWith("_odds")) expect(cmp(report.rtp, ONE), report.configuration).toBe(-1);
      // The lattice moves a bet's return by less than 10^-8.
      expect(Math.abs(toNumber(sub(report.rtp, rtpOf(s, FAIR_FACES))))).toBeLessThan(1e-8);
    }
  });

  it("reports hit frequency and the largest multiplier of a bet", () => {
    const field = reportForSpot(spot("field"), FAIR_FACES);
    expect(toFraction(field.hitFrequency)).toBe("4/9");
    expect(toFraction(field.maxMultiplier)).toBe("4/1");
  });
});

describe("craps round flow", () => {
  it("offers line bets, not come bets, before the first roll", () => {
    const kinds = legalBets({ point: null, bets: [], maxWin: "1000000" }).map(betKey);
    expect(kinds).toContain("pass");
    expect(kinds).toContain("place_6");
    expect(kinds.some((k) => k.startsWith("come") || k.includes("odds"))).toBe(false);
  });

  it("a come-out seven pays the pass line and closes the round in one credit", () => {
    const round = open([{ bet: "pass", amount: "5" }], [[3, 4]]);
    expect(round.ops).toEqual([debit(500n), credit(1000n, true)]);
    expect(round.step.view.status).toBe("closed");
  });

  it("adds bets with the roll, pays a winning roll, takes a bet down and closes on a seven-out with 0", () => {
    const round = open(
      [{ bet: "pass", amount: "10" }],
      [
        [2, 2],
        [3, 3],
        [6, 1],
      ],
    );
    expect(round.ops).toEqual([debit(1000n)]);
    expect(round.step.view.point).toBe(4);
    expect(round.step.view.legal.find((l) => l.kind === "pass_odds")).toMatchObject({
      number: 4,
      max: "3000",
    });
    expect(round.step.view.legal.some((l) => l.kind === "pass")).toBe(false);
    // Odds and two place bets go on with the next roll: one debit of all three, then the 6 pays place 6.
    rollWith(round, [
      { bet: "pass_odds", amount: "20" },
      { bet: "place", number: 6, amount: "6" },
      { bet: "place", number: 8, amount: "6" },
    ]);
    expect(round.ops.slice(1)).toEqual([debit(3200n), credit(1300n, false)]);
    expect(round.step.view.bets.map((b) => [betKey(b), b.amount, b.removable])).toEqual([
      ["pass_4", "1000", false],
      ["pass_odds_4", "2000", true],
      ["place_8", "600", true],
    ]);
    expect(
      tryAction(crapsGame, round.step.state, { action: "remove", params: { bets: [{ bet: "pass" }] } }, rtp),
    ).toMatchObject({
      ok: false,
      error: "contract_bet",
    });
    remove(round, [{ bet: "place", number: 8 }]);
    expect(round.ops.at(-1)).toEqual(credit(600n, false));
    rollWith(round);
    expect(round.ops.at(-1)).toEqual(credit(0n, true));
    expect(round.step.closed).toBe(true);
  });

  it("takes down a don't pass bet with a point, named as the view lists it, with its lay odds", () => {
    const round = open(
      [{ bet: "dont_pass", amount: "10" }],
      [
        [3, 3],
        [1, 2],
      ],
    );
    rollWith(round, [{ bet: "dont_pass_odds", amount: "12" }]);
    const dont = round.step.view.bets.find((b) => b.kind === "dont_pass");
    expect(dont).toMatchObject({ number: 6, removable: true });
    remove(round, [{ bet: "dont_pass", number: 6 }]);
    expect(round.ops.at(-1)).toEqual(credit(2200n, true));
  });

  it("removing the last chip closes the round with the refund", () => {
    const round = open([{ bet: "place", number: 6, amount: "12" }], [[1, 1]]);
    // Place bets are off on the come-out roll: the 2 leaves them up.
    expect(round.ops).toEqual([debit(1200n)]);
    remove(round, [{ bet: "place", number: 6 }]);
    expect(round.ops.at(-1)).toEqual(credit(1200n, true));
    expect(round.step.closed).toBe(true);
  });

  it("moves a come bet to its number and pays its odds at true odds", () => {
    const round = open(
      [{ bet: "pass", amount: "5" }],
      [
        [3, 2],
        [4, 6],
        [6, 4],
      ],
    );
    rollWith(round, [{ bet: "come", amount: "5" }]);
    expect(round.step.view.bets.map(betKey)).toEqual(["pass_5", "come_10"]);
    rollWith(round, [{ bet: "come_odds", number: 10, amount: "10" }]);
    // Come 10 pays even money, its odds 2 to 1: 500 + 500 + 1000 + 2000.
    expect(round.ops.slice(-2)).toEqual([debit(1000n), credit(4000n, false)]);
  });

  it("refuses bets that are not legal now, odds beyond 3-4-5x, and a roll whose worst case passes the maximum win", () => {
    const round = open([{ bet: "pass", amount: "10" }], [[5, 5]], { maxWin: 100_00n });
    const attempt = (bets: unknown[]) =>
      tryAction(crapsGame, round.step.state, { action: "roll", params: { bets } }, rtp);
    expect(attempt([{ bet: "pass", amount: "1" }])).toMatchObject({ ok: false, error: "bet_not_allowed" });
    expect(attempt([{ bet: "come_odds", number: 6, amount: "1" }])).toMatchObject({
      ok: false,
      error: "bet_not_allowed",
    });
    expect(attempt([{ bet: "pass_odds", amount: "30.01" }])).toMatchObject({
      ok: false,
      error: "bet_above_maximum",
    });
    expect(attempt([{ bet: "two", amount: "3.50" }])).toMatchObject({ ok: false, error: "max_win_exceeded" });
    expect(attempt([{ bet: "pass_odds", amount: "26.67" }])).toMatchObject({
      ok: false,
      error: "max_win_exceeded",
    });
    expect(attempt([{ bet: "pass_odds", amount: "26.66" }])).toMatchObject({ ok: true });
    // A come bet counts as if on every point: with the pass line on 10, a come bet that could move to 10 and win
    // with it is refused when both together would pass the maximum win, so a later roll is never blocked.
    expect(attempt([{ bet: "come", amount: "40.01" }])).toMatchObject({
      ok: false,
      error: "max_win_exceeded",
    });
    expect(attempt([{ bet: "come", amount: "40" }])).toMatchObject({ ok: true });
    const tooBig = open([{ bet: "twelve", amount: "4" }], [[1, 1]], { maxWin: 100_00n });
    expect(tooBig.step).toMatchObject({ closed: true, ops: [], note: "bet_exceeds_max_win" });
  });

  it("a refused debit of added bets leaves the table as it was, unrolled", () => {
    const round = open([{ bet: "pass", amount: "10" }], [[2, 2]]);
    const parsed = tryAction(
      crapsGame,
      round.step.state,
      { action: "roll", params: { bets: [{ bet: "field", amount: "1" }] } },
      rtp,
    );
    if (!parsed.ok || !crapsGame.onDebitRefused) throw new Error("expected a parsed roll");
    const back = crapsGame.onDebitRefused(round.step.state, parsed.value as never, {
      random: fairRandom(0).reader(2),
      now: 0,
    });
    expect(back.state).toEqual(round.step.state);
    expect(back.ops).toEqual([]);
  });

  it("abandon: the pass line with a point rolls on, place bets and odds come back", () => {
    const random = wordsSource(diceWords([2, 2], [5, 5], [4, 4], [1, 3]));
    const round = begin(crapsGame, { bets: [{ bet: "pass", amount: "10" }] }, rtp, { random });
    rollWith(round, [
      { bet: "pass_odds", amount: "10" },
      { bet: "place", number: 5, amount: "5" },
    ]);
    abandonRound(crapsGame, round);
    // Returned: odds 1000 + place 500; then 8 leaves the pass line up and 4 wins it.
    expect(round.ops.slice(-2)).toEqual([credit(1500n, false), credit(2000n, true)]);
    expect(round.step.note).toBe("abandoned");
  });
});

describe("craps production path (smoke)", () => {
  it("pass line over 12,000 rounds: mean within 4 standard errors, dice pass a chi-square test", () => {
    const moments = new Moments();
    const faces = Array(6).fill(0);
    let rolls = 0;
    for (let nonce = 0; nonce < 12_000; nonce++) {
      const round = begin(crapsGame, { bets: [{ bet: "pass", amount: "1" }] }, rtp, {
        random: fairRandom(nonce),
        stake: 100n,
      });
      while (!round.step.closed) rollWith(round);
      const paid = round.ops.reduce((t, op) => (op.kind === "credit" ? t + op.amount : t), 0n);
      moments.add(Number(paid) / 100);
      for (const r of round.step.state.rolls) {
        faces[r.dice[0] - 1]++;
        faces[r.dice[1] - 1]++;
        rolls += 2;
      }
    }
    expect(meanWithinStandardErrors(moments, toNumber(PASS_LINE_FAIR)).within).toBe(true);
    expect(chiSquare(faces, Array(6).fill(1 / 6), rolls).pValue).toBeGreaterThan(1e-4);
  });
});

describe("craps rounds under random play", () => {
  it("keep SPEC.md's flow: debits before credits, one closing credit last, no chip left, no die read ahead", () => {
    const choose = playerRng(7);
    for (let nonce = 0; nonce < 300; nonce++) {
      const legalAtStart = legalBets({ point: null, bets: [], maxWin: "100000000" });
      const first = legalAtStart[Math.floor(choose() * legalAtStart.length)] as BetSpot;
      const round = begin(
        crapsGame,
        { bets: [{ bet: first.kind, ...(first.number !== null && { number: first.number }), amount: "1" }] },
        rtp,
        {
          random: fairRandom(nonce, "craps-fuzz"),
        },
      );
      for (let moves = 0; moves < 200 && !round.step.closed; moves++) {
        const view = round.step.view;
        const removable = view.bets.filter((b) => b.removable);
        if (removable.length > 0 && choose() < 0.15) {
          const b = removable[Math.floor(choose() * removable.length)] as BetSpot;
          remove(round, [{ bet: b.kind, ...(b.number !== null && { number: b.number }) }]);
          continue;
        }
        const adds = choose() < 0.3 ? [view.legal[Math.floor(choose() * view.legal.length)]] : [];
        rollWith(
          round,
          adds.flatMap((l) =>
            l ? [{ bet: l.kind, ...(l.number !== null && { number: l.number }), amount: "1" }] : [],
          ),
        );
        const last = round.step.state.rolls.at(-1);
        const settledPaid = (last?.settled ?? []).reduce((t, s) => t + BigInt(s.paid), 0n);
        expect(BigInt(last?.paid ?? "0") >= settledPaid).toBe(true);
      }
      if (!round.step.closed) abandonRound(crapsGame, round);
      const { state } = round.step;
      expect(state.randomPosition).toBe(2 * state.rolls.length);
      expect(state.bets).toEqual([]);
      const closing = round.ops.filter((op) => op.kind === "credit" && op.closesRound);
      expect(closing).toHaveLength(1);
      expect(round.ops.at(-1)).toBe(closing[0]);
      const staked = round.ops.reduce((t, op) => (op.kind === "debit" ? t + op.amount : t), 0n);
      const paid = round.ops.reduce((t, op) => (op.kind === "credit" ? t + op.amount : t), 0n);
      expect([BigInt(state.staked), BigInt(state.paid)]).toEqual([staked, paid]);
    }
  });
});

describe("craps worked example of docs/games/craps.md", () => {
  it("recomputes the published seeds' opening roll and the next one", () => {
    const random = new FairRandom(nodeHmacSha256, {
      serverSeed: "3f4e1b9c0d7a52e8f6c1a4b7d2e9f0a3c5b8d1e4f7a0b3c6d9e2f5a8b1c4d7e0",
      clientSeed: "lucky-player-42",
      nonce: 6,
    });
    expect([0, 1, 2, 3].map((i) => random.float(i).toFixed(10))).toEqual([
      "0.1457397537",
      "0.7723002697",
      "0.7083639205",
      "0.7626572142",
    ]);
    const round = begin(crapsGame, { bets: [{ bet: "pass", amount: "1.00" }] }, rtp, { random });
    expect(round.step.state.rolls.map((r) => r.dice)).toEqual([[1, 5]]);
    expect(round.ops).toEqual([debit(100n)]);
    rollWith(round);
    expect(round.step.state.rolls.at(-1)?.dice).toEqual([5, 5]);
  });
});
