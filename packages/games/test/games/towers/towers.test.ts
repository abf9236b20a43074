import { describe, expect, it } from "vitest";
import { withinTolerance } from "../../../src/analysis/report.ts";
import { chiSquare } from "../../../src/analysis/stats.ts";
import {
  analyze,
  DIFFICULTIES,
  DIFFICULTY_NAMES,
  type Difficulty,
  latticeSafeChance,
  multiplierAt,
  ROWS,
  rowSafeChance,
  type TowersState,
  type TowersView,
  towersGame,
} from "../../../src/games/towers/index.ts";
import {
  div,
  eq,
  mul,
  ONE,
  payout,
  type Rational,
  rat,
  toFixedDown,
  toNumber,
} from "../../../src/math/rational.ts";
import {
  abandonRound,
  begin,
  paidOut,
  type Round,
  tryAction,
  worstRoundingLoss,
} from "../cash-out-harness.ts";
import { gridHarness } from "../grid-harness.ts";
import { CATALOG_RTPS } from "../production.ts";

const rtp = rat(99, 100);
type TowersRound = Round<TowersState, TowersView>;
const grid = gridHarness(towersGame, rtp);
const { cashOut } = grid;
const pick = (round: TowersRound, tile: number) => grid.act(round, { action: "pick", params: { tile } });
/** With every word 0 the cut-short shuffle traps the lowest tiles of each row: the last tile is always safe. */
const fixedRound = (
  difficulty: Difficulty,
  options: { stake?: bigint; maxWin?: bigint } = {},
  extra: object = {},
) => grid.fixedRound({ difficulty, ...extra }, options);

describe("towers ladder: exact martingale over every row of every difficulty", () => {
  it.each(CATALOG_RTPS)("p x m(r+1) = m(r) = RTP / P(reaching r) at %o", (declared) => {
    for (const difficulty of DIFFICULTY_NAMES) {
      const { tiles, traps } = DIFFICULTIES[difficulty];
      const p = rat(tiles - traps, tiles);
      expect(rowSafeChance(difficulty)).toEqual(p);
      let reached: Rational = ONE;
      for (let row = 0; row < ROWS; row++) {
        expect(
          eq(mul(p, multiplierAt(declared, difficulty, row + 1)), multiplierAt(declared, difficulty, row)),
        ).toBe(true);
        reached = mul(reached, p);
        expect(eq(multiplierAt(declared, difficulty, row + 1), div(declared, reached))).toBe(true);
      }
      expect(eq(mul(multiplierAt(declared, difficulty, 1), p), declared)).toBe(true);
    }
  });

  it("tops out at RTP x (tiles / safe)^9: 259,522.56x on master at 99%", () => {
    expect(toFixedDown(multiplierAt(rtp, "master", 9), 2)).toBe("259522.56");
    expect(toFixedDown(multiplierAt(rtp, "easy", 9), 4)).toBe("13.1851");
  });

  it("counts the lattice exactly: every tile's safe chance within 3 words of the ideal, every report within 0.01 pp", () => {
    for (const difficulty of DIFFICULTY_NAMES) {
      for (let tile = 0; tile < DIFFICULTIES[difficulty].tiles; tile++) {
        const gap = Math.abs(
          toNumber(latticeSafeChance(difficulty, tile)) - toNumber(rowSafeChance(difficulty)),
        );
        expect(gap).toBeLessThanOrEqual(3 / 2 ** 32);
      }
    }
    expect(latticeSafeChance("easy", 2)).toEqual(rat(3, 4));
    expect(eq(latticeSafeChance("medium", 0), rat(2, 3))).toBe(false);
    for (const declared of CATALOG_RTPS) {
      const reports = analyze(declared);
      expect(reports).toHaveLength(21);
      for (const report of reports)
        expect(withinTolerance(report.rtp, declared), report.configuration).toBe(true);
    }
  });

  it("rounding down: worst relative loss 49.49% at a 1-unit stake (hard, 1 row: 1.98x pays 1), under 0.75% at 100 units", () => {
    const ladder = function* (declared: Rational) {
      for (const difficulty of DIFFICULTY_NAMES)
        for (let row = 1; row <= ROWS; row++) yield multiplierAt(declared, difficulty, row);
    };
    expect(toFixedDown(worstRoundingLoss(ladder(rtp), 1n).loss, 4)).toBe("0.4949");
    for (const declared of CATALOG_RTPS) {
      expect(toNumber(worstRoundingLoss(ladder(declared), 100n).loss)).toBeLessThan(0.0075);
    }
  });
});

