import { payout, type Rational, toFixedDown } from "../../math/rational.ts";
import type { GameDefinition, Parsed } from "../../model.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import { alreadySettled, settledStep } from "../single-round.ts";
import { BOARD, DRAWN, MAX_PICKS, MIN_PICKS } from "./odds.ts";
import { paytable, RISKS, type Risk } from "./paytable.ts";

export interface KenoParams {
  /** The player's numbers, 1-80, distinct, in the order chosen. */
  picks: number[];
  risk: Risk;
}

export interface KenoView {
  picks: number[];
  risk: Risk;
  /** The 20 numbers drawn (1-80), in draw order. */
  drawn: number[];
  hits: number[];
  /** Rounded down to 4 decimals; the paytable's entries have at most 4 decimals, so this is exact. */
  multiplier: string;
  win: boolean;
  stake: string;
  payout: string;
}

export interface KenoState {
  params: KenoParams;
  drawn: number[];
  view: KenoView;
}

/** Validates picks and risk; shared with Lightning Keno, whose extra keys are passed in `allowed`. */
export function parseKenoParams(
  input: unknown,
  game: string,
  allowed: readonly string[] = [],
): Parsed<KenoParams> {
  const example = '{"picks":[3,17,42],"risk":"classic"}';
  if (!isRecord(input)) return refuse("invalid_params", `${game} params must be an object: ${example}.`);
  const extra = unknownKey(input, ["picks", "risk", ...allowed]);
  if (extra) return refuse("invalid_params", `Unknown ${game} parameter "${extra}".`);
  const { picks, risk } = input;
  if (typeof risk !== "string" || !(RISKS as readonly string[]).includes(risk)) {
    return refuse("invalid_risk", `risk must be one of ${RISKS.join(", ")}.`);
  }
  if (!Array.isArray(picks) || picks.length < MIN_PICKS || picks.length > MAX_PICKS) {
    return refuse(
      "invalid_picks",
      `picks must be an array of ${MIN_PICKS} to ${MAX_PICKS} numbers from 1 to ${BOARD}.`,
    );
  }
  for (const pick of picks) {
    if (!Number.isInteger(pick) || pick < 1 || pick > BOARD) {
      return refuse(
        "invalid_picks",
        `every pick must be an integer from 1 to ${BOARD}; got ${JSON.stringify(pick)}.`,
      );
    }
  }
  if (new Set(picks).size !== picks.length) return refuse("invalid_picks", "picks must be distinct numbers.");
  return accept({ picks: [...picks] as number[], risk: risk as Risk });
}

/** The 20 numbers drawn, 1-80: the first 20 steps of a Fisher-Yates shuffle of the board (words 0-19). */
export const drawNumbers = (random: { drawWithoutReplacement(n: number, k: number): number[] }): number[] =>
  random.drawWithoutReplacement(BOARD, DRAWN).map((i) => i + 1);

export const hitsOf = (picks: readonly number[], drawn: readonly number[]): number[] => {
  const drawnSet = new Set(drawn);
  return picks.filter((pick) => drawnSet.has(pick));
};

const topMultiplier = (rtp: Rational, params: KenoParams): Rational => {
  const table = paytable(rtp, params.risk, params.picks.length);
  return table.reduce((a, b) => (a.num * b.den >= b.num * a.den ? a : b));
};

export const kenoGame: GameDefinition<KenoParams, KenoState, never, KenoView> = {
  slug: "keno",
  kind: "single",
  parseParams: (input) => parseKenoParams(input, "Keno"),
  stakeOf: (_params, amount) => amount,
  maxPayout: (params, stake, rtp) => payout(stake, topMultiplier(rtp, params)),

  start({ stake, params, rtp }, { random }) {
    const drawn = drawNumbers(random);
    const hits = hitsOf(params.picks, drawn);
    const multiplier = paytable(rtp, params.risk, params.picks.length)[hits.length] as Rational;
    const paid = payout(stake, multiplier);
    const view: KenoView = {
      picks: params.picks,
      risk: params.risk,
      drawn,
      hits,
      multiplier: toFixedDown(multiplier, 4),
      win: paid > 0n,
      stake: stake.toString(),
      payout: paid.toString(),
    };
    return settledStep({ params, drawn, view }, view, stake, paid);
  },

  abandon: (state) => alreadySettled(state, state.view),
  reveal: (state) => ({ drawn: state.drawn, picks: state.params.picks, risk: state.params.risk }),
};
