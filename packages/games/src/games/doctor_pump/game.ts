import { payout, type Rational, rat, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition, Step } from "../../model.ts";
import { CLOSING_REASON, closingStep, fitsMaxWin, openStep, unchangedStep } from "../cash-out.ts";
import { accept, isRecord, refuse, unknownKey } from "../single-round.ts";
import {
  DIFFICULTIES,
  type Difficulty,
  isDifficulty,
  maxPumps,
  multiplierAfter,
  POPS,
  STEPS,
} from "./paytable.ts";

export interface PumpParams {
  difficulty: Difficulty;
}

export type PumpAction = { type: "pump" } | { type: "cash_out" };

export type PumpStatus =
  | "open"
  | "lost"
  | "cashed_out"
  | "completed"
  | "max_win_reached"
  | "abandoned"
  | "bet_exceeds_max_win";

/** JSON-safe: amounts and the RTP are decimal strings. */
export interface PumpState {
  difficulty: Difficulty;
  stake: string;
  maxWin: string;
  /** The declared RTP as "num/den". */
  rtp: string;
  /** Hidden until the round closes: the steps (0-based) that pop the balloon, in draw order. */
  pops: number[];
  pumps: number;
  status: PumpStatus;
  payout?: string;
}

export interface PumpView {
  status: PumpStatus;
  difficulty: Difficulty;
  steps: number;
  popCount: number;
  /** Safe pumps so far. */
  pumps: number;
  maxPumps: number;
  /** Cash-out value now (null before the first pump), rounded down to 4 decimals; exact fraction beside it. */
  multiplier: string | null;
  multiplierExact: string | null;
  nextMultiplier: string | null;
  nextMultiplierExact: string | null;
  actions: ("pump" | "cash_out")[];
  /** The popping steps (0-based, ascending), shown once the round is closed. */
  pops: number[] | null;
  stake: string;
  payout: string | null;
}

const rtpOf = (state: PumpState): Rational => {
  const [num = "0", den = "1"] = state.rtp.split("/");
  return rat(BigInt(num), BigInt(den));
};

const valueAt = (state: PumpState, pumps: number) => multiplierAfter(pumps, state.difficulty, rtpOf(state));

function viewOf(state: PumpState): PumpView {
  const open = state.status === "open";
  const top = maxPumps(state.difficulty);
  const current = state.pumps > 0 ? valueAt(state, state.pumps) : null;
  const next = open && state.pumps < top ? valueAt(state, state.pumps + 1) : null;
  return {
    status: state.status,
    difficulty: state.difficulty,
    steps: STEPS,
    popCount: POPS[state.difficulty],
    pumps: state.pumps,
    maxPumps: top,
    multiplier: current && toFixedDown(current, 4),
    multiplierExact: current && toFraction(current),
    nextMultiplier: next && toFixedDown(next, 4),
    nextMultiplierExact: next && toFraction(next),
    actions: open ? (state.pumps > 0 ? ["pump", "cash_out"] : ["pump"]) : [],
    pops: open ? null : [...state.pops].sort((a, b) => a - b),
    stake: state.stake,
    payout: state.payout ?? null,
  };
}

type Closing = Exclude<PumpStatus, "open" | "bet_exceeds_max_win">;
function close(state: PumpState, status: Closing): Step<PumpState, PumpView> {
  const multiplier = status === "lost" ? null : valueAt(state, state.pumps);
  const step = closingStep(state, viewOf(state), BigInt(state.stake), multiplier, CLOSING_REASON[status]);
  const closed: PumpState = { ...state, status, payout: String(step.ops[0]?.amount ?? 0n) };
  return { ...step, state: closed, view: viewOf(closed) };
}

const unchanged = (state: PumpState) => unchangedStep(state, viewOf(state));

export const doctorPumpGame: GameDefinition<PumpParams, PumpState, PumpAction, PumpView> = {
  slug: "doctor_pump",
  kind: "cash-out",

  parseParams(input) {
    if (!isRecord(input))
      return refuse("invalid_params", 'Doctor Pump params must be an object: {"difficulty":"medium"}.');
    const extra = unknownKey(input, ["difficulty"]);
    if (extra) return refuse("invalid_params", `Unknown Doctor Pump parameter "${extra}".`);
    if (!isDifficulty(input.difficulty))
      return refuse("invalid_difficulty", `difficulty must be one of ${DIFFICULTIES.join(", ")}.`);
    return accept({ difficulty: input.difficulty });
  },

  stakeOf: (_params, amount) => amount,

  maxPayout: (params, stake, rtp) =>
    payout(stake, multiplierAfter(maxPumps(params.difficulty), params.difficulty, rtp)),

  start({ stake, params, rtp, maxWin }, { random }) {
    const state: PumpState = {
      difficulty: params.difficulty,
      stake: stake.toString(),
      maxWin: maxWin.toString(),
      rtp: `${rtp.num}/${rtp.den}`,
      pops: random.drawWithoutReplacement(STEPS, POPS[params.difficulty]),
      pumps: 0,
      status: "open",
    };
    if (!fitsMaxWin(stake, multiplierAfter(1, params.difficulty, rtp), maxWin)) {
      const refused: PumpState = { ...state, status: "bet_exceeds_max_win" };
      return { state: refused, view: viewOf(refused), ops: [], closed: true, note: "bet_exceeds_max_win" };
    }
    return openStep(state, viewOf(state), [{ kind: "debit", amount: stake, reason: "bet" }]);
  },

  parseAction(input, state) {
    if (state.status !== "open") return refuse("round_closed", "This round is closed.");
    if (!isRecord(input) || typeof input.action !== "string")
      return refuse("invalid_action", 'An action looks like {"action":"pump"} or {"action":"cash_out"}.');
    const extra = unknownKey(input, ["action", "params"]);
    if (extra) return refuse("invalid_action", `Unknown action field "${extra}".`);
    if (input.action !== "pump" && input.action !== "cash_out")
      return refuse("unknown_action", `Unknown action "${input.action}": use "pump" or "cash_out".`);
    const { params } = input;
    if (params !== undefined && !(isRecord(params) && Object.keys(params).length === 0))
      return refuse("invalid_params", `${input.action} takes no parameters.`);
    if (input.action === "cash_out" && state.pumps === 0)
      return refuse("no_step_taken", "Pump at least once before cashing out.");
    return accept({ type: input.action });
  },

  act(state, action) {
    if (state.status !== "open") return unchanged(state);
    if (action.type === "cash_out") return close(state, "cashed_out");
    if (state.pops.includes(state.pumps)) return close(state, "lost");
    const next: PumpState = { ...state, pumps: state.pumps + 1 };
    if (next.pumps === maxPumps(next.difficulty)) return close(next, "completed");
    if (!fitsMaxWin(BigInt(next.stake), valueAt(next, next.pumps + 1), BigInt(next.maxWin)))
      return close(next, "max_win_reached");
    return openStep(next, viewOf(next));
  },

  abandon(state) {
    if (state.status !== "open") return unchanged(state);
    return close(state, "abandoned");
  },

  reveal: (state) => state,
};
