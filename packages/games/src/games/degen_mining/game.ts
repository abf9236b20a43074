import { mul, payout, type Rational, rat, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition, Step } from "../../model.ts";
import { CLOSING_REASON, closingStep, fitsMaxWin, openStep, unchangedStep } from "../cash-out.ts";
import { accept, isRecord, refuse, unknownKey } from "../single-round.ts";
import {
  DIFFICULTIES,
  type Difficulty,
  factorOf,
  isDifficulty,
  LEVELS,
  maxFactor,
  maxMultiplier,
  multiplierOf,
  ORES,
  type Ore,
  OUTCOMES,
  SHAFTS,
  TABLES,
  type Tile,
  tileOf,
} from "./paytable.ts";

export interface MiningParams {
  difficulty: Difficulty;
}

export type MiningAction = { type: "dig"; shaft: number } | { type: "cash_out" };

export type MiningStatus =
  | "open"
  | "lost"
  | "cashed_out"
  | "completed"
  | "max_win_reached"
  | "abandoned"
  | "bet_exceeds_max_win";

export interface Dig {
  level: number;
  shaft: number;
  tile: Tile;
}

/** JSON-safe: amounts and the RTP are decimal strings. */
export interface MiningState {
  difficulty: Difficulty;
  stake: string;
  maxWin: string;
  /** The declared RTP as "num/den". */
  rtp: string;
  /** Hidden until the round closes: floor(float x 64) of every shaft, level by level (word level x 4 + shaft). */
  outcomes: number[][];
  digs: Dig[];
  status: MiningStatus;
  payout?: string;
}

export interface MiningView {
  status: MiningStatus;
  difficulty: Difficulty;
  levels: number;
  shafts: number;
  /** The level the next dig reaches (0-based); equals `levels` once the bottom is dug. */
  level: number;
  digs: Dig[];
  /** What a dig can find: chance out of 64 and factor (public, per difficulty). */
  table: { tile: Tile; chance: number; factor: string | null }[];
  /** Cash-out value of the cart (null before the first dig), rounded down to 4 decimals; exact fraction beside it. */
  multiplier: string | null;
  multiplierExact: string | null;
  actions: ("dig" | "cash_out")[];
  /** Every shaft's tile, shown once the round is closed. */
  mine: Tile[][] | null;
  stake: string;
  payout: string | null;
}

const rtpOf = (state: MiningState): Rational => {
  const [num = "0", den = "1"] = state.rtp.split("/");
  return rat(BigInt(num), BigInt(den));
};

const cartOf = (state: MiningState): Ore[] =>
  state.digs.flatMap((d) => (d.tile === "collapse" ? [] : [d.tile]));

const cartValue = (state: MiningState) => multiplierOf(cartOf(state), state.difficulty, rtpOf(state));

/** What each difficulty's dig can find, as the view shows it (constant, built once). */
const TABLE_VIEWS = Object.fromEntries(
  DIFFICULTIES.map((difficulty) => [
    difficulty,
    [
      { tile: "collapse", chance: TABLES[difficulty].collapse, factor: null },
      ...ORES.map((ore) => ({
        tile: ore,
        chance: TABLES[difficulty].ores[ore].weight,
        factor: toFixedDown(factorOf(ore, difficulty), 2),
      })),
    ],
  ]),
) as Record<Difficulty, MiningView["table"]>;

function viewOf(state: MiningState): MiningView {
  const open = state.status === "open";
  const value = state.digs.length > 0 && state.status !== "lost" ? cartValue(state) : null;
  return {
    status: state.status,
    difficulty: state.difficulty,
    levels: LEVELS,
    shafts: SHAFTS,
    level: state.digs.length,
    digs: state.digs,
    table: TABLE_VIEWS[state.difficulty],
    multiplier: value && toFixedDown(value, 4),
    multiplierExact: value && toFraction(value),
    actions: open ? (state.digs.length > 0 ? ["dig", "cash_out"] : ["dig"]) : [],
    mine: open ? null : state.outcomes.map((row) => row.map((o) => tileOf(o, state.difficulty))),
    stake: state.stake,
    payout: state.payout ?? null,
  };
}

type Closing = Exclude<MiningStatus, "open" | "bet_exceeds_max_win">;
function close(state: MiningState, status: Closing): Step<MiningState, MiningView> {
  const multiplier = status === "lost" ? null : cartValue(state);
  const step = closingStep(state, viewOf(state), BigInt(state.stake), multiplier, CLOSING_REASON[status]);
  const closed: MiningState = { ...state, status, payout: String(step.ops[0]?.amount ?? 0n) };
  return { ...step, state: closed, view: viewOf(closed) };
}

