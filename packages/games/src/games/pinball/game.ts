/** Pinball: one ball per bet; it bounces, lighting lamps, until it drains or lights all 15 (the jackpot). */
import { percent } from "../../analysis/report.ts";
import type { RandomReader } from "../../fair/random.ts";
import { cmp, payout, type Rational, toFixedDown } from "../../math/rational.ts";
import type { GameDefinition, Parsed, Step } from "../../model.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import { parseRisk, type Risk } from "../risk.ts";
import { alreadySettled, settledStep } from "../single-round.ts";
import { BOUNCE_RANGE, type Bounce, bounceOf, LAMPS, tableOf } from "./paytable.ts";

export interface PinballParams {
  risk: Risk;
}

export interface PinballView {
  risk: Risk;
  /** Multiplier by lamps lit, 0 to 15, as decimal strings. */
  multipliers: string[];
  /** Every bounce in order; the last is "drain" unless the ball reached the jackpot. */
  bounces: Bounce[];
  lamps: number;
  jackpot: boolean;
  multiplier: string;
  payout: string;
}

export interface PinballState extends PinballView {
  stake: string;
}

/** Plays the ball: bounces until it drains or all lamps are lit. */
export function playBall(random: RandomReader): { bounces: Bounce[]; lamps: number } {
  const bounces: Bounce[] = [];
  let lamps = 0;
  while (lamps < LAMPS) {
    const bounce = bounceOf(random.nextInt(BOUNCE_RANGE));
    bounces.push(bounce);
    if (bounce === "drain") break;
    lamps = Math.min(LAMPS, lamps + (bounce === "ramp" ? 2 : 1));
  }
  return { bounces, lamps };
}

function parsePinballParams(input: unknown): Parsed<PinballParams> {
  if (!isRecord(input)) return refuse("invalid_params", 'params must be an object: {"risk":"medium"}');
  const extra = unknownKey(input, ["risk"]);
  if (extra !== undefined) return refuse("invalid_params", `unknown parameter "${extra}"`);
  const parsedRisk = parseRisk(input.risk);
  if (!parsedRisk.ok) return parsedRisk;
  return accept({ risk: parsedRisk.value });
}

function tableFor(params: PinballParams, rtp: Rational): Rational[] {
  const table = tableOf(rtp, params.risk);
  if (!table) throw new RangeError(`pinball is not offered at ${percent(rtp, 2)}% RTP`);
  return table;
}

function viewOf(state: PinballState): PinballView {
  const { risk, multipliers, bounces, lamps, jackpot, multiplier, payout } = state;
  return { risk, multipliers, bounces, lamps, jackpot, multiplier, payout };
}

export const pinballGame: GameDefinition<PinballParams, PinballState, never, PinballView> = {
  slug: "pinball",
  kind: "single",
  parseParams(input, ctx) {
    if (!tableOf(ctx.rtp, "low"))
      return refuse("rtp_not_offered", `pinball is not offered at ${percent(ctx.rtp, 2)}% RTP`);
    return parsePinballParams(input);
  },
  stakeOf: (_params, amount) => amount,
  maxPayout: (params, stake, rtp) =>
    payout(
      stake,
      tableFor(params, rtp).reduce((a, b) => (cmp(a, b) >= 0 ? a : b)),
    ),
  start({ stake, params, rtp }, { random }) {
    const table = tableFor(params, rtp);
    const { bounces, lamps } = playBall(random);
    const multiplier = table[lamps] as Rational;
    const win = payout(stake, multiplier);
    const state: PinballState = {
      risk: params.risk,
      multipliers: table.map((m) => toFixedDown(m, 2)),
      bounces,
      lamps,
      jackpot: lamps === LAMPS,
      multiplier: toFixedDown(multiplier, 4),
      payout: win.toString(),
      stake: stake.toString(),
    };
    return settledStep(state, viewOf(state), stake, win);
  },
  abandon: (state): Step<PinballState, PinballView> => alreadySettled(state, viewOf(state)),
  reveal: (state) => state,
};
