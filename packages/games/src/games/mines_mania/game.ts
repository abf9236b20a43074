import { payout, rat, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition, Parsed, Step } from "../../model.ts";
import { type ActionInput, closingStep, fitsMaxWin, openStep } from "../cash-out.ts";
import { accept, alreadySettled, isRecord, refuse, unknownKey } from "../single-round.ts";
import {
  GRID_SIZE,
  type LineKind,
  lineTiles,
  MAX_MINES,
  MIN_MINES,
  multiplierAt,
  probabilityNextSafe,
  safeTiles,
  TILES,
} from "./ladder.ts";

export interface MinesManiaParams {
  mines: number;
}

export type MinesManiaStatus =
  | "open"
  | "lost"
  | "cash_out"
  | "completed"
  | "max_win_reached"
  | "abandoned"
  /** The first reveal alone would pay more than the session's maximum win: no bet was taken. */
  | "bet_exceeds_max_win";

export interface MinesManiaState {
  /** Minor units, decimal string. */
  stake: string;
  /** The declared RTP, "num/den". */
  rtp: string;
  maxWin: string;
  mines: number;
  /** Hidden while the round is open; in draw order. */
  minePositions: number[];
  /** The safe tiles revealed, in order (a line's tiles in line order). */
  revealed: number[];
  /** The mine that ended the round, on a loss (the first mine of a line, in line order). */
  hitMine: number | null;
  status: MinesManiaStatus;
  /** Where the round's random stream continues; the engine positions the next step's reader here. */
  randomPosition: number;
}

export type MinesManiaAction =
  | { action: "reveal"; tile: number }
  | { action: "reveal_row"; row: number }
  | { action: "reveal_column"; column: number }
  | { action: "cash_out" };

export interface LineOffer {
  kind: LineKind;
  index: number;
  /** Hidden tiles the line would reveal. */
  tiles: number;
  safeChance: string;
  multiplier: string;
  multiplierExact: string;
}

export interface MinesManiaView {
  status: MinesManiaStatus;
  mines: number;
  revealed: number[];
  hitMine: number | null;
  /** What cashing out pays now (0 after a loss), rounded down to 4 decimals; `multiplierExact` is the fraction paid. */
  multiplier: string;
  multiplierExact: string;
  /** One more tile: its multiplier and chance, while the round is open. */
  next: { multiplier: string; multiplierExact: string; safeChance: string } | null;
  /** Every row and column the player may reveal now, with what it would pay. */
  lines: LineOffer[];
  actions: MinesManiaAction["action"][];
  stake: string;
  payout: string | null;
  /** Every mine, sorted, once the round is closed; null while open. */
  minePositions: number[] | null;
}

type ManiaStep = Step<MinesManiaState, MinesManiaView>;

const moneyOf = (state: MinesManiaState) => {
  const [num = "0", den = "1"] = state.rtp.split("/");
  return { stake: BigInt(state.stake), rtp: rat(BigInt(num), BigInt(den)), maxWin: BigInt(state.maxWin) };
};

const hiddenOf = (state: MinesManiaState, kind: LineKind, index: number): number[] =>
  lineTiles(kind, index).filter((t) => !state.revealed.includes(t));

type LineRefusal = "line_already_revealed" | "line_certain_mine" | "exceeds_max_win";

/** Why a line cannot be revealed now, if it cannot. */
function lineRefusal(state: MinesManiaState, hidden: number): LineRefusal | undefined {
  if (hidden === 0) return "line_already_revealed";
  const k = state.revealed.length;
  if (hidden > safeTiles(state.mines) - k) return "line_certain_mine";
  const { stake, rtp, maxWin } = moneyOf(state);
  if (!fitsMaxWin(stake, multiplierAt(rtp, state.mines, k + hidden), maxWin)) return "exceeds_max_win";
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
  const { stake, rtp } = moneyOf(state);
  const open = state.status === "open";
  const k = state.revealed.length;
  const paid =
    state.status === "lost"
      ? rat(0)
      : state.status === "bet_exceeds_max_win"
        ? null
        : multiplierAt(rtp, state.mines, k);
  const shown = paid ?? rat(0);
  const next = open ? multiplierAt(rtp, state.mines, k + 1) : null;
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
    multiplier: toFixedDown(shown, 4),
    multiplierExact: toFraction(shown),
    next: next
      ? {
          multiplier: toFixedDown(next, 4),
          multiplierExact: toFraction(next),
          safeChance: toFraction(probabilityNextSafe(state.mines, k, 1)),
        }
      : null,
    lines,
    actions,
    stake: state.stake,
    payout: open || paid === null ? null : payout(stake, paid).toString(),
    minePositions: open ? null : [...state.minePositions].sort((a, b) => a - b),
  };
}

function close(
  state: MinesManiaState,
  status: Exclude<MinesManiaStatus, "open" | "bet_exceeds_max_win">,
): ManiaStep {
  const closed: MinesManiaState = { ...state, status };
  const { stake, rtp } = moneyOf(closed);
  const multiplier = status === "lost" ? null : multiplierAt(rtp, closed.mines, closed.revealed.length);
  return closingStep(closed, viewOf(closed), stake, multiplier, status === "lost" ? "loss" : status);
}

