/**
 * The 5 x 5 board Mines and Mines Mania share: dealing the mines, revealing tiles (one, or a line's together),
 * the reveal action, and the value figures the view shows. Mines Mania adds rows and columns on top.
 */
import type { RandomReader } from "../../fair/random.ts";
import type { Parsed } from "../../model.ts";
import { type Climb, fitsMaxWin } from "../cash-out.ts";
import { type GridState, gridFigures, moneyOf } from "../grid-family.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import { multiplierAt, probabilityNextSafe, safeTiles, TILES } from "./ladder.ts";

export interface MinesBoard extends GridState {
  mines: number;
  /** Hidden while the round is open; in draw order. */
  minePositions: number[];
  /** The safe tiles revealed, in order (a line's tiles in line order). */
  revealed: number[];
  /** The mine that ended the round, on a loss (the first mine of a line, in line order). */
  hitMine: number | null;
}

export const dealMines = (random: RandomReader, { mines }: { mines: number }) => ({
  mines,
  minePositions: random.drawWithoutReplacement(TILES, mines),
  revealed: [],
  hitMine: null,
});

export const boardWorth = (state: MinesBoard) =>
  multiplierAt(moneyOf(state).rtp, state.mines, state.revealed.length);

export function nextTileFits(state: MinesBoard): boolean {
  const { stake, rtp, maxWin } = moneyOf(state);
  return fitsMaxWin(stake, multiplierAt(rtp, state.mines, state.revealed.length + 1), maxWin);
}

/** Tiles revealed together: any mine among them loses; otherwise the ladder moves up by their number. */
export function revealTiles<S extends MinesBoard>(state: S, tiles: number[]): Climb<S> {
  const mine = tiles.find((t) => state.minePositions.includes(t));
  if (mine !== undefined) return { next: { ...state, hitMine: mine }, outcome: "lost" };
  const next: S = { ...state, revealed: [...state.revealed, ...tiles] };
  return { next, outcome: next.revealed.length === safeTiles(next.mines) ? "top" : "safe" };
}

/** The value now, after one more tile, and the payout once closed. */
export function boardFigures(state: MinesBoard) {
  const k = state.revealed.length;
  const { rtp } = moneyOf(state);
  return gridFigures(
    state,
    k,
    (steps) => multiplierAt(rtp, state.mines, steps),
    () => probabilityNextSafe(state.mines, k, 1),
  );
}

export const isTile = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < TILES;

/** `reveal {tile}`: a tile on the board not yet revealed. */
export function parseReveal(params: unknown, state: MinesBoard): Parsed<{ action: "reveal"; tile: number }> {
  if (!isRecord(params) || unknownKey(params, ["tile"]) || !isTile(params.tile)) {
    return refuse("invalid_tile", "reveal takes {tile}: an integer from 0 to 24 (row x 5 + column).");
  }
  if (state.revealed.includes(params.tile)) {
    return refuse("tile_already_revealed", `Tile ${params.tile} is already revealed.`);
  }
  return accept({ action: "reveal", tile: params.tile });
}
