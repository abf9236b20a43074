/**
 * Plinko 100: one bet drops 100 balls through the same board, the stake split evenly between them. Ball b
 * reads floats b x rows to b x rows + rows - 1, with Plinko's left/right mapping. The bet pays
 * floor(stake x (sum of the 100 balls' multipliers) / 100): rounded once per bet, never per ball, so that
 * stakes below 100 minor units still earn every ball's share.
 */
import { add, payout, type Rational, rat, toFixedDown, toFraction, ZERO } from "../../math/rational.ts";
import type { GameDefinition, Step } from "../../model.ts";
import { dropBall } from "../plinko/drop.ts";
import { largest, plinkoTable } from "../plinko/game.ts";
import { type PlinkoParams, parseRowsAndRisk, rtpNotOffered } from "../plinko/params.ts";
import { plinkoTables } from "../plinko/paytable.ts";
import type { Risk } from "../risk.ts";
import { alreadySettled, settledStep } from "../single-round.ts";

export const BALLS = 100;

export interface Plinko100View {
  rows: number;
  risk: Risk;
  /** The per-ball table, bucket 0 to `rows`, as decimal strings. */
  multipliers: string[];
  /** Each ball's path, "L"/"R" per row, in drop order. */
  paths: string[];
  /** Each ball's bucket, in drop order. */
  buckets: number[];
  /** Sum of the balls' multipliers / 100: what the whole bet is multiplied by. */
  multiplier: string;
  /** Minor units. */
  payout: string;
}

export interface Plinko100State extends Plinko100View {
  /** Exact bet multiplier as a fraction "num/den". */
  exactMultiplier: string;
  stake: string;
}

function viewOf(state: Plinko100State): Plinko100View {
  const { rows, risk, multipliers, paths, buckets, multiplier, payout } = state;
  return { rows, risk, multipliers, paths, buckets, multiplier, payout };
}

/** The bet's multiplier: the mean of the balls' multipliers, exact. */
export function betMultiplier(ballMultipliers: Rational[]): Rational {
  const total = ballMultipliers.reduce(add, ZERO);
  return rat(total.num, total.den * BigInt(ballMultipliers.length));
}

export const plinko100Game: GameDefinition<PlinkoParams, Plinko100State, never, Plinko100View> = {
  slug: "plinko_100",
  kind: "single",
  parseParams(input, ctx) {
    if (!plinkoTables(ctx.rtp)) return rtpNotOffered("plinko_100", ctx.rtp);
    return parseRowsAndRisk(input);
  },
  stakeOf: (_params, amount) => amount,
  maxPayout: (params, stake, rtp) => payout(stake, largest(plinkoTable(params, rtp))),
  start({ stake, params, rtp }, { random }) {
    const table = plinkoTable(params, rtp);
    const drops = Array.from({ length: BALLS }, () => dropBall(random, params.rows));
    const multiplier = betMultiplier(drops.map((drop) => table[drop.bucket] as Rational));
    const win = payout(stake, multiplier);
    const state: Plinko100State = {
      rows: params.rows,
      risk: params.risk,
      multipliers: table.map((m) => toFixedDown(m, 2)),
      paths: drops.map((drop) => drop.path),
      buckets: drops.map((drop) => drop.bucket),
      multiplier: toFixedDown(multiplier, 4),
      payout: win.toString(),
      exactMultiplier: toFraction(multiplier),
      stake: stake.toString(),
    };
    return settledStep(state, viewOf(state), stake, win);
  },
  abandon: (state): Step<Plinko100State, Plinko100View> => alreadySettled(state, viewOf(state)),
  reveal: (state) => state,
};
