/**
 * Wheel: the wheel spins and stops on segment floor(float x segments) of the layout; that segment's
 * multiplier pays. Float 0 of the round is the only one read.
 */

import { percent } from "../../analysis/report.ts";
import { cmp, payout, type Rational, toFixedDown } from "../../math/rational.ts";
import type { GameDefinition, Parsed, Step } from "../../model.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import { parseRisk, type Risk } from "../risk.ts";
import { alreadySettled, settledStep } from "../single-round.ts";
import { isOffered, layoutOf, SEGMENT_COUNTS } from "./paytable.ts";

export interface WheelParams {
  segments: number;
  risk: Risk;
}

export interface WheelView {
  segments: number;
  risk: Risk;
  /** Segment 0 first, as decimal strings. */
  layout: string[];
  segment: number;
  multiplier: string;
  payout: string;
}

export interface WheelState extends WheelView {
  stake: string;
}

const isSegmentCount = (value: unknown): value is number => SEGMENT_COUNTS.some((n) => n === value);

export function parseWheelParams(input: unknown): Parsed<WheelParams> {
  if (!isRecord(input))
    return refuse("invalid_params", 'params must be an object: {"segments":30,"risk":"medium"}');
  const extra = unknownKey(input, ["segments", "risk"]);
  if (extra !== undefined) return refuse("invalid_params", `unknown parameter "${extra}"`);
  const { segments, risk } = input;
  if (!isSegmentCount(segments)) {
    return refuse("invalid_segments", `segments must be one of ${SEGMENT_COUNTS.join(", ")}`);
  }
  const parsedRisk = parseRisk(risk);
  if (!parsedRisk.ok) return parsedRisk;
  return accept({ segments, risk: parsedRisk.value });
}

function layoutFor(params: WheelParams, rtp: Rational): Rational[] {
  if (!isOffered(rtp)) throw new RangeError(`wheel is not offered at ${percent(rtp, 2)}% RTP`);
  return layoutOf(params.segments, params.risk, rtp);
}

function viewOf(state: WheelState): WheelView {
  const { segments, risk, layout, segment, multiplier, payout } = state;
  return { segments, risk, layout, segment, multiplier, payout };
}

export const wheelGame: GameDefinition<WheelParams, WheelState, never, WheelView> = {
  slug: "wheel",
  kind: "single",
  parseParams(input, ctx) {
    if (!isOffered(ctx.rtp))
      return refuse("rtp_not_offered", `wheel is not offered at ${percent(ctx.rtp, 2)}% RTP`);
    return parseWheelParams(input);
  },
  stakeOf: (_params, amount) => amount,
  maxPayout: (params, stake, rtp) =>
    payout(
      stake,
      layoutFor(params, rtp).reduce((a, b) => (cmp(a, b) >= 0 ? a : b)),
    ),
  start({ stake, params, rtp }, { random }) {
    const layout = layoutFor(params, rtp);
    const segment = random.nextInt(params.segments);
    const multiplier = layout[segment] as Rational;
    const win = payout(stake, multiplier);
    const state: WheelState = {
      segments: params.segments,
      risk: params.risk,
      layout: layout.map((m) => toFixedDown(m, 2)),
      segment,
      multiplier: toFixedDown(multiplier, 4),
      payout: win.toString(),
      stake: stake.toString(),
    };
    return settledStep(state, viewOf(state), stake, win);
  },
  abandon: (state): Step<WheelState, WheelView> => alreadySettled(state, viewOf(state)),
  reveal: (state) => state,
};
