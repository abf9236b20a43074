import { describe, expect, it } from "vitest";
import { chiSquare } from "../../../src/analysis/stats.ts";
import {
  analyze,
  binomial,
  type MinesState,
  minesGame,
  multiplierAt,
  probabilityNextSafe,
  safeTiles,
  TILES,
} from "../../../src/games/mines/index.ts";
import { div, eq, mul, ONE, payout, type Rational, rat, toFixedDown } from "../../../src/math/rational.ts";
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
type MinesRound = Round<MinesState, ReturnType<typeof minesGame.start>["view"]>;
const grid = gridHarness(minesGame, rtp);
const { cashOut } = grid;
const reveal = (round: MinesRound, tile: number) => grid.act(round, { action: "reveal", params: { tile } });
/** Mines at tiles 0..m-1: the cut-short shuffle takes the first tile left when every word is 0. */
const fixedRound = (mines: number, options: { stake?: bigint; maxWin?: bigint } = {}, params: object = {}) =>
  grid.fixedRound({ mines, ...params }, options);

describe("mines ladder: exact martingale over every state", () => {
  it.each(CATALOG_RTPS)(
    "p x m(next) = m(current) for every mine count and reveal count at %o",
    (declared) => {
      let states = 0;
      for (let mines = 1; mines <= 24; mines++) {
        let reached: Rational = ONE;
        for (let k = 0; k < safeTiles(mines); k++) {
          const p = probabilityNextSafe(mines, k, 1);
          expect(p).toEqual(rat(safeTiles(mines) - k, TILES - k));
          expect(eq(mul(p, multiplierAt(declared, mines, k + 1)), multiplierAt(declared, mines, k))).toBe(
            true,
          );
          reached = mul(reached, p);
          expect(eq(multiplierAt(declared, mines, k + 1), div(declared, reached))).toBe(true);
          states++;
        }
        expect(eq(mul(multiplierAt(declared, mines, 1), rat(safeTiles(mines), TILES)), declared)).toBe(true);
        expect(multiplierAt(declared, mines, 0)).toEqual(declared);
      }
      expect(states).toBe(300);
    },
  );

  it("tops out at RTP x C(25, m): 24.75x for 24 mines, 5,148,297x for 12 or 13 mines at 99%", () => {
    expect(multiplierAt(rtp, 24, 1)).toEqual(rat(2475, 100));
    expect(multiplierAt(rtp, 12, 13)).toEqual(mul(rtp, rat(binomial(25, 12))));
    expect(toFixedDown(multiplierAt(rtp, 12, 13), 0)).toBe("5148297");
  });

  it("reports every mine count at exactly the declared RTP", () => {
    for (const declared of CATALOG_RTPS) {
      const reports = analyze(declared);
      expect(reports).toHaveLength(24);
      for (const [i, report] of reports.entries()) {
        const mines = i + 1;
        expect(report.rtp).toEqual(declared);
        expect(report.hitFrequency).toEqual(rat(safeTiles(mines), TILES));
        expect(report.maxMultiplier).toEqual(mul(declared, rat(binomial(25, mines))));
      }
    }
  });

  it("rounds only the payout, down: worst relative loss 49.93% at a 1-unit stake, under 0.78% at 100 units", () => {
    const ladder = function* (declared: Rational) {
      for (let mines = 1; mines <= 24; mines++)
        for (let k = 1; k <= safeTiles(mines); k++) yield multiplierAt(declared, mines, k);
    };
    const oneUnit = worstRoundingLoss(ladder(rtp), 1n);
    expect(toFixedDown(oneUnit.loss, 4)).toBe("0.4993");
    expect(oneUnit.at).toEqual(multiplierAt(rtp, 3, 5));
    for (const declared of CATALOG_RTPS) {
      expect(Number(toFixedDown(worstRoundingLoss(ladder(declared), 100n).loss, 6))).toBeLessThan(0.0078);
    }
  });
});

