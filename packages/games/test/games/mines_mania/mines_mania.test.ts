import { describe, expect, it } from "vitest";
import { chiSquare } from "../../../src/analysis/stats.ts";
import {
  analyze,
  binomial,
  type LineKind,
  lineTiles,
  type MinesManiaState,
  type MinesManiaView,
  minesManiaGame,
  multiplierAt,
  probabilityAllSafe,
  probabilityNextSafe,
  safeTiles,
  TILES,
} from "../../../src/games/mines_mania/index.ts";
import { div, eq, mul, payout, type Rational, rat, toFixedDown } from "../../../src/math/rational.ts";
import {
  abandonRound,
  begin,
  paidOut,
  type Round,
  tryAction,
  worstRoundingLoss,
} from "../cash-out-harness.ts";
import { gridHarness } from "../grid-harness.ts";

const rtp = rat(97, 100);
const MANIA_RTPS = [rat(97, 100), rat(96, 100)];
type ManiaRound = Round<MinesManiaState, MinesManiaView>;
const grid = gridHarness(minesManiaGame, rtp);
const { act, cashOut } = grid;
const reveal = (round: ManiaRound, tile: number) => act(round, { action: "reveal", params: { tile } });
const revealLine = (round: ManiaRound, kind: LineKind, index: number) =>
  act(round, { action: `reveal_${kind}`, params: { [kind]: index } });
/** Mines at tiles 0..m-1 (the top row first): the cut-short shuffle takes the first tile left when every word is 0. */
const fixedRound = (mines: number, options: { stake?: bigint; maxWin?: bigint } = {}) =>
  grid.fixedRound({ mines }, options);

describe("mines mania ladder: exact martingale for every jump of every board", () => {
  it.each(MANIA_RTPS)("P(j more safe) x m(k + j) = m(k) for every mine count, k and j at %o", (declared) => {
    let checked = 0;
    for (let mines = 1; mines <= 24; mines++) {
      for (let k = 0; k < safeTiles(mines); k++) {
        for (let j = 1; k + j <= safeTiles(mines); j++) {
          const p = probabilityNextSafe(mines, k, j);
          expect(eq(mul(p, multiplierAt(declared, mines, k + j)), multiplierAt(declared, mines, k))).toBe(
            true,
          );
          checked++;
        }
        expect(
          eq(multiplierAt(declared, mines, k + 1), div(declared, probabilityAllSafe(mines, k + 1))),
        ).toBe(true);
      }
      expect(eq(mul(multiplierAt(declared, mines, 1), rat(safeTiles(mines), TILES)), declared)).toBe(true);
    }
    expect(checked).toBe(2600);
  });

  it("reports every mine count at exactly the declared RTP, tile and row strategies", () => {
    for (const declared of MANIA_RTPS) {
      const reports = analyze(declared);
      expect(reports).toHaveLength(24 + 20);
      for (const report of reports) expect(report.rtp).toEqual(declared);
    }
    expect(
      analyze(rtp).find((r) => r.configuration === "mines=3 (reveal 1 row, then cash out)")?.hitFrequency,
    ).toEqual(rat(binomial(22, 5), binomial(25, 5)));
  });

  it("rounding down: worst relative loss 48.90% at a 1-unit stake, under 0.8% at 100 units", () => {
    const ladder = function* (declared: Rational) {
      for (let mines = 1; mines <= 24; mines++)
        for (let k = 1; k <= safeTiles(mines); k++) yield multiplierAt(declared, mines, k);
    };
    expect(toFixedDown(worstRoundingLoss(ladder(rtp), 1n).loss, 4)).toBe("0.4890");
    for (const declared of MANIA_RTPS) {
      expect(Number(toFixedDown(worstRoundingLoss(ladder(declared), 100n).loss, 6))).toBeLessThan(0.008);
    }
  });
});