describe("towers rounds", () => {
  it("climbs row by row and pays the exact multiplier rounded down on cash-out", () => {
    const round = fixedRound("medium", { stake: 1001n });
    expect(round.ops).toEqual([{ kind: "debit", amount: 1001n, reason: "bet" }]);
    expect(round.step.view).toMatchObject({ tilesPerRow: 3, trapsPerRow: 1, climbed: 0, traps: null });
    pick(round, 2);
    const step = pick(round, 1);
    expect(step.view).toMatchObject({ climbed: 2, multiplier: "2.2275", next: { safeChance: "2/3" } });
    expect(cashOut(round).ops).toEqual([
      {
        kind: "credit",
        amount: payout(1001n, multiplierAt(rtp, "medium", 2)),
        closesRound: true,
        reason: "cash_out",
      },
    ]);
    expect(round.step.view.traps).toEqual(new Array(ROWS).fill([0]));
  });

  it("a trap loses with a zero credit; the 9th row completes the tower", () => {
    const lost = fixedRound("expert");
    pick(lost, 2);
    expect(pick(lost, 1)).toMatchObject({ closed: true, view: { status: "lost", climbed: 1, payout: "0" } });
    const top = fixedRound("hard");
    for (let row = 0; row < ROWS - 1; row++) expect(pick(top, 1).closed).toBe(false);
    expect(pick(top, 1)).toMatchObject({ closed: true, view: { status: "completed", climbed: 9 } });
    expect(paidOut(top)).toBe(payout(1_000_000n, multiplierAt(rtp, "hard", 9)));
  });

  it("instant mode resolves in start", () => {
    const win = fixedRound("master", {}, { picks: [3, 3, 3] });
    expect(win.ops).toEqual([
      { kind: "debit", amount: 1_000_000n, reason: "bet" },
      {
        kind: "credit",
        amount: payout(1_000_000n, multiplierAt(rtp, "master", 3)),
        closesRound: true,
        reason: "cash_out",
      },
    ]);
    const loss = fixedRound("easy", {}, { picks: [3, 0, 3] });
    expect(loss.ops.at(-1)).toEqual({ kind: "credit", amount: 0n, closesRound: true, reason: "loss" });
    expect(fixedRound("hard", {}, { picks: new Array(9).fill(1) }).ops.at(-1)).toMatchObject({
      reason: "completed",
    });
    expect(towersGame.maxPayout({ difficulty: "hard" }, 100n, rtp)).toBe(50688n);
  });

  it("cashes out automatically at the last row whose payout fits the maximum win", () => {
    // hard at 99%, stake 100: 198, 396, 792; 1584 > 1000
    const round = fixedRound("hard", { stake: 100n, maxWin: 1000n });
    pick(round, 1);
    pick(round, 1);
    const step = pick(round, 1);
    expect(step).toMatchObject({ closed: true, note: "max_win_reached" });
    expect(step.ops).toEqual([
      { kind: "credit", amount: 792n, closesRound: true, reason: "max_win_reached" },
    ]);
    const instant = fixedRound("hard", { stake: 100n, maxWin: 1000n }, { picks: [1, 1, 1, 1, 1] });
    expect(instant.ops.at(-1)).toMatchObject({ amount: 792n, reason: "max_win_reached" });
    expect(fixedRound("master", { stake: 100n, maxWin: 395n }).step).toMatchObject({
      closed: true,
      ops: [],
      note: "bet_exceeds_max_win",
    });
  });

  it("abandon pays the state's value", () => {
    expect(abandonRound(towersGame, fixedRound("easy", { stake: 1000n })).ops).toEqual([
      { kind: "credit", amount: 990n, closesRound: true, reason: "abandoned" },
    ]);
    const round = fixedRound("expert", { stake: 1000n });
    pick(round, 2);
    expect(abandonRound(towersGame, round).ops.at(-1)?.amount).toBe(2970n);
    expect(abandonRound(towersGame, round)).toMatchObject({ ops: [], closed: true });
  });

  it("refuses illegal params and actions", () => {
    const ctx = { rtp, decimals: 2 };
    for (const [input, error] of [
      [{ difficulty: "insane" }, "invalid_difficulty"],
      [{}, "invalid_difficulty"],
      [{ difficulty: "easy", rows: 3 }, "invalid_params"],
      [{ difficulty: "hard", picks: [2] }, "invalid_picks"],
      [{ difficulty: "easy", picks: new Array(10).fill(0) }, "invalid_picks"],
      [{ difficulty: "easy", picks: [] }, "invalid_picks"],
      [null, "invalid_params"],
    ] as const) {
      expect(towersGame.parseParams(input, ctx)).toMatchObject({ ok: false, error });
    }
    const round = fixedRound("medium");
    const attempt = (input: unknown) => tryAction(towersGame, round.step.state, input, rtp);
    expect(attempt({ action: "cash_out" })).toMatchObject({ error: "no_step_taken" });
    for (const tile of [3, -1, 0.5, "1"])
      expect(attempt({ action: "pick", params: { tile } })).toMatchObject({ error: "invalid_tile" });
    expect(attempt({ action: "climb" })).toMatchObject({ error: "unknown_action" });
    pick(round, 0);
    expect(attempt({ action: "pick", params: { tile: 1 } })).toMatchObject({ error: "round_closed" });
  });
});

