import { payout } from "../../math/rational.ts";
import type { Parsed } from "../../model.ts";
import { type GridFiguresView, type GridStatus, gridGame, parseGridAction } from "../grid-family.ts";
import { accept, refuse } from "../params.ts";
import {
  boardFigures,
  boardWorth,
  dealMines,
  isTile,
  type MinesBoard,
  nextTileFits,
  parseReveal,
  revealTiles,
} from "./board.ts";
import { multiplierAt, safeTiles, TILES } from "./ladder.ts";
import { parseMinesParams } from "./params.ts";

export interface MinesParams {
  mines: number;
  /** Instant mode: the tiles to reveal, in order; the round resolves in `start`. */
  tiles?: number[];
}

export type MinesStatus = GridStatus;

export type MinesState = MinesBoard;

export type MinesAction = { action: "reveal"; tile: number } | { action: "cash_out" };

export interface MinesView extends GridFiguresView {
  status: MinesStatus;
  mines: number;
  revealed: number[];
  hitMine: number | null;
  actions: MinesAction["action"][];
  /** Every mine, sorted, once the round is closed; null while open. */
  minePositions: number[] | null;
}

function viewOf(state: MinesState): MinesView {
  const open = state.status === "open";
  const k = state.revealed.length;
  const figures = boardFigures(state);
  return {
    status: state.status,
    mines: state.mines,
    revealed: [...state.revealed],
    hitMine: state.hitMine,
    ...figures.shown,
    actions: open ? (k > 0 ? ["reveal", "cash_out"] : ["reveal"]) : [],
    stake: state.stake,
    payout: figures.payout,
    minePositions: open ? null : [...state.minePositions].sort((a, b) => a - b),
  };
}

function parseParams(input: unknown): Parsed<MinesParams> {
  const parsed = parseMinesParams(input, {
    name: "Mines",
    nameInUnknownKey: "mines",
    example: '{"mines":3}',
    allowed: ["mines", "tiles"],
  });
  if (!parsed.ok) return parsed;
  const { mines, rest } = parsed.value;
  const { tiles } = rest;
  if (tiles === undefined) return accept({ mines });
  const most = safeTiles(mines);
  if (
    !Array.isArray(tiles) ||
    tiles.length < 1 ||
    tiles.length > most ||
    !tiles.every(isTile) ||
    new Set(tiles).size !== tiles.length
  ) {
    return refuse(
      "invalid_tiles",
      `tiles must be 1 to ${most} distinct tiles, each an integer from 0 to ${TILES - 1} (row x 5 + column).`,
    );
  }
  return accept({ mines, tiles: [...tiles] });
}

export const minesGame = gridGame<MinesParams, MinesState, { action: "reveal"; tile: number }, MinesView>({
  slug: "mines",
  parseParams,
  maxPayout: (params, stake, rtp) =>
    payout(stake, multiplierAt(rtp, params.mines, params.tiles?.length ?? safeTiles(params.mines))),
  deal: dealMines,
  instantPicks: (params) => params.tiles?.map((tile) => ({ action: "reveal", tile })),
  viewOf,
  worth: boardWorth,
  nextFits: nextTileFits,
  parseAction: (input, state) =>
    parseGridAction(input, state, {
      game: "mines",
      example: '{"action":"reveal","params":{"tile":7}}',
      picks: { reveal: (params) => parseReveal(params, state) },
      stepsTaken: state.revealed.length,
      beforeFirstStep: "Reveal at least one tile before cashing out.",
    }),
  pick: (state, { tile }) => revealTiles(state, [tile]),
  reveal: (state) => ({
    mines: state.mines,
    minePositions: state.minePositions,
    revealed: state.revealed,
    hitMine: state.hitMine,
    status: state.status,
    stake: state.stake,
    rtp: state.rtp,
    maxWin: state.maxWin,
    randomPosition: state.randomPosition,
  }),
});
