import { payout, type Rational, rat, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition, Step } from "../../model.ts";
import { CLOSING_REASON, closingStep, fitsMaxWin, openStep, unchangedStep } from "../cash-out.ts";
import { accept, isRecord, refuse, unknownKey } from "../single-round.ts";
import {
  CARS,
  DIFFICULTIES,
  type Difficulty,
  hasCar,
  isDifficulty,
  LANES,
  multiplierAfter,
  OUTCOMES_PER_LANE,
} from "./paytable.ts";

export interface ChickenParams {
  difficulty: Difficulty;
}

export type ChickenAction = { type: "step" } | { type: "cash_out" };

export type ChickenStatus =
  | "open"
  | "lost"
  | "cashed_out"
  | "completed"
  | "max_win_reached"
  | "abandoned"
  | "bet_exceeds_max_win";

/** JSON-safe: amounts and the RTP are decimal strings. */
export interface ChickenState {
  difficulty: Difficulty;
  stake: string;
  maxWin: string;
  /** The declared RTP as "num/den". */
  rtp: string;
  /** Hidden until the round closes: floor(float x 25) of each lane's word; below `cars` a car is on the lane. */
  laneOutcomes: number[];
  crossed: number;
  status: ChickenStatus;
  payout?: string;
}

export interface ChickenView {
  status: ChickenStatus;
  difficulty: Difficulty;
  lanes: number;
  /** Cars per 25 lane outcomes at this difficulty. */
  carsPer25: number;
  crossed: number;
  /** Cash-out value now (null before the first lane), rounded down to 4 decimals; exact fraction beside it. */
  multiplier: string | null;
  multiplierExact: string | null;
  nextMultiplier: string | null;
  nextMultiplierExact: string | null;
  actions: ("step" | "cash_out")[];
  /** Lanes (0-based) that held a car, shown once the round is closed. */
  carLanes: number[] | null;
  stake: string;
  payout: string | null;
}

const rtpOf = (state: ChickenState): Rational => {
  const [num = "0", den = "1"] = state.rtp.split("/");
  return rat(BigInt(num), BigInt(den));
};

const valueAt = (state: ChickenState, lanes: number) =>
  multiplierAfter(lanes, state.difficulty, rtpOf(state));

function viewOf(state: ChickenState): ChickenView {
  const open = state.status === "open";
  const current = state.crossed > 0 ? valueAt(state, state.crossed) : null;
  const next = open && state.crossed < LANES ? valueAt(state, state.crossed + 1) : null;
  return {
    status: state.status,
    difficulty: state.difficulty,
    lanes: LANES,
    carsPer25: CARS[state.difficulty],
    crossed: state.crossed,
    multiplier: current && toFixedDown(current, 4),
    multiplierExact: current && toFraction(current),
    nextMultiplier: next && toFixedDown(next, 4),
    nextMultiplierExact: next && toFraction(next),
    actions: open ? (state.crossed > 0 ? ["step", "cash_out"] : ["step"]) : [],
    carLanes: open
      ? null
      : state.laneOutcomes.flatMap((outcome, lane) => (hasCar(outcome, state.difficulty) ? [lane] : [])),
    stake: state.stake,
    payout: state.payout ?? null,
  };
}

type Closing = Exclude<ChickenStatus, "open" | "bet_exceeds_max_win">;
function close(state: ChickenState, status: Closing): Step<ChickenState, ChickenView> {
  const multiplier = status === "lost" ? null : valueAt(state, state.crossed);
  const step = closingStep(state, viewOf(state), BigInt(state.stake), multiplier, CLOSING_REASON[status]);
  const closed: ChickenState = { ...state, status, payout: String(step.ops[0]?.amount ?? 0n) };
  return { ...step, state: closed, view: viewOf(closed) };
}

const unchanged = (state: ChickenState) => unchangedStep(state, viewOf(state));

export const chickenCrossingGame: GameDefinition<ChickenParams, ChickenState, ChickenAction, ChickenView> = {
  slug: "chicken_crossing",
  kind: "cash-out",

  parseParams(input) {
    if (!isRecord(input))
      return refuse("invalid_params", 'Chicken Crossing params must be an object: {"difficulty":"medium"}.');
    const extra = unknownKey(input, ["difficulty"]);
    if (extra) return refuse("invalid_params", `Unknown Chicken Crossing parameter "${extra}".`);
    if (!isDifficulty(input.difficulty))
      return refuse("invalid_difficulty", `difficulty must be one of ${DIFFICULTIES.join(", ")}.`);
    return accept({ difficulty: input.difficulty });
  },

  stakeOf: (_params, amount) => amount,

  maxPayout: (params, stake, rtp) => payout(stake, multiplierAfter(LANES, params.difficulty, rtp)),

  start({ stake, params, rtp, maxWin }, { random }) {
    const state: ChickenState = {
      difficulty: params.difficulty,
      stake: stake.toString(),
      maxWin: maxWin.toString(),
      rtp: `${rtp.num}/${rtp.den}`,
      laneOutcomes: Array.from({ length: LANES }, () => random.nextInt(OUTCOMES_PER_LANE)),
      crossed: 0,
      status: "open",
    };
    if (!fitsMaxWin(stake, multiplierAfter(1, params.difficulty, rtp), maxWin)) {
      const refused: ChickenState = { ...state, status: "bet_exceeds_max_win" };
      return { state: refused, view: viewOf(refused), ops: [], closed: true, note: "bet_exceeds_max_win" };
    }
    return openStep(state, viewOf(state), [{ kind: "debit", amount: stake, reason: "bet" }]);
  },

  parseAction(input, state) {
    if (state.status !== "open") return refuse("round_closed", "This round is closed.");
    if (!isRecord(input) || typeof input.action !== "string")
      return refuse("invalid_action", 'An action looks like {"action":"step"} or {"action":"cash_out"}.');
    const extra = unknownKey(input, ["action", "params"]);
    if (extra) return refuse("invalid_action", `Unknown action field "${extra}".`);
    if (input.action !== "step" && input.action !== "cash_out")
      return refuse("unknown_action", `Unknown action "${input.action}": use "step" or "cash_out".`);
    const { params } = input;
    if (params !== undefined && !(isRecord(params) && Object.keys(params).length === 0))
      return refuse("invalid_params", `${input.action} takes no parameters.`);
    if (input.action === "cash_out" && state.crossed === 0)
      return refuse("no_step_taken", "Cross at least one lane before cashing out.");
    return accept({ type: input.action });
  },

  act(state, action) {
    if (state.status !== "open") return unchanged(state);
    if (action.type === "cash_out") return close(state, "cashed_out");
    const outcome = state.laneOutcomes[state.crossed] as number;
    if (hasCar(outcome, state.difficulty)) return close(state, "lost");
    const next: ChickenState = { ...state, crossed: state.crossed + 1 };
    if (next.crossed === LANES) return close(next, "completed");
    if (!fitsMaxWin(BigInt(next.stake), valueAt(next, next.crossed + 1), BigInt(next.maxWin)))
      return close(next, "max_win_reached");
    return openStep(next, viewOf(next));
  },

  abandon(state) {
    if (state.status !== "open") return unchanged(state);
    return close(state, "abandoned");
  },

  reveal: (state) => state,
};
