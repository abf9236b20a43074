/**
 * Plinko: one ball drops through `rows` rows of pins, going left or right at each, into one of `rows + 1`
 * buckets; the bucket's multiplier pays. Single round: the whole round is drawn and settled at start.
 */
import { cmp, payout, type Rational, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition, Step } from "../../model.ts";
import type { Risk } from "../risk.ts";
import { alreadySettled, settledStep } from "../single-round.ts";
import { dropBall } from "./drop.ts";
import { type PlinkoParams, parseRowsAndRisk, rtpNotOffered } from "./params.ts";
import { multipliersOf, plinkoTables } from "./paytable.ts";

export interface PlinkoView {
  rows: number;
  risk: Risk;
  /** The table the ball fell into, bucket 0 to `rows`, as decimal strings. */
  multipliers: string[];
  /** One letter per row, "L" or "R". */
  path: string;
  bucket: number;
  /** The bucket's multiplier as a decimal string. */
  multiplier: string;
  /** Minor units. */
  payout: string;
}

export interface PlinkoState extends PlinkoView {
  /** Exact multiplier as a fraction "num/den". */
  exactMultiplier: string;
  /** Minor units. */
  stake: string;
}

export function plinkoTable(params: PlinkoParams, rtp: Rational): Rational[] {
  const tables = plinkoTables(rtp);
  if (!tables) throw new RangeError(`plinko is not offered at RTP ${toFraction(rtp)}`);
  return multipliersOf(tables, params.rows, params.risk);
}

export const largest = (values: Rational[]): Rational => values.reduce((a, b) => (cmp(a, b) >= 0 ? a : b));

function viewOf(state: PlinkoState): PlinkoView {
  const { rows, risk, multipliers, path, bucket, multiplier, payout } = state;
  return { rows, risk, multipliers, path, bucket, multiplier, payout };
}

export const plinkoGame: GameDefinition<PlinkoParams, PlinkoState, never, PlinkoView> = {
  slug: "plinko",
  kind: "single",
  parseParams(input, ctx) {
    if (!plinkoTables(ctx.rtp)) return rtpNotOffered("plinko", ctx.rtp);
    return parseRowsAndRisk(input);
  },
  stakeOf: (_params, amount) => amount,
  maxPayout: (params, stake, rtp) => payout(stake, largest(plinkoTable(params, rtp))),
  start({ stake, params, rtp }, { random }) {
    const table = plinkoTable(params, rtp);
    const { path, bucket } = dropBall(random, params.rows);
    const multiplier = table[bucket] as Rational;
    const win = payout(stake, multiplier);
    const state: PlinkoState = {
      rows: params.rows,
      risk: params.risk,
      multipliers: table.map((m) => toFixedDown(m, 2)),
      path,
      bucket,
      multiplier: toFixedDown(multiplier, 4),
      payout: win.toString(),
      exactMultiplier: toFraction(multiplier),
      stake: stake.toString(),
    };
    return settledStep(state, viewOf(state), stake, win);
  },
  abandon: (state): Step<PlinkoState, PlinkoView> => alreadySettled(state, viewOf(state)),
  reveal: (state) => state,
};
