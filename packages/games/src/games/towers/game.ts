import { payout } from "../../math/rational.ts";
import type { Parsed } from "../../model.ts";
import { fitsMaxWin } from "../cash-out.ts";
import {
  type GridFiguresView,
  type GridState,
  type GridStatus,
  gridFigures,
  gridGame,
  moneyOf,
  parseGridAction,
} from "../grid-family.ts";
import { accept, isRecord, paramsObject, refuse, unknownKey } from "../params.ts";
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

export type TowersStatus = GridStatus;

export interface TowersState extends GridState {
  difficulty: Difficulty;
  /** The trap tiles of each row from the bottom, in draw order; hidden while the round is open. */
  traps: number[][];
  /** The tile picked in each row climbed (and, after a loss, the trap picked last). */
  picks: number[];
}

export type TowersAction = { action: "pick"; tile: number } | { action: "cash_out" };

export interface TowersView extends GridFiguresView {
  status: TowersStatus;
  difficulty: Difficulty;
  rows: number;
  tilesPerRow: number;
  trapsPerRow: number;
  /** Rows climbed safely. */
  climbed: number;
  picks: number[];
  actions: TowersAction["action"][];
  /** Every row's traps, sorted, once the round is closed; null while open. */
  traps: number[][] | null;
}

const climbedOf = (state: TowersState): number =>
  state.status === "lost" ? state.picks.length - 1 : state.picks.length;

function viewOf(state: TowersState): TowersView {
  const open = state.status === "open";
  const { tiles, traps } = DIFFICULTIES[state.difficulty];
  const climbed = climbedOf(state);
  const rtp = moneyOf(state).rtp;
  const figures = gridFigures(
    state,
    climbed,
    (rows) => multiplierAt(rtp, state.difficulty, rows),
    () => rowSafeChance(state.difficulty),
  );
  return {
    status: state.status,
    difficulty: state.difficulty,
    rows: ROWS,
    tilesPerRow: tiles,
    trapsPerRow: traps,
    climbed,
    picks: [...state.picks],
    ...figures.shown,
    actions: open ? (climbed > 0 ? ["pick", "cash_out"] : ["pick"]) : [],
    stake: state.stake,
    payout: figures.payout,
    traps: open ? null : state.traps.map((row) => [...row].sort((a, b) => a - b)),
  };
}

const isTileOf =
  (difficulty: Difficulty) =>
  (value: unknown): value is number =>
    Number.isInteger(value) && (value as number) >= 0 && (value as number) < DIFFICULTIES[difficulty].tiles;

function parseTowersParams(input: unknown): Parsed<TowersParams> {
  const parsed = paramsObject(input, {
    name: "Towers",
    nameInUnknownKey: "towers",
    example: '{"difficulty":"medium"}',
    allowed: ["difficulty", "picks"],
  });
  if (!parsed.ok) return parsed;
  const { difficulty, picks } = parsed.value;
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

function parsePick(params: unknown, state: TowersState): Parsed<{ action: "pick"; tile: number }> {
  const { tiles } = DIFFICULTIES[state.difficulty];
  if (!isRecord(params) || unknownKey(params, ["tile"]) || !isTileOf(state.difficulty)(params.tile)) {
    return refuse("invalid_tile", `pick takes {tile}: an integer from 0 to ${tiles - 1} in the current row.`);
  }
  return accept({ action: "pick", tile: params.tile });
}

export const towersGame = gridGame<TowersParams, TowersState, { action: "pick"; tile: number }, TowersView>({
  slug: "towers",
  parseParams: parseTowersParams,
  maxPayout: (params, stake, rtp) =>
    payout(stake, multiplierAt(rtp, params.difficulty, params.picks?.length ?? ROWS)),
  deal(random, { difficulty }) {
    const { tiles, traps } = DIFFICULTIES[difficulty];
    return {
      difficulty,
      traps: Array.from({ length: ROWS }, () => random.drawWithoutReplacement(tiles, traps)),
      picks: [],
    };
  },
  instantPicks: (params) => params.picks?.map((tile) => ({ action: "pick", tile })),
  viewOf,
  worth: (state) => multiplierAt(moneyOf(state).rtp, state.difficulty, climbedOf(state)),
  nextFits(state) {
    const { stake, rtp, maxWin } = moneyOf(state);
    return fitsMaxWin(stake, multiplierAt(rtp, state.difficulty, state.picks.length + 1), maxWin);
  },
  parseAction: (input, state) =>
    parseGridAction(input, state, {
      game: "towers",
      example: '{"action":"pick","params":{"tile":1}}',
      picks: { pick: (params) => parsePick(params, state) },
      stepsTaken: state.picks.length,
      beforeFirstStep: "Climb at least one row before cashing out.",
    }),
  pick(state, { tile }) {
    const row = state.picks.length;
    const next: TowersState = { ...state, picks: [...state.picks, tile] };
    if (state.traps[row]?.includes(tile)) return { next, outcome: "lost" };
    return { next, outcome: next.picks.length === ROWS ? "top" : "safe" };
  },
  reveal: (state) => ({ ...state, traps: state.traps.map((row) => [...row]), picks: [...state.picks] }),
});
