import { payout, type Rational, rat, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition, Parsed, Step, StepContext } from "../../model.ts";
import { type ActionInput, closingStep, fitsMaxWin, openStep } from "../cash-out.ts";
import { accept, alreadySettled, isRecord, refuse, unknownKey } from "../single-round.ts";
import { MAX_MINES, MIN_MINES, multiplierAt, probabilityNextSafe, safeTiles, TILES } from "./ladder.ts";

export interface MinesParams {
  mines: number;
  /** Instant mode: the tiles to reveal, in order; the round resolves in `start`. */
  tiles?: number[];
}

export type MinesStatus =
  | "open"
  | "lost"
  | "cash_out"
  | "completed"
  | "max_win_reached"
  | "abandoned"
  /** The first reveal alone would pay more than the session's maximum win: no bet was taken. */
  | "bet_exceeds_max_win";

export interface MinesState {
  /** Minor units, decimal string. */
  stake: string;
  /** The declared RTP, "num/den". */
  rtp: string;
  maxWin: string;
  mines: number;
  /** Hidden while the round is open; in draw order. */
  minePositions: number[];
  /** The safe tiles revealed, in order. */
  revealed: number[];
  /** The mine that ended the round, on a loss. */
  hitMine: number | null;
  status: MinesStatus;
  /** Where the round's random stream continues; the engine positions the next step's reader here. */
  randomPosition: number;
}

export type MinesAction = { action: "reveal"; tile: number } | { action: "cash_out" };

export interface MinesView {
  status: MinesStatus;
  mines: number;
  revealed: number[];
  hitMine: number | null;
  /** What cashing out pays now (0 after a loss), rounded down to 4 decimals; `multiplierExact` is the fraction paid. */
  multiplier: string;
  multiplierExact: string;
  /** The multiplier after one more safe reveal and its chance, while the round is open. */
  next: { multiplier: string; multiplierExact: string; safeChance: string } | null;
  actions: MinesAction["action"][];
  stake: string;
  /** Minor units paid when the round is closed. */
  payout: string | null;
  /** Every mine, sorted, once the round is closed; null while open. */
  minePositions: number[] | null;
}

interface Money {
  stake: bigint;
  rtp: Rational;
  maxWin: bigint;
}

const moneyOf = (state: MinesState): Money => {
  const [num = "0", den = "1"] = state.rtp.split("/");
  return { stake: BigInt(state.stake), rtp: rat(BigInt(num), BigInt(den)), maxWin: BigInt(state.maxWin) };
};

const currentMultiplier = (state: MinesState, rtp: Rational): Rational =>
  multiplierAt(rtp, state.mines, state.revealed.length);

function viewOf(state: MinesState): MinesView {
  const { stake, rtp } = moneyOf(state);
  const open = state.status === "open";
  const k = state.revealed.length;
  const paid =
    state.status === "lost"
      ? rat(0)
      : state.status === "bet_exceeds_max_win"
        ? null
        : currentMultiplier(state, rtp);
  const shown = paid ?? rat(0);
  const nextMultiplier = open ? multiplierAt(rtp, state.mines, k + 1) : null;
  const actions: MinesAction["action"][] = open ? (k > 0 ? ["reveal", "cash_out"] : ["reveal"]) : [];
  return {
    status: state.status,
    mines: state.mines,
    revealed: [...state.revealed],
    hitMine: state.hitMine,
    multiplier: toFixedDown(shown, 4),
    multiplierExact: toFraction(shown),
    next: nextMultiplier
      ? {
          multiplier: toFixedDown(nextMultiplier, 4),
          multiplierExact: toFraction(nextMultiplier),
          safeChance: toFraction(probabilityNextSafe(state.mines, k, 1)),
        }
      : null,
    actions,
    stake: state.stake,
    payout: open || paid === null ? null : payout(stake, paid).toString(),
    minePositions: open ? null : [...state.minePositions].sort((a, b) => a - b),
  };
}

type MinesStep = Step<MinesState, MinesView>;

function close(state: MinesState, status: Exclude<MinesStatus, "open" | "bet_exceeds_max_win">): MinesStep {
  const closed: MinesState = { ...state, status };
  const { stake, rtp } = moneyOf(closed);
  const multiplier = status === "lost" ? null : currentMultiplier(closed, rtp);
  return closingStep(closed, viewOf(closed), stake, multiplier, status === "lost" ? "loss" : status);
}

