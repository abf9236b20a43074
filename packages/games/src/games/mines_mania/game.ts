import { payout, toFixedDown, toFraction } from "../../math/rational.ts";
import type { Parsed } from "../../model.ts";
import { fitsMaxWin } from "../cash-out.ts";
import { type GridFiguresView, type GridStatus, gridGame, moneyOf, parseGridAction } from "../grid-family.ts";
import {
  boardFigures,
  boardWorth,
  dealMines,
  type MinesBoard,
  nextTileFits,
  parseReveal,
  revealTiles,
} from "../mines/board.ts";
import { parseMinesParams } from "../mines/params.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import {
  GRID_SIZE,
  type LineKind,
  lineTiles,
  multiplierAt,
  probabilityNextSafe,
  safeTiles,
} from "./ladder.ts";

export interface MinesManiaParams {
  mines: number;
}

export type MinesManiaStatus = GridStatus;

export type MinesManiaState = MinesBoard;

export type MinesManiaAction =
  | { action: "reveal"; tile: number }
  | { action: "reveal_row"; row: number }
  | { action: "reveal_column"; column: number }
  | { action: "cash_out" };

/** The actions that reveal tiles: one, a row or a column. */
type TilePick = Exclude<MinesManiaAction, { action: "cash_out" }>;

export interface LineOffer {
  kind: LineKind;
  index: number;
  /** Hidden tiles the line would reveal. */
  tiles: number;
  safeChance: string;
  multiplier: string;
  multiplierExact: string;
}

export interface MinesManiaView extends GridFiguresView {
  status: MinesManiaStatus;
  mines: number;
  revealed: number[];
  hitMine: number | null;
  /** Every row and column the player may reveal now, with what it would pay. */
  lines: LineOffer[];
  actions: MinesManiaAction["action"][];
  /** Every mine, sorted, once the round is closed; null while open. */
  minePositions: number[] | null;
}

const hiddenOf = (state: MinesManiaState, kind: LineKind, index: number): number[] =>
  lineTiles(kind, index).filter((t) => !state.revealed.includes(t));

type LineRefusal = "line_already_revealed" | "line_certain_mine" | "max_win_exceeded";

/** Why a line cannot be revealed now, if it cannot. */
function lineRefusal(state: MinesManiaState, hidden: number): LineRefusal | undefined {
  if (hidden === 0) return "line_already_revealed";
  const k = state.revealed.length;
  if (hidden > safeTiles(state.mines) - k) return "line_certain_mine";
  const { stake, rtp, maxWin } = moneyOf(state);
  if (!fitsMaxWin(stake, multiplierAt(rtp, state.mines, k + hidden), maxWin)) return "max_win_exceeded";
  return undefined;
}

function lineOffers(state: MinesManiaState): LineOffer[] {
  const { rtp } = moneyOf(state);
  const k = state.revealed.length;
  const offers: LineOffer[] = [];
  for (const kind of ["row", "column"] as const) {
    for (let index = 0; index < GRID_SIZE; index++) {
      const hidden = hiddenOf(state, kind, index).length;
      if (lineRefusal(state, hidden)) continue;
      const m = multiplierAt(rtp, state.mines, k + hidden);
      offers.push({
        kind,
        index,
        tiles: hidden,
        safeChance: toFraction(probabilityNextSafe(state.mines, k, hidden)),
        multiplier: toFixedDown(m, 4),
        multiplierExact: toFraction(m),
      });
    }
  }
  return offers;
}

function viewOf(state: MinesManiaState): MinesManiaView {
  const open = state.status === "open";
  const k = state.revealed.length;
  const figures = boardFigures(state);
  const lines = open ? lineOffers(state) : [];
  const actions: MinesManiaAction["action"][] = [];
  if (open) {
    actions.push("reveal");
    if (lines.some((l) => l.kind === "row")) actions.push("reveal_row");
    if (lines.some((l) => l.kind === "column")) actions.push("reveal_column");
    if (k > 0) actions.push("cash_out");
  }
  return {
    status: state.status,
    mines: state.mines,
    revealed: [...state.revealed],
    hitMine: state.hitMine,
    ...figures.shown,
    lines,
    actions,
    stake: state.stake,
    payout: figures.payout,
    minePositions: open ? null : [...state.minePositions].sort((a, b) => a - b),
  };
}

const isIndex = (value: unknown, size: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < size;

const LINE_DETAIL: Record<LineRefusal, string> = {
  line_already_revealed: "Every tile of this line is already revealed.",
  line_certain_mine: "This line has more hidden tiles than safe tiles are left: it would surely hit a mine.",
  max_win_exceeded:
    "Revealing this line would pay more than the maximum win: reveal fewer tiles or cash out.",
};

function parseLine(state: MinesManiaState, kind: LineKind, params: unknown): Parsed<TilePick> {
  if (!isRecord(params) || unknownKey(params, [kind]) || !isIndex(params[kind], GRID_SIZE)) {
    return refuse(
      `invalid_${kind}`,
      `reveal_${kind} takes {${kind}}: an integer from 0 to ${GRID_SIZE - 1}.`,
    );
  }
  const index = params[kind] as number;
  const refusal = lineRefusal(state, hiddenOf(state, kind, index).length);
  if (refusal) return refuse(refusal, LINE_DETAIL[refusal]);
  return accept(
    kind === "row" ? { action: "reveal_row", row: index } : { action: "reveal_column", column: index },
  );
}

/** The tiles an action reveals together, in line order. */
const tilesOf = (state: MinesManiaState, action: TilePick): number[] => {
  switch (action.action) {
    case "reveal":
      return [action.tile];
    case "reveal_row":
      return hiddenOf(state, "row", action.row);
    case "reveal_column":
      return hiddenOf(state, "column", action.column);
  }
};

export const minesManiaGame = gridGame<MinesManiaParams, MinesManiaState, TilePick, MinesManiaView>({
  slug: "mines_mania",
  parseParams(input) {
    const parsed = parseMinesParams(input, {
      name: "Mines Mania",
      nameInUnknownKey: "mines mania",
      example: '{"mines":3}',
      allowed: ["mines"],
    });
    return parsed.ok ? accept({ mines: parsed.value.mines }) : parsed;
  },
  maxPayout: (params, stake, rtp) => payout(stake, multiplierAt(rtp, params.mines, safeTiles(params.mines))),
  deal: dealMines,
  viewOf,
  worth: boardWorth,
  nextFits: nextTileFits,
  parseAction: (input, state) =>
    parseGridAction(input, state, {
      game: "mines mania",
      example: '{"action":"reveal_row","params":{"row":2}}',
      picks: {
        reveal: (params) => parseReveal(params, state),
        reveal_row: (params) => parseLine(state, "row", params),
        reveal_column: (params) => parseLine(state, "column", params),
      },
      stepsTaken: state.revealed.length,
      beforeFirstStep: "Reveal at least one tile before cashing out.",
    }),
  pick: (state, action) => revealTiles(state, tilesOf(state, action)),
  reveal: (state) => ({ ...state, minePositions: [...state.minePositions], revealed: [...state.revealed] }),
});