describe("mines mania rounds", () => {
  it("reveals a whole row or column at the multiplier of all its safe tiles", () => {
    const round = fixedRound(3, { stake: 1001n });
    expect(round.step.view.lines.map((l) => `${l.kind}${l.index}:${l.tiles}`)).toContain("row1:5");
    const row = revealLine(round, "row", 1);
    expect(row.view.revealed).toEqual([5, 6, 7, 8, 9]);
    expect(row.view.multiplierExact).toBe(`${multiplierAt(rtp, 3, 5).num}/${multiplierAt(rtp, 3, 5).den}`);
    const column = revealLine(round, "column", 3);
    expect(column.view.revealed).toEqual([5, 6, 7, 8, 9, 3, 13, 18, 23]);
    reveal(round, 24);
    expect(cashOut(round).ops).toEqual([
      {
        kind: "credit",
        amount: payout(1001n, multiplierAt(rtp, 3, 10)),
        closesRound: true,
        reason: "cash_out",
      },
    ]);
  });

  it("a line holding a mine loses the round", () => {
    const round = fixedRound(2);
    reveal(round, 12);
    const step = revealLine(round, "column", 1);
    expect(step).toMatchObject({
      closed: true,
      view: { status: "lost", hitMine: 1, payout: "0", minePositions: [0, 1] },
    });
    expect(step.ops).toEqual([{ kind: "credit", amount: 0n, closesRound: true, reason: "loss" }]);
  });

  it("a line that reveals the last safe tiles completes the board at the top", () => {
    const round = fixedRound(20);
    const step = revealLine(round, "row", 4);
    expect(step).toMatchObject({ closed: true, view: { status: "completed" } });
    expect(paidOut(round)).toBe(payout(1_000_000n, mul(rtp, rat(binomial(25, 20)))));
  });

  it("refuses lines it cannot play: already revealed, certain to hit a mine, or beyond the maximum win", () => {
    const round = fixedRound(3);
    revealLine(round, "row", 2);
    const attempt = (input: unknown) => tryAction(minesManiaGame, round.step.state, input, rtp);
    expect(attempt({ action: "reveal_row", params: { row: 2 } })).toMatchObject({
      error: "line_already_revealed",
    });
    const crowded = fixedRound(22);
    expect(crowded.step.view.lines).toEqual([]);
    expect(crowded.step.view.actions).toEqual(["reveal"]);
    expect(
      tryAction(minesManiaGame, crowded.step.state, { action: "reveal_column", params: { column: 4 } }, rtp),
    ).toMatchObject({
      error: "line_certain_mine",
    });
    // 3 mines, stake 100 at 97%: one tile pays 110, a row would pay 195 > 150
    const capped = fixedRound(3, { stake: 100n, maxWin: 150n });
    expect(
      tryAction(minesManiaGame, capped.step.state, { action: "reveal_row", params: { row: 1 } }, rtp),
    ).toMatchObject({
      error: "max_win_exceeded",
    });
  });

  it("cashes out automatically when even one more tile would exceed the maximum win", () => {
    // 3 mines, stake 100 at 97%: 1 tile 110, 2 tiles 125, 3 tiles 144, 4 tiles 167 > 150
    const round = fixedRound(3, { stake: 100n, maxWin: 150n });
    reveal(round, 10);
    expect(reveal(round, 11).closed).toBe(false);
    const last = reveal(round, 12);
    expect(last).toMatchObject({ closed: true, note: "max_win_reached" });
    expect(last.ops).toEqual([
      { kind: "credit", amount: 144n, closesRound: true, reason: "max_win_reached" },
    ]);
    expect(fixedRound(3, { stake: 100n, maxWin: 109n }).step).toMatchObject({
      closed: true,
      ops: [],
      note: "bet_exceeds_max_win",
    });
  });

  it("abandon pays the state's value", () => {
    expect(abandonRound(minesManiaGame, fixedRound(4, { stake: 1000n })).ops).toEqual([
      { kind: "credit", amount: 970n, closesRound: true, reason: "abandoned" },
    ]);
    const round = fixedRound(4, { stake: 1000n });
    revealLine(round, "row", 3);
    expect(abandonRound(minesManiaGame, round).ops.at(-1)?.amount).toBe(
      payout(1000n, multiplierAt(rtp, 4, 5)),
    );
    expect(abandonRound(minesManiaGame, round)).toMatchObject({ ops: [], closed: true });
  });

  it("refuses illegal params and actions", () => {
    const ctx = { rtp, decimals: 2 };
    expect(minesManiaGame.parseParams({ mines: 25 }, ctx)).toMatchObject({ error: "invalid_mines" });
    expect(minesManiaGame.parseParams({ mines: 3, tiles: [1] }, ctx)).toMatchObject({
      error: "invalid_params",
    });
    const round = fixedRound(3);
    const attempt = (input: unknown) => tryAction(minesManiaGame, round.step.state, input, rtp);
    expect(attempt({ action: "cash_out" })).toMatchObject({ error: "no_step_taken" });
    expect(attempt({ action: "reveal", params: { tile: 25 } })).toMatchObject({ error: "invalid_tile" });
    expect(attempt({ action: "reveal_row", params: { row: 5 } })).toMatchObject({ error: "invalid_row" });
    expect(attempt({ action: "reveal_column", params: { row: 1 } })).toMatchObject({
      error: "invalid_column",
    });
    expect(attempt({ action: "reveal_diagonal" })).toMatchObject({ error: "unknown_action" });
    reveal(round, 20);
    expect(attempt({ action: "reveal", params: { tile: 20 } })).toMatchObject({
      error: "tile_already_revealed",
    });
    reveal(round, 0);
    expect(attempt({ action: "reveal_row", params: { row: 3 } })).toMatchObject({ error: "round_closed" });
  });
});