describe("mines rounds", () => {
  it("debits at start, climbs the ladder and pays the exact multiplier rounded down on cash-out", () => {
    const round = fixedRound(3, { stake: 1001n });
    expect(round.ops).toEqual([{ kind: "debit", amount: 1001n, reason: "bet" }]);
    expect(round.step.closed).toBe(false);
    expect(round.step.view.next?.multiplier).toBe("1.1250");
    reveal(round, 10);
    const step = reveal(round, 11);
    expect(step.view.multiplierExact).toBe("9/7");
    expect(step.view.actions).toEqual(["reveal", "cash_out"]);
    const closed = cashOut(round);
    expect(closed.closed).toBe(true);
    expect(closed.ops).toEqual([
      {
        kind: "credit",
        amount: payout(1001n, multiplierAt(rtp, 3, 2)),
        closesRound: true,
        reason: "cash_out",
      },
    ]);
    expect(closed.view.payout).toBe("1287");
    expect(closed.view.minePositions).toEqual([0, 1, 2]);
  });

  it("loses on a mine with a zero credit and shows the whole board", () => {
    const round = fixedRound(3);
    reveal(round, 5);
    const step = reveal(round, 1);
    expect(step.closed).toBe(true);
    expect(step.ops).toEqual([{ kind: "credit", amount: 0n, closesRound: true, reason: "loss" }]);
    expect(step.view).toMatchObject({ status: "lost", hitMine: 1, multiplier: "0.0000", payout: "0" });
  });

  it("closes automatically at the top when every safe tile is revealed", () => {
    const round = fixedRound(24);
    const step = reveal(round, 24);
    expect(step).toMatchObject({ closed: true, view: { status: "completed", multiplier: "24.7500" } });
    expect(paidOut(round)).toBe(24_750_000n);
    const two = fixedRound(23);
    reveal(two, 23);
    expect(reveal(two, 24).ops.at(-1)).toMatchObject({
      reason: "completed",
      amount: payout(1_000_000n, multiplierAt(rtp, 23, 2)),
    });
  });

  it("instant mode resolves in start: all safe pays the ladder, a mine pays 0", () => {
    const win = fixedRound(3, {}, { tiles: [7, 3, 24] });
    expect(win.step.closed).toBe(true);
    expect(win.ops).toEqual([
      { kind: "debit", amount: 1_000_000n, reason: "bet" },
      {
        kind: "credit",
        amount: payout(1_000_000n, multiplierAt(rtp, 3, 3)),
        closesRound: true,
        reason: "cash_out",
      },
    ]);
    const loss = fixedRound(3, {}, { tiles: [7, 2, 24] });
    expect(loss.ops.at(-1)).toEqual({ kind: "credit", amount: 0n, closesRound: true, reason: "loss" });
    expect(loss.step.view.revealed).toEqual([7]);
    const all = fixedRound(20, {}, { tiles: [20, 21, 22, 23, 24] });
    expect(all.ops.at(-1)).toMatchObject({ reason: "completed" });
    expect(minesGame.maxPayout({ mines: 20, tiles: [20, 21] }, 100n, rtp)).toBe(
      payout(100n, multiplierAt(rtp, 20, 2)),
    );
    expect(minesGame.maxPayout({ mines: 20 }, 100n, rtp)).toBe(payout(100n, mul(rtp, rat(binomial(25, 20)))));
  });

  it("abandon pays the state's value: the RTP before the first reveal, the ladder after", () => {
    const fresh = fixedRound(5, { stake: 1000n });
    expect(abandonRound(minesGame, fresh).ops).toEqual([
      { kind: "credit", amount: 990n, closesRound: true, reason: "abandoned" },
    ]);
    const played = fixedRound(5, { stake: 1000n });
    reveal(played, 12);
    expect(abandonRound(minesGame, played).ops.at(-1)?.amount).toBe(payout(1000n, multiplierAt(rtp, 5, 1)));
    expect(abandonRound(minesGame, played)).toMatchObject({ ops: [], closed: true });
  });

  it("cashes out automatically at the last step whose payout fits the maximum win", () => {
    // 3 mines, stake 100 at 99%: 1 reveal pays 112, 2 pay 128, 3 pay 147, 4 would pay 171 > 150.
    const round = fixedRound(3, { stake: 100n, maxWin: 150n });
    reveal(round, 10);
    expect(reveal(round, 11).closed).toBe(false);
    const step = reveal(round, 12);
    expect(step).toMatchObject({
      closed: true,
      note: "max_win_reached",
      view: { status: "max_win_reached" },
    });
    expect(step.ops).toEqual([
      { kind: "credit", amount: 147n, closesRound: true, reason: "max_win_reached" },
    ]);
    const instant = fixedRound(3, { stake: 100n, maxWin: 150n }, { tiles: [10, 11, 12, 13, 14] });
    expect(instant.ops.at(-1)).toEqual({
      kind: "credit",
      amount: 147n,
      closesRound: true,
      reason: "max_win_reached",
    });
    expect(instant.step.view.revealed).toEqual([10, 11, 12]);
  });

  it("takes no bet when even the first reveal would exceed the maximum win", () => {
    const round = fixedRound(3, { stake: 100n, maxWin: 111n });
    expect(round.step).toMatchObject({ closed: true, ops: [], note: "bet_exceeds_max_win" });
    expect(
      tryAction(minesGame, round.step.state, { action: "reveal", params: { tile: 4 } }, rtp),
    ).toMatchObject({ error: "round_closed" });
  });
});