/** One reveal: a mine loses; the last safe tile completes the ladder; a next step beyond the maximum win cashes out. */
function revealTile(state: MinesState, tile: number): MinesStep {
  if (state.minePositions.includes(tile)) return close({ ...state, hitMine: tile }, "lost");
  const next: MinesState = { ...state, revealed: [...state.revealed, tile] };
  const k = next.revealed.length;
  if (k === safeTiles(next.mines)) return close(next, "completed");
  const { stake, rtp, maxWin } = moneyOf(next);
  if (!fitsMaxWin(stake, multiplierAt(rtp, next.mines, k + 1), maxWin)) return close(next, "max_win_reached");
  return openStep(next, viewOf(next));
}

const isTile = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < TILES;

function parseMinesParams(input: unknown): Parsed<MinesParams> {
  if (!isRecord(input)) return refuse("invalid_params", 'Mines params must be an object: {"mines":3}.');
  const extra = unknownKey(input, ["mines", "tiles"]);
  if (extra) return refuse("invalid_params", `Unknown mines parameter "${extra}".`);
  const { mines, tiles } = input;
  if (typeof mines !== "number" || !Number.isInteger(mines) || mines < MIN_MINES || mines > MAX_MINES) {
    return refuse("invalid_mines", `mines must be an integer from ${MIN_MINES} to ${MAX_MINES}.`);
  }
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

function parseMinesAction(input: unknown, state: MinesState): Parsed<MinesAction> {
  if (state.status !== "open") return refuse("round_closed", "This round is closed: start a new round.");
  if (!isRecord(input) || typeof input.action !== "string") {
    return refuse("invalid_action", 'An action is an object: {"action":"reveal","params":{"tile":7}}.');
  }
  const { action, params } = input as unknown as ActionInput;
  if (action === "reveal") {
    if (!isRecord(params) || unknownKey(params, ["tile"]) || !isTile(params.tile)) {
      return refuse("invalid_tile", "reveal takes {tile}: an integer from 0 to 24 (row x 5 + column).");
    }
    if (state.revealed.includes(params.tile)) {
      return refuse("tile_already_revealed", `Tile ${params.tile} is already revealed.`);
    }
    return accept({ action, tile: params.tile });
  }
  if (action === "cash_out") {
    if (params !== undefined && !(isRecord(params) && Object.keys(params).length === 0)) {
      return refuse("invalid_action", "cash_out takes no params.");
    }
    if (state.revealed.length === 0) {
      return refuse("no_step_taken", "Reveal at least one tile before cashing out.");
    }
    return accept({ action });
  }
  return refuse("unknown_action", `Unknown mines action "${action}": use "reveal" or "cash_out".`);
}

export const minesGame: GameDefinition<MinesParams, MinesState, MinesAction, MinesView> = {
  slug: "mines",
  kind: "cash-out",

  parseParams: (input) => parseMinesParams(input),

  stakeOf: (_params, amount) => amount,

  maxPayout: (params, stake, rtp) =>
    payout(stake, multiplierAt(rtp, params.mines, params.tiles?.length ?? safeTiles(params.mines))),

  start({ stake, params, rtp, maxWin }, { random }: StepContext) {
    const minePositions = random.drawWithoutReplacement(TILES, params.mines);
    const state: MinesState = {
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
      const refused: MinesState = { ...state, status: "bet_exceeds_max_win" };
      return { state: refused, view: viewOf(refused), ops: [], closed: true, note: "bet_exceeds_max_win" };
    }
    const debit = { kind: "debit" as const, amount: stake, reason: "bet" };
    if (!params.tiles) return openStep(state, viewOf(state), [debit]);
    let step: MinesStep = openStep(state, viewOf(state));
    for (const tile of params.tiles) {
      step = revealTile(step.state, tile);
      if (step.closed) break;
    }
    if (!step.closed) step = close(step.state, "cash_out");
    return { ...step, ops: [debit, ...step.ops] };
  },

  parseAction: (input, state) => parseMinesAction(input, state),

  act(state, action) {
    if (action.action === "cash_out") return close(state, "cash_out");
    return revealTile(state, action.tile);
  },

  abandon(state) {
    if (state.status !== "open") return alreadySettled(state, viewOf(state));
    return close(state, "abandoned");
  },

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
};