describe("mines mania views and verification", () => {
  it("the open view depends only on what was revealed, never on where the mines are", () => {
    let compared = 0;
    for (let nonce = 0; nonce < 60 && compared < 20; nonce++) {
      const a = begin(minesManiaGame, { mines: 2 }, rtp, { nonce });
      const b = begin(minesManiaGame, { mines: 2 }, rtp, { nonce: nonce + 900 });
      const row = [0, 1, 2, 3, 4].find((r) =>
        lineTiles("row", r).every(
          (t) => !a.step.state.minePositions.includes(t) && !b.step.state.minePositions.includes(t),
        ),
      );
      if (row === undefined) continue;
      revealLine(a, "row", row);
      revealLine(b, "row", row);
      expect(a.step.view.minePositions).toBeNull();
      expect(JSON.stringify(a.step.view)).toBe(JSON.stringify(b.step.view));
      compared++;
    }
    expect(compared).toBe(20);
  });

  it("reveal gives the layout the seeds produce; a replay reproduces the round", () => {
    const play = () => {
      const round = begin(minesManiaGame, { mines: 5 }, rtp, { nonce: 31 });
      for (const kind of ["row", "column"] as const)
        for (let i = 0; i < 5 && !round.step.closed; i++) {
          if (
            tryAction(
              minesManiaGame,
              round.step.state,
              { action: `reveal_${kind}`, params: { [kind]: i } },
              rtp,
            ).ok
          )
            revealLine(round, kind, i);
        }
      return round;
    };
    const round = play();
    expect(round.step.closed).toBe(true);
    expect(minesManiaGame.reveal(round.step.state)).toMatchObject({
      minePositions: round.random.reader(0).drawWithoutReplacement(25, 5),
    });
    expect(play().step).toEqual(round.step);
    expect(play().ops).toEqual(round.ops);
  });
});

describe("mines mania through the production path", () => {
  it("places mines uniformly over the 25 cells (chi-square)", () => {
    const rounds = 6_000;
    const cells = new Array<number>(TILES).fill(0);
    for (let nonce = 0; nonce < rounds; nonce++) {
      for (const tile of begin(minesManiaGame, { mines: 5 }, rtp, { nonce, serverSeed: "chi" }).step.state
        .minePositions)
        cells[tile] = (cells[tile] ?? 0) + 1;
    }
    expect(chiSquare(cells, new Array(TILES).fill(1 / TILES), rounds * 5).pValue).toBeGreaterThan(1e-4);
  });

  grid.itReturnsTheRtp(
    { random: "with a random mix of tiles and lines", first: "cashing out after the first reveal" },
    { random: 51, first: 52 },
    {
      // Few mines keep the multipliers' tail light enough for 20k rounds to estimate the mean well.
      params: (choose) => ({ mines: 1 + Math.floor(choose() * 6) }),
      move(round, choose, strategy) {
        const view = round.step.view;
        if (view.revealed.length > 0 && (strategy === "first" || choose() < 0.35)) {
          cashOut(round);
        } else if (view.lines.length > 0 && choose() < 0.4) {
          const line = view.lines[Math.floor(choose() * view.lines.length)];
          if (line) revealLine(round, line.kind, line.index);
        } else {
          const hidden = [...Array(TILES).keys()].filter((t) => !view.revealed.includes(t));
          reveal(round, hidden[Math.floor(choose() * hidden.length)] as number);
        }
      },
    },
  );
});
