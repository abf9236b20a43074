import { toFixedDown, toFraction } from "../../math/rational.ts";
import { fitsMaxWin, rtpOfState } from "../cash-out.ts";
import { type LadderState, type LadderStatus, ladderGame, parseClimbOrCashOut } from "../ladder-family.ts";
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

export type PumpStatus = LadderStatus;

export interface PumpState extends LadderState<Difficulty> {
  /** Hidden until the round closes: the steps (0-based) that pop the balloon, in draw order. */
  pops: number[];
  pumps: number;
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

const valueAt = (state: PumpState, pumps: number) =>
  multiplierAfter(pumps, state.difficulty, rtpOfState(state));

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

export const doctorPumpGame = ladderGame<Difficulty, PumpState, { type: "pump" }, PumpView>({
  slug: "doctor_pump",
  choice: {
    name: "Doctor Pump",
    example: '{"difficulty":"medium"}',
    difficulties: DIFFICULTIES,
    isDifficulty,
  },
  topMultiplier: (difficulty, rtp) => multiplierAfter(maxPumps(difficulty), difficulty, rtp),
  deal: (random, difficulty) => ({ pops: random.drawWithoutReplacement(STEPS, POPS[difficulty]), pumps: 0 }),
  viewOf,
  worth: (state) => valueAt(state, state.pumps),
  nextFits: (state) => fitsMaxWin(BigInt(state.stake), valueAt(state, state.pumps + 1), BigInt(state.maxWin)),
  parseAction: (input, state) =>
    parseClimbOrCashOut(input, state, {
      climb: "pump",
      stepsTaken: state.pumps,
      beforeFirstStep: "Pump at least once before cashing out.",
    }),
  climb(state) {
    if (state.pops.includes(state.pumps)) return { next: state, outcome: "lost" };
    const next: PumpState = { ...state, pumps: state.pumps + 1 };
    return { next, outcome: next.pumps === maxPumps(next.difficulty) ? "top" : "safe" };
  },
});
