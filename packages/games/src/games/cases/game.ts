/**
 * Cases: one case per bet. The ticket floor(float 0 x 10000) picks the item over the cumulative weights.
 */
import { percent } from "../../analysis/report.ts";
import { cmp, payout, type Rational, toFixedDown } from "../../math/rational.ts";
import type { GameDefinition, Parsed, Step } from "../../model.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import { alreadySettled, settledStep } from "../single-round.ts";
import { DIFFICULTIES, type Difficulty, type Item, itemAt, itemsOf, TOTAL_WEIGHT } from "./paytable.ts";

export interface CasesParams {
  difficulty: Difficulty;
}

export interface CasesView {
  difficulty: Difficulty;
  /** The case's items, lowest first: multiplier as a decimal string and weight out of 10,000. */
  items: { multiplier: string; weight: number }[];
  ticket: number;
  /** Index of the item opened. */
  item: number;
  multiplier: string;
  payout: string;
}

export interface CasesState extends CasesView {
  stake: string;
}

const isDifficulty = (value: unknown): value is Difficulty => DIFFICULTIES.some((d) => d === value);

function parseCasesParams(input: unknown): Parsed<CasesParams> {
  if (!isRecord(input)) return refuse("invalid_params", 'params must be an object: {"difficulty":"hard"}');
  const extra = unknownKey(input, ["difficulty"]);
  if (extra !== undefined) return refuse("invalid_params", `unknown parameter "${extra}"`);
  if (!isDifficulty(input.difficulty)) {
    return refuse("invalid_difficulty", `difficulty must be one of ${DIFFICULTIES.join(", ")}`);
  }
  return accept({ difficulty: input.difficulty });
}

function caseFor(params: CasesParams, rtp: Rational): Item[] {
  const items = itemsOf(rtp, params.difficulty);
  if (!items) throw new RangeError(`cases is not offered at ${percent(rtp, 2)}% RTP`);
  return items;
}

function viewOf(state: CasesState): CasesView {
  const { difficulty, items, ticket, item, multiplier, payout } = state;
  return { difficulty, items, ticket, item, multiplier, payout };
}

export const casesGame: GameDefinition<CasesParams, CasesState, never, CasesView> = {
  slug: "cases",
  kind: "single",
  parseParams(input, ctx) {
    if (!itemsOf(ctx.rtp, "easy"))
      return refuse("rtp_not_offered", `cases is not offered at ${percent(ctx.rtp, 2)}% RTP`);
    return parseCasesParams(input);
  },
  stakeOf: (_params, amount) => amount,
  maxPayout: (params, stake, rtp) =>
    payout(
      stake,
      caseFor(params, rtp)
        .map((i) => i.multiplier)
        .reduce((a, b) => (cmp(a, b) >= 0 ? a : b)),
    ),
  start({ stake, params, rtp }, { random }) {
    const items = caseFor(params, rtp);
    const ticket = random.nextInt(TOTAL_WEIGHT);
    const item = itemAt(items, ticket);
    const multiplier = (items[item] as Item).multiplier;
    const win = payout(stake, multiplier);
    const state: CasesState = {
      difficulty: params.difficulty,
      items: items.map((i) => ({ multiplier: toFixedDown(i.multiplier, 2), weight: i.weight })),
      ticket,
      item,
      multiplier: toFixedDown(multiplier, 4),
      payout: win.toString(),
      stake: stake.toString(),
    };
    return settledStep(state, viewOf(state), stake, win);
  },
  abandon: (state): Step<CasesState, CasesView> => alreadySettled(state, viewOf(state)),
  reveal: (state) => state,
};