describe("mines refuses what it cannot do", () => {
  it("refuses bad params", () => {
    const ctx = { rtp, decimals: 2 };
    for (const [input, error] of [
      [{ mines: 0 }, "invalid_mines"],
      [{ mines: 25 }, "invalid_mines"],
      [{ mines: 2.5 }, "invalid_mines"],
      [{ mines: "3" }, "invalid_mines"],
      [{ mines: 3, extra: true }, "invalid_params"],
      [[3], "invalid_params"],
      [{ mines: 3, tiles: [] }, "invalid_tiles"],
      [{ mines: 3, tiles: [1, 1] }, "invalid_tiles"],
      [{ mines: 3, tiles: [25] }, "invalid_tiles"],
      [{ mines: 23, tiles: [0, 1, 2] }, "invalid_tiles"],
    ] as const) {
      expect(minesGame.parseParams(input, ctx)).toMatchObject({ ok: false, error });
    }
  });

  it("refuses illegal actions with specific errors", () => {
    const round = fixedRound(3);
    const attempt = (input: unknown) => tryAction(minesGame, round.step.state, input, rtp);
    expect(attempt({ action: "cash_out" })).toMatchObject({ ok: false, error: "no_step_taken" });
    for (const tile of [-1, 25, 1.5, "3", null]) {
      expect(attempt({ action: "reveal", params: { tile } })).toMatchObject({
        ok: false,
        error: "invalid_tile",
      });
    }
    expect(attempt({ action: "reveal" })).toMatchObject({ ok: false, error: "invalid_tile" });
    expect(attempt({ action: "dig", params: { tile: 3 } })).toMatchObject({
      ok: false,
      error: "unknown_action",
    });
    expect(attempt("reveal")).toMatchObject({ ok: false, error: "invalid_action" });
    reveal(round, 9);
    expect(attempt({ action: "reveal", params: { tile: 9 } })).toMatchObject({
      ok: false,
      error: "tile_already_revealed",
    });
    expect(attempt({ action: "cash_out", params: { now: true } })).toMatchObject({
      ok: false,
      error: "invalid_action",
    });
    cashOut(round);
    expect(attempt({ action: "reveal", params: { tile: 10 } })).toMatchObject({
      ok: false,
      error: "round_closed",
    });
    expect(attempt({ action: "cash_out" })).toMatchObject({ ok: false, error: "round_closed" });
  });
});

describe("mines views and verification", () => {
  it("the open view depends only on what was revealed, never on where the mines are", () => {
    for (let nonce = 0; nonce < 40; nonce++) {
      const a = begin(minesGame, { mines: 4 }, rtp, { nonce });
      const b = begin(minesGame, { mines: 4 }, rtp, { nonce: nonce + 1000 });
      const safe = [...Array(TILES).keys()].find(
        (t) => !a.step.state.minePositions.includes(t) && !b.step.state.minePositions.includes(t),
      ) as number;
      reveal(a, safe);
      reveal(b, safe);
      expect(a.step.view.minePositions).toBeNull();
      expect(JSON.stringify(a.step.view)).toBe(JSON.stringify(b.step.view));
      expect(JSON.stringify(a.step.view)).not.toContain('minePositions":[');
    }
  });

  it("reveal gives the mine layout the seeds produce, and a replay reproduces the round", () => {
    const play = () => {
      const round = begin(minesGame, { mines: 6 }, rtp, { nonce: 77 });
      const safe = [...Array(TILES).keys()].filter((t) => !round.step.state.minePositions.includes(t));
      reveal(round, safe[3] as number);
      reveal(round, safe[0] as number);
      reveal(round, round.step.state.minePositions[2] as number);
      return round;
    };
    const round = play();
    const recomputed = round.random.reader(0).drawWithoutReplacement(25, 6);
    expect(minesGame.reveal(round.step.state)).toMatchObject({
      minePositions: recomputed,
      mines: 6,
      status: "lost",
    });
    const again = play();
    expect(again.ops).toEqual(round.ops);
    expect(again.step).toEqual(round.step);
  });
});

describe("mines through the production path", () => {
  it("places mines uniformly over the 25 cells (chi-square)", () => {
    const rounds = 8_000;
    for (const mines of [1, 7, 20]) {
      const cells = new Array<number>(TILES).fill(0);
      for (let nonce = 0; nonce < rounds; nonce++) {
        for (const tile of begin(minesGame, { mines }, rtp, { nonce }).step.state.minePositions)
          cells[tile] = (cells[tile] ?? 0) + 1;
      }
      expect(chiSquare(cells, new Array(TILES).fill(1 / TILES), rounds * mines).pValue).toBeGreaterThan(1e-4);
    }
  });

  grid.itReturnsTheRtp(
    { random: "with a random strategy", first: "cashing out after the first reveal" },
    { random: 11, first: 12 },
    {
      params: (choose) => ({ mines: 1 + Math.floor(choose() * 24) }),
      move(round, choose, strategy) {
        const { revealed } = round.step.state;
        if (revealed.length > 0 && (strategy === "first" || choose() < 0.35)) return cashOut(round);
        const hidden = [...Array(TILES).keys()].filter((t) => !revealed.includes(t));
        reveal(round, hidden[Math.floor(choose() * hidden.length)] as number);
      },
    },
  );
});
