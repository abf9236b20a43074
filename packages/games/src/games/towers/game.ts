import { payout, rat, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition, Parsed, Step } from "../../model.ts";
import { type ActionInput, closingStep, fitsMaxWin, openStep } from "../cash-out.ts";
import { accept, alreadySettled, isRecord, refuse, unknownKey } from "../single-round.ts";
import {
  DIFFICULTIES,
  DIFFICULTY_NAMES,
  type Difficulty,
  multiplierAt,
  ROWS,
  rowSafeChance,
} from "./ladder.ts";

export interface TowersParams {
  difficulty: Difficulty;
  /** Instant mode: the tile to pick in each row from the bottom, in order; the round resolves in `start`. */
  picks?: number[];
}

export type TowersStatus =
  | "open"
  | "lost"
  | "cash_out"
  | "completed"
  | "max_win_reached"
  | "abandoned"
  /** The first row alone would pay more than the session's maximum win: no bet was taken. */
  | "bet_exceeds_max_win";

export interface TowersState {
  /** Minor units, decimal string. */
  stake: string;
  /** The declared RTP, "num/den". */
  rtp: string;
  maxWin: string;
  difficulty: Difficulty;
  /** The trap tiles of each row from the bottom, in draw order; hidden while the round is open. */
  traps: number[][];
  /** The tile picked in each row climbed (and, after a loss, the trap picked last). */
  picks: number[];
  status: TowersStatus;
  /** Where the round's random stream continues; the engine positions the next step's reader here. */
  randomPosition: number;
}

export type TowersAction = { action: "pick"; tile: number } | { action: "cash_out" };

export interface TowersView {
  status: TowersStatus;
  difficulty: Difficulty;
  rows: number;
  tilesPerRow: number;
  trapsPerRow: number;
  /** Rows climbed safely. */
  climbed: number;
  picks: number[];
  /** What cashing out pays now (0 after a loss), rounded down to 4 decimals; `multiplierExact` is the fraction paid. */
  multiplier: string;
  multiplierExact: string;
  next: { multiplier: string; multiplierExact: string; safeChance: string } | null;
  actions: TowersAction["action"][];
  stake: string;
  payout: string | null;
  /** Every row's traps, sorted, once the round is closed; null while open. */
  traps: number[][] | null;
}

type TowersStep = Step<TowersState, TowersView>;

const moneyOf = (state: TowersState) => {
  const [num = "0", den = "1"] = state.rtp.split("/");
  return { stake: BigInt(state.stake), rtp: rat(BigInt(num), BigInt(den)), maxWin: BigInt(state.maxWin) };
};

const climbedOf = (state: TowersState): number =>
  state.status === "lost" ? state.picks.length - 1 : state.picks.length;

function viewOf(state: TowersState): TowersView {
  const { stake, rtp } = moneyOf(state);
  const { tiles, traps } = DIFFICULTIES[state.difficulty];
  const open = state.status === "open";
  const climbed = climbedOf(state);
  const paid =
    state.status === "lost"
      ? rat(0)
      : state.status === "bet_exceeds_max_win"
        ? null
        : multiplierAt(rtp, state.difficulty, climbed);
  const shown = paid ?? rat(0);
  const next = open ? multiplierAt(rtp, state.difficulty, climbed + 1) : null;
  return {
    status: state.status,
    difficulty: state.difficulty,
    rows: ROWS,
    tilesPerRow: tiles,
    trapsPerRow: traps,
    climbed,
    picks: [...state.picks],
    multiplier: toFixedDown(shown, 4),
    multiplierExact: toFraction(shown),
    next: next
      ? {
          multiplier: toFixedDown(next, 4),
          multiplierExact: toFraction(next),
          safeChance: toFraction(rowSafeChance(state.difficulty)),
        }
      : null,
    actions: open ? (climbed > 0 ? ["pick", "cash_out"] : ["pick"]) : [],
    stake: state.stake,
    payout: open || paid === null ? null : payout(stake, paid).toString(),
    traps: open ? null : state.traps.map((row) => [...row].sort((a, b) => a - b)),
  };
}

function close(
  state: TowersState,
  status: Exclude<TowersStatus, "open" | "bet_exceeds_max_win">,
): TowersStep {
  const closed: TowersState = { ...state, status };
  const { stake, rtp } = moneyOf(closed);
  const multiplier = status === "lost" ? null : multiplierAt(rtp, closed.difficulty, climbedOf(closed));
  return closingStep(closed, viewOf(closed), stake, multiplier, status === "lost" ? "loss" : status);
}

function pickTile(state: TowersState, tile: number): TowersStep {
  const row = state.picks.length;
  const next: TowersState = { ...state, picks: [...state.picks, tile] };
  if (state.traps[row]?.includes(tile)) return close(next, "lost");
  if (next.picks.length === ROWS) return close(next, "completed");
  const { stake, rtp, maxWin } = moneyOf(next);
  if (!fitsMaxWin(stake, multiplierAt(rtp, next.difficulty, next.picks.length + 1), maxWin)) {
    return close(next, "max_win_reached");
  }
  return openStep(next, viewOf(next));
}

