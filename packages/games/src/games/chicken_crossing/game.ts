import { toFixedDown, toFraction } from "../../math/rational.ts";
import { fitsMaxWin, rtpOfState } from "../cash-out.ts";
import { type LadderState, type LadderStatus, ladderGame, parseClimbOrCashOut } from "../ladder-family.ts";
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

export type ChickenStatus = LadderStatus;

export interface ChickenState extends LadderState<Difficulty> {
  /** Hidden until the round closes: floor(float x 25) of each lane's word; below `cars` a car is on the lane. */
  laneOutcomes: number[];
  crossed: number;
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

const valueAt = (state: ChickenState, lanes: number) =>
  multiplierAfter(lanes, state.difficulty, rtpOfState(state));

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

export const chickenCrossingGame = ladderGame<Difficulty, ChickenState, { type: "step" }, ChickenView>({
  slug: "chicken_crossing",
  choice: {
    name: "Chicken Crossing",
    example: '{"difficulty":"medium"}',
    difficulties: DIFFICULTIES,
    isDifficulty,
  },
  topMultiplier: (difficulty, rtp) => multiplierAfter(LANES, difficulty, rtp),
  deal: (random) => ({
    laneOutcomes: Array.from({ length: LANES }, () => random.nextInt(OUTCOMES_PER_LANE)),
    crossed: 0,
  }),
  viewOf,
  worth: (state) => valueAt(state, state.crossed),
  nextFits: (state) =>
    fitsMaxWin(BigInt(state.stake), valueAt(state, state.crossed + 1), BigInt(state.maxWin)),
  parseAction: (input, state) =>
    parseClimbOrCashOut(input, state, {
      climb: "step",
      stepsTaken: state.crossed,
      beforeFirstStep: "Cross at least one lane before cashing out.",
    }),
  climb(state) {
    if (hasCar(state.laneOutcomes[state.crossed] as number, state.difficulty))
      return { next: state, outcome: "lost" };
    const next: ChickenState = { ...state, crossed: state.crossed + 1 };
    return { next, outcome: next.crossed === LANES ? "top" : "safe" };
  },
});