/** Reveals tiles together: any mine among them loses; otherwise the ladder moves up by their number. */
function revealTiles(state: MinesManiaState, tiles: number[]): ManiaStep {
  const mine = tiles.find((t) => state.minePositions.includes(t));
  if (mine !== undefined) return close({ ...state, hitMine: mine }, "lost");
  const next: MinesManiaState = { ...state, revealed: [...state.revealed, ...tiles] };
  const k = next.revealed.length;
  if (k === safeTiles(next.mines)) return close(next, "completed");
  const { stake, rtp, maxWin } = moneyOf(next);
  if (!fitsMaxWin(stake, multiplierAt(rtp, next.mines, k + 1), maxWin)) return close(next, "max_win_reached");
  return openStep(next, viewOf(next));
}

const isIndex = (value: unknown, size: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < size;

const LINE_DETAIL: Record<LineRefusal, string> = {
  line_already_revealed: "Every tile of this line is already revealed.",
  line_certain_mine: "This line has more hidden tiles than safe tiles are left: it would surely hit a mine.",
  exceeds_max_win: "Revealing this line would pay more than the maximum win: reveal fewer tiles or cash out.",
};

function parseLine(state: MinesManiaState, kind: LineKind, params: unknown): Parsed<MinesManiaAction> {
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

function parseManiaAction(input: unknown, state: MinesManiaState): Parsed<MinesManiaAction> {
  if (state.status !== "open") return refuse("round_closed", "This round is closed: start a new round.");
  if (!isRecord(input) || typeof input.action !== "string") {
    return refuse("invalid_action", 'An action is an object: {"action":"reveal_row","params":{"row":2}}.');
  }
  const { action, params } = input as unknown as ActionInput;
  switch (action) {
    case "reveal": {
      if (!isRecord(params) || unknownKey(params, ["tile"]) || !isIndex(params.tile, TILES)) {
        return refuse("invalid_tile", "reveal takes {tile}: an integer from 0 to 24 (row x 5 + column).");
      }
      if (state.revealed.includes(params.tile)) {
        return refuse("tile_already_revealed", `Tile ${params.tile} is already revealed.`);
      }
      return accept({ action, tile: params.tile });
    }
    case "reveal_row":
      return parseLine(state, "row", params);
    case "reveal_column":
      return parseLine(state, "column", params);
    case "cash_out": {
      if (params !== undefined && !(isRecord(params) && Object.keys(params).length === 0)) {
        return refuse("invalid_action", "cash_out takes no params.");
      }
      if (state.revealed.length === 0)
        return refuse("no_step_taken", "Reveal at least one tile before cashing out.");
      return accept({ action });
    }
    default:
      return refuse(
        "unknown_action",
        `Unknown mines mania action "${action}": use "reveal", "reveal_row", "reveal_column" or "cash_out".`,
      );
  }
}

export const minesManiaGame: GameDefinition<
  MinesManiaParams,
  MinesManiaState,
  MinesManiaAction,
  MinesManiaView
> = {
  slug: "mines_mania",
  kind: "cash-out",

  parseParams(input) {
    if (!isRecord(input))
      return refuse("invalid_params", 'Mines Mania params must be an object: {"mines":3}.');
    const extra = unknownKey(input, ["mines"]);
    if (extra) return refuse("invalid_params", `Unknown mines mania parameter "${extra}".`);
    const { mines } = input;
    if (typeof mines !== "number" || !Number.isInteger(mines) || mines < MIN_MINES || mines > MAX_MINES) {
      return refuse("invalid_mines", `mines must be an integer from ${MIN_MINES} to ${MAX_MINES}.`);
    }
    return accept({ mines });
  },

  stakeOf: (_params, amount) => amount,

  maxPayout: (params, stake, rtp) => payout(stake, multiplierAt(rtp, params.mines, safeTiles(params.mines))),

  start({ stake, params, rtp, maxWin }, { random }) {
    const minePositions = random.drawWithoutReplacement(TILES, params.mines);
    const state: MinesManiaState = {
      stake: stake.toString(),
      rtp: toFraction(rtp),
      maxWin: maxWin.toString(),
      mines: params.mines,
      minePositions,
      revealed: [],
      hitMine: null,
      status: "open",
      randomPosition: random.position,
    };
    if (!fitsMaxWin(stake, multiplierAt(rtp, params.mines, 1), maxWin)) {
      const refused: MinesManiaState = { ...state, status: "bet_exceeds_max_win" };
      return { state: refused, view: viewOf(refused), ops: [], closed: true, note: "bet_exceeds_max_win" };
    }
    return openStep(state, viewOf(state), [{ kind: "debit", amount: stake, reason: "bet" }]);
  },

  parseAction: (input, state) => parseManiaAction(input, state),

  act(state, action) {
    switch (action.action) {
      case "cash_out":
        return close(state, "cash_out");
      case "reveal":
        return revealTiles(state, [action.tile]);
      case "reveal_row":
        return revealTiles(state, hiddenOf(state, "row", action.row));
      case "reveal_column":
        return revealTiles(state, hiddenOf(state, "column", action.column));
    }
  },

  abandon(state) {
    if (state.status !== "open") return alreadySettled(state, viewOf(state));
    return close(state, "abandoned");
  },

  reveal: (state) => ({ ...state, minePositions: [...state.minePositions], revealed: [...state.revealed] }),
};