const isTileOf =
  (difficulty: Difficulty) =>
  (value: unknown): value is number =>
    Number.isInteger(value) && (value as number) >= 0 && (value as number) < DIFFICULTIES[difficulty].tiles;

function parseTowersParams(input: unknown): Parsed<TowersParams> {
  if (!isRecord(input))
    return refuse("invalid_params", 'Towers params must be an object: {"difficulty":"medium"}.');
  const extra = unknownKey(input, ["difficulty", "picks"]);
  if (extra) return refuse("invalid_params", `Unknown towers parameter "${extra}".`);
  const { difficulty, picks } = input;
  if (typeof difficulty !== "string" || !DIFFICULTY_NAMES.includes(difficulty as Difficulty)) {
    return refuse("invalid_difficulty", `difficulty must be one of ${DIFFICULTY_NAMES.join(", ")}.`);
  }
  const level = difficulty as Difficulty;
  if (picks === undefined) return accept({ difficulty: level });
  if (!Array.isArray(picks) || picks.length < 1 || picks.length > ROWS || !picks.every(isTileOf(level))) {
    return refuse(
      "invalid_picks",
      `picks must list 1 to ${ROWS} tiles, one per row from the bottom, each an integer from 0 to ${DIFFICULTIES[level].tiles - 1}.`,
    );
  }
  return accept({ difficulty: level, picks: [...picks] });
}

function parseTowersAction(input: unknown, state: TowersState): Parsed<TowersAction> {
  if (state.status !== "open") return refuse("round_closed", "This round is closed: start a new round.");
  if (!isRecord(input) || typeof input.action !== "string") {
    return refuse("invalid_action", 'An action is an object: {"action":"pick","params":{"tile":1}}.');
  }
  const { action, params } = input as unknown as ActionInput;
  if (action === "pick") {
    const { tiles } = DIFFICULTIES[state.difficulty];
    if (!isRecord(params) || unknownKey(params, ["tile"]) || !isTileOf(state.difficulty)(params.tile)) {
      return refuse(
        "invalid_tile",
        `pick takes {tile}: an integer from 0 to ${tiles - 1} in the current row.`,
      );
    }
    return accept({ action, tile: params.tile });
  }
  if (action === "cash_out") {
    if (params !== undefined && !(isRecord(params) && Object.keys(params).length === 0)) {
      return refuse("invalid_action", "cash_out takes no params.");
    }
    if (state.picks.length === 0)
      return refuse("no_step_taken", "Climb at least one row before cashing out.");
    return accept({ action });
  }
  return refuse("unknown_action", `Unknown towers action "${action}": use "pick" or "cash_out".`);
}

export const towersGame: GameDefinition<TowersParams, TowersState, TowersAction, TowersView> = {
  slug: "towers",
  kind: "cash-out",

  parseParams: (input) => parseTowersParams(input),

  stakeOf: (_params, amount) => amount,

  maxPayout: (params, stake, rtp) =>
    payout(stake, multiplierAt(rtp, params.difficulty, params.picks?.length ?? ROWS)),

  start({ stake, params, rtp, maxWin }, { random }) {
    const { tiles, traps: trapCount } = DIFFICULTIES[params.difficulty];
    const traps = Array.from({ length: ROWS }, () => random.drawWithoutReplacement(tiles, trapCount));
    const state: TowersState = {
      stake: stake.toString(),
      rtp: toFraction(rtp),
      maxWin: maxWin.toString(),
      difficulty: params.difficulty,
      traps,
      picks: [],
      status: "open",
      randomPosition: random.position,
    };
    if (!fitsMaxWin(stake, multiplierAt(rtp, params.difficulty, 1), maxWin)) {
      const refused: TowersState = { ...state, status: "bet_exceeds_max_win" };
      return { state: refused, view: viewOf(refused), ops: [], closed: true, note: "bet_exceeds_max_win" };
    }
    const debit = { kind: "debit" as const, amount: stake, reason: "bet" };
    if (!params.picks) return openStep(state, viewOf(state), [debit]);
    let step: TowersStep = openStep(state, viewOf(state));
    for (const tile of params.picks) {
      step = pickTile(step.state, tile);
      if (step.closed) break;
    }
    if (!step.closed) step = close(step.state, "cash_out");
    return { ...step, ops: [debit, ...step.ops] };
  },

  parseAction: (input, state) => parseTowersAction(input, state),

  act(state, action) {
    if (action.action === "cash_out") return close(state, "cash_out");
    return pickTile(state, action.tile);
  },

  abandon(state) {
    if (state.status !== "open") return alreadySettled(state, viewOf(state));
    return close(state, "abandoned");
  },

  reveal: (state) => ({ ...state, traps: state.traps.map((row) => [...row]), picks: [...state.picks] }),
};