describe("towers views and verification", () => {
  it("the open view never shows where the traps are", () => {
    for (let nonce = 0; nonce < 30; nonce++) {
      const a = begin(towersGame, { difficulty: "expert" }, rtp, { nonce });
      const b = begin(towersGame, { difficulty: "expert" }, rtp, { nonce: nonce + 500 });
      const common = [0, 1, 2].find(
        (t) => !a.step.state.traps[0]?.includes(t) && !b.step.state.traps[0]?.includes(t),
      );
      if (common === undefined) continue;
      pick(a, common);
      pick(b, common);
      expect(JSON.stringify(a.step.view)).toBe(JSON.stringify(b.step.view));
    }
  });

  it("reveal gives every row's traps as the seeds draw them; a replay reproduces the round", () => {
    const play = () => {
      const round = begin(towersGame, { difficulty: "medium" }, rtp, { nonce: 3 });
      while (!round.step.closed) pick(round, 1);
      return round;
    };
    const round = play();
    const reader = round.random.reader(0);
    const traps = Array.from({ length: ROWS }, () => reader.drawWithoutReplacement(3, 1));
    expect(towersGame.reveal(round.step.state)).toMatchObject({ traps });
    expect(play().step).toEqual(round.step);
  });
});

describe("towers through the production path", () => {
  it("traps fall uniformly on the tiles of each difficulty (chi-square)", () => {
    for (const difficulty of DIFFICULTY_NAMES) {
      const { tiles, traps } = DIFFICULTIES[difficulty];
      const counts = new Array<number>(tiles).fill(0);
      const rounds = 1_500;
      for (let nonce = 0; nonce < rounds; nonce++) {
        for (const row of begin(towersGame, { difficulty }, rtp, { nonce }).step.state.traps)
          for (const tile of row) counts[tile] = (counts[tile] ?? 0) + 1;
      }
      expect(
        chiSquare(counts, new Array(tiles).fill(1 / tiles), rounds * ROWS * traps).pValue,
      ).toBeGreaterThan(1e-4);
    }
  });

  grid.itReturnsTheRtp(
    { random: "with a random strategy", first: "cashing out after the first row" },
    { random: 31, first: 32 },
    {
      params: (choose) => ({ difficulty: DIFFICULTY_NAMES[Math.floor(choose() * DIFFICULTY_NAMES.length)] }),
      move(round, choose, strategy) {
        if (round.step.view.climbed > 0 && (strategy === "first" || choose() < 0.3)) cashOut(round);
        else pick(round, Math.floor(choose() * DIFFICULTIES[round.step.state.difficulty].tiles));
      },
    },
  );
});
