import { mul, payout, type Rational, rat, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition } from "../../model.ts";
import { drawNumbers, hitsOf, type KenoParams, parseKenoParams } from "../keno/game.ts";
import { BOARD } from "../keno/odds.ts";
import type { Risk } from "../keno/paytable.ts";
import { alreadySettled, settledStep } from "../single-round.ts";
import { BOOSTS, basePaytable, LIGHTNING_NUMBERS, maxBoost } from "./paytable.ts";

export type LightningKenoParams = KenoParams;

export interface LightningStrike {
  number: number;
  boost: number;
}

export interface LightningKenoView {
  picks: number[];
  risk: Risk;
  drawn: number[];
  hits: number[];
  lightning: LightningStrike[];
  /** Base multiplier for the hit count, 4 decimals. */
  baseMultiplier: string;
  /** Product of the boosts of the lightning numbers hit (1 when none). */
  boost: number;
  /** Total multiplier, rounded down to 4 decimals, and exactly. */
  multiplier: string;
  multiplierExact: string;
  win: boolean;
  stake: string;
  payout: string;
}

export interface LightningKenoState {
  params: LightningKenoParams;
  drawn: number[];
  lightning: LightningStrike[];
  view: LightningKenoView;
}

export const lightningKenoGame: GameDefinition<
  LightningKenoParams,
  LightningKenoState,
  never,
  LightningKenoView
> = {
  slug: "lightning_keno",
  kind: "single",
  parseParams: (input) => parseKenoParams(input, "Lightning Keno"),
  stakeOf: (_params, amount) => amount,

  maxPayout(params, stake, rtp) {
    const table = basePaytable(rtp, params.risk, params.picks.length);
    const top = table.reduce((a, b) => (a.num * b.den >= b.num * a.den ? a : b));
    return payout(stake, mul(top, rat(maxBoost(params.picks.length))));
  },

  start({ stake, params, rtp }, { random }) {
    // Words 0-19 draw the 20 numbers exactly as in Keno; words 20-22 strike 3 numbers; words 23-25 pick their boosts.
    const drawn = drawNumbers(random);
    const struck = random.drawWithoutReplacement(BOARD, LIGHTNING_NUMBERS).map((i) => i + 1);
    const lightning = struck.map((number) => ({
      number,
      boost: BOOSTS[random.nextInt(BOOSTS.length)] as number,
    }));
    const hits = hitsOf(params.picks, drawn);
    const hitSet = new Set(hits);
    const boost = lightning.filter((strike) => hitSet.has(strike.number)).reduce((p, s) => p * s.boost, 1);
    const base = basePaytable(rtp, params.risk, params.picks.length)[hits.length] as Rational;
    const multiplier = mul(base, rat(boost));
    const paid = payout(stake, multiplier);
    const view: LightningKenoView = {
      picks: params.picks,
      risk: params.risk,
      drawn,
      hits,
      lightning,
      baseMultiplier: toFixedDown(base, 4),
      boost,
      multiplier: toFixedDown(multiplier, 4),
      multiplierExact: toFraction(multiplier),
      win: paid > 0n,
      stake: stake.toString(),
      payout: paid.toString(),
    };
    return settledStep({ params, drawn, lightning, view }, view, stake, paid);
  },

  abandon: (state) => alreadySettled(state, state.view),
  reveal: (state) => ({
    drawn: state.drawn,
    lightning: state.lightning,
    picks: state.params.picks,
    risk: state.params.risk,
  }),
};
