/**
 * Lightning Plinko: before the ball drops, lightning strikes some buckets, each with a boost; the ball then
 * falls as in Plinko and pays its bucket's base multiplier times the bucket's boost, if struck.
 * Words 0 to rows - 1 are the ball's path (Plinko's mapping, so a Plinko verifier reproduces it); words rows to
 * 2 x rows are the lightning values of buckets 0 to rows.
 */
import { mul, payout, type Rational, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition, Step } from "../../model.ts";
import { dropBall } from "../plinko/drop.ts";
import { largest } from "../plinko/game.ts";
import { type PlinkoParams, parseRowsAndRisk, rtpNotOffered } from "../plinko/params.ts";
import { multipliersOf } from "../plinko/paytable.ts";
import type { Risk } from "../risk.ts";
import { alreadySettled, settledStep } from "../single-round.ts";
import { BOOSTS, boostOf, LIGHTNING_RANGE, lightningTables } from "./paytable.ts";

export interface Strike {
  bucket: number;
  /** Decimal string, e.g. "5". */
  boost: string;
}

export interface LightningPlinkoView {
  rows: number;
  risk: Risk;
  /** Base multipliers, bucket 0 to `rows`, as decimal strings. */
  multipliers: string[];
  /** The buckets lightning struck before the drop, with their boosts. */
  strikes: Strike[];
  path: string;
  bucket: number;
  /** The bucket's boost ("1" when it was not struck). */
  boost: string;
  /** Base x boost, as a decimal string. */
  multiplier: string;
  payout: string;
}

export interface LightningPlinkoState extends LightningPlinkoView {
  exactMultiplier: string;
  stake: string;
}

export function baseTable(params: PlinkoParams, rtp: Rational): Rational[] {
  const tables = lightningTables(rtp);
  if (!tables) throw new RangeError(`lightning_plinko is not offered at RTP ${toFraction(rtp)}`);
  return multipliersOf(tables, params.rows, params.risk);
}

const topBoost = largest(BOOSTS.map(({ boost }) => boost));

function viewOf(state: LightningPlinkoState): LightningPlinkoView {
  const { rows, risk, multipliers, strikes, path, bucket, boost, multiplier, payout } = state;
  return { rows, risk, multipliers, strikes, path, bucket, boost, multiplier, payout };
}

export const lightningPlinkoGame: GameDefinition<
  PlinkoParams,
  LightningPlinkoState,
  never,
  LightningPlinkoView
> = {
  slug: "lightning_plinko",
  kind: "single",
  parseParams(input, ctx) {
    if (!lightningTables(ctx.rtp)) return rtpNotOffered("lightning_plinko", ctx.rtp);
    return parseRowsAndRisk(input);
  },
  stakeOf: (_params, amount) => amount,
  maxPayout: (params, stake, rtp) => payout(stake, mul(largest(baseTable(params, rtp)), topBoost)),
  start({ stake, params, rtp }, { random }) {
    const table = baseTable(params, rtp);
    const { path, bucket } = dropBall(random, params.rows);
    const boosts = table.map(() => boostOf(random.nextInt(LIGHTNING_RANGE)));
    const strikes: Strike[] = [];
    boosts.forEach((boost, b) => {
      if (boost) strikes.push({ bucket: b, boost: toFixedDown(boost, 0) });
    });
    const base = table[bucket] as Rational;
    const boost = boosts[bucket];
    const multiplier = boost ? mul(base, boost) : base;
    const win = payout(stake, multiplier);
    const state: LightningPlinkoState = {
      rows: params.rows,
      risk: params.risk,
      multipliers: table.map((m) => toFixedDown(m, 2)),
      strikes,
      path,
      bucket,
      boost: boost ? toFixedDown(boost, 0) : "1",
      multiplier: toFixedDown(multiplier, 4),
      payout: win.toString(),
      exactMultiplier: toFraction(multiplier),
      stake: stake.toString(),
    };
    return settledStep(state, viewOf(state), stake, win);
  },
  abandon: (state): Step<LightningPlinkoState, LightningPlinkoView> => alreadySettled(state, viewOf(state)),
  reveal: (state) => state,
};
