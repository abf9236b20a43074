import { payout, type Rational, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition } from "../../model.ts";
import { accept, formatHundredths, isRecord, parseFixed, refuse, unknownKey } from "../params.ts";
import { alreadySettled, settledStep } from "../single-round.ts";
import { type Condition, multiplierFor, OUTCOMES, targetRange, winningOutcomes, wins } from "./paytable.ts";

export interface DiceParams {
  condition: Condition;
  /** Hundredths: 5050 is 50.50. */
  target: number;
}

export interface DiceView {
  /** "00.00"-"99.99". */
  roll: string;
  condition: Condition;
  target: string;
  /** Percent, "49.50". */
  winChance: string;
  /** Rounded down to 4 decimals for display; the payout uses `multiplierExact`. */
  multiplier: string;
  multiplierExact: string;
  win: boolean;
  stake: string;
  payout: string;
}

export interface DiceState {
  roll: number;
  params: DiceParams;
  view: DiceView;
}

const multiplierOf = (params: DiceParams, rtp: Rational) =>
  multiplierFor(params.condition, params.target, rtp);

export const diceGame: GameDefinition<DiceParams, DiceState, never, DiceView> = {
  slug: "dice",
  kind: "single",

  parseParams(input) {
    if (!isRecord(input))
      return refuse(
        "invalid_params",
        'Dice params must be an object: {"condition":"over","target":"50.50"}.',
      );
    const extra = unknownKey(input, ["condition", "target"]);
    if (extra) return refuse("invalid_params", `Unknown dice parameter "${extra}".`);
    const { condition } = input;
    if (condition !== "over" && condition !== "under") {
      return refuse("invalid_condition", 'condition must be "over" or "under".');
    }
    const target = parseFixed(input.target, 2, 2);
    const { min, max } = targetRange(condition);
    if (target === undefined || target < min || target > max) {
      return refuse(
        "invalid_target",
        `target for "${condition}" must be a number with at most 2 decimals from ${formatHundredths(min)} to ${formatHundredths(max)} (win chance 0.01% to 98.00%).`,
      );
    }
    return accept({ condition, target });
  },

  stakeOf: (_params, amount) => amount,

  maxPayout: (params, stake, rtp) => payout(stake, multiplierOf(params, rtp)),

  start({ stake, params, rtp }, { random }) {
    const roll = random.nextInt(OUTCOMES);
    const multiplier = multiplierOf(params, rtp);
    const win = wins(params.condition, params.target, roll);
    const paid = win ? payout(stake, multiplier) : 0n;
    const view: DiceView = {
      roll: formatHundredths(roll, 2),
      condition: params.condition,
      target: formatHundredths(params.target, 2),
      winChance: formatHundredths(winningOutcomes(params.condition, params.target)),
      multiplier: toFixedDown(multiplier, 4),
      multiplierExact: toFraction(multiplier),
      win,
      stake: stake.toString(),
      payout: paid.toString(),
    };
    return settledStep({ roll, params, view }, view, stake, paid);
  },

  abandon: (state) => alreadySettled(state, state.view),

  reveal: (state) => ({ roll: state.roll, condition: state.params.condition, target: state.params.target }),
};