const unchanged = (state: MiningState) => unchangedStep(state, viewOf(state));

/** Whether the best possible next dig (a diamond) would still pay within the maximum win. */
const nextDigFits = (stake: bigint, value: Rational, difficulty: Difficulty, maxWin: bigint) =>
  fitsMaxWin(stake, mul(value, maxFactor(difficulty)), maxWin);

export const degenMiningGame: GameDefinition<MiningParams, MiningState, MiningAction, MiningView> = {
  slug: "degen_mining",
  kind: "cash-out",

  parseParams(input) {
    if (!isRecord(input))
      return refuse("invalid_params", 'Degen Mining params must be an object: {"difficulty":"hard"}.');
    const extra = unknownKey(input, ["difficulty"]);
    if (extra) return refuse("invalid_params", `Unknown Degen Mining parameter "${extra}".`);
    if (!isDifficulty(input.difficulty))
      return refuse("invalid_difficulty", `difficulty must be one of ${DIFFICULTIES.join(", ")}.`);
    return accept({ difficulty: input.difficulty });
  },

  stakeOf: (_params, amount) => amount,

  maxPayout: (params, stake, rtp) => payout(stake, maxMultiplier(params.difficulty, rtp)),

  start({ stake, params, rtp, maxWin }, { random }) {
    const state: MiningState = {
      difficulty: params.difficulty,
      stake: stake.toString(),
      maxWin: maxWin.toString(),
      rtp: `${rtp.num}/${rtp.den}`,
      outcomes: Array.from({ length: LEVELS }, () =>
        Array.from({ length: SHAFTS }, () => random.nextInt(OUTCOMES)),
      ),
      digs: [],
      status: "open",
    };
    if (!nextDigFits(stake, rtp, params.difficulty, maxWin)) {
      const refused: MiningState = { ...state, status: "bet_exceeds_max_win" };
      return { state: refused, view: viewOf(refused), ops: [], closed: true, note: "bet_exceeds_max_win" };
    }
    return openStep(state, viewOf(state), [{ kind: "debit", amount: stake, reason: "bet" }]);
  },

  parseAction(input, state) {
    if (state.status !== "open") return refuse("round_closed", "This round is closed.");
    if (!isRecord(input) || typeof input.action !== "string")
      return refuse("invalid_action", 'An action looks like {"action":"dig","params":{"shaft":2}}.');
    const extra = unknownKey(input, ["action", "params"]);
    if (extra) return refuse("invalid_action", `Unknown action field "${extra}".`);
    const { params } = input;
    if (input.action === "dig") {
      const shaft = isRecord(params) ? params.shaft : undefined;
      if (
        !isRecord(params) ||
        unknownKey(params, ["shaft"]) ||
        typeof shaft !== "number" ||
        !Number.isInteger(shaft) ||
        shaft < 0 ||
        shaft >= SHAFTS
      )
        return refuse("invalid_shaft", `dig takes {"shaft": 0 to ${SHAFTS - 1}}.`);
      return accept({ type: "dig", shaft });
    }
    if (input.action === "cash_out") {
      if (params !== undefined && !(isRecord(params) && Object.keys(params).length === 0))
        return refuse("invalid_params", "cash_out takes no parameters.");
      if (state.digs.length === 0)
        return refuse("no_step_taken", "Dig at least one level before cashing out.");
      return accept({ type: "cash_out" });
    }
    return refuse("unknown_action", `Unknown action "${input.action}": use "dig" or "cash_out".`);
  },

  act(state, action) {
    if (state.status !== "open") return unchanged(state);
    if (action.type === "cash_out") return close(state, "cashed_out");
    const level = state.digs.length;
    const outcome = state.outcomes[level]?.[action.shaft] as number;
    const tile = tileOf(outcome, state.difficulty);
    const next: MiningState = { ...state, digs: [...state.digs, { level, shaft: action.shaft, tile }] };
    if (tile === "collapse") return close(next, "lost");
    if (next.digs.length === LEVELS) return close(next, "completed");
    if (!nextDigFits(BigInt(next.stake), cartValue(next), next.difficulty, BigInt(next.maxWin)))
      return close(next, "max_win_reached");
    return openStep(next, viewOf(next));
  },

  abandon(state) {
    if (state.status !== "open") return unchanged(state);
    return close(state, "abandoned");
  },

  reveal: (state) => state,
};
