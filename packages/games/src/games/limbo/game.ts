import { payout, toFixedDown } from "../../math/rational.ts";
import type { GameDefinition } from "../../model.ts";
import { accept, formatHundredths, isRecord, parseFixed, refuse, unknownKey } from "../params.ts";
import { alreadySettled, settledStep } from "../single-round.ts";
import { MAX_TARGET, MIN_TARGET, multiplierFor, reaches, resultOf } from "./paytable.ts";

export interface LimboParams {
  /** Hundredths: 200 is 2.00x. */
  target: number;
}

export interface LimboView {
  /** The result rounded down to 2 decimals, as shown ("1.00" and up). */
  result: string;
  target: string;
  /** Percent, rounded down to 4 decimals. */
  winChance: string;
  win: boolean;
  stake: string;
  payout: string;
}

export interface LimboState {
  word: number;
  params: LimboParams;
  view: LimboView;
}

export const limboGame: GameDefinition<LimboParams, LimboState, never, LimboView> = {
  slug: "limbo",
  kind: "single",

  parseParams(input) {
    if (!isRecord(input))
      return refuse("invalid_params", 'Limbo params must be an object: {"target":"2.00"}.');
    const extra = unknownKey(input, ["target"]);
    if (extra) return refuse("invalid_params", `Unknown limbo parameter "${extra}".`);
    const target = parseFixed(input.target, 2, 6);
    if (target === undefined || target < MIN_TARGET || target > MAX_TARGET) {
      return refuse(
        "invalid_target",
        `target must be a number with at most 2 decimals from ${formatHundredths(MIN_TARGET)} to ${formatHundredths(MAX_TARGET)}.`,
      );
    }
    return accept({ target });
  },

  stakeOf: (_params, amount) => amount,

  maxPayout: (params, stake) => payout(stake, multiplierFor(params.target)),

  start({ stake, params, rtp }, { random }) {
    const word = random.nextUint32();
    const win = reaches(word, params.target, rtp);
    const paid = win ? payout(stake, multiplierFor(params.target)) : 0n;
    const result = resultOf(word, rtp);
    const view: LimboView = {
      result: toFixedDown(result, 2),
      target: formatHundredths(params.target),
      winChance: toFixedDown({ num: rtp.num * 10_000n, den: rtp.den * BigInt(params.target) }, 4),
      win,
      stake: stake.toString(),
      payout: paid.toString(),
    };
    return settledStep({ word, params, view }, view, stake, paid);
  },

  abandon: (state) => alreadySettled(state, state.view),

  reveal: (state) => ({ word: state.word, target: state.params.target, result: state.view.result }),
};
