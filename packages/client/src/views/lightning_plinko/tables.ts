/** Lightning Plinko's base multipliers, the boosted figure of a struck bucket, and the boosts' odds. */
import { percent } from "@rgs/games/analysis/report";
import { BOOSTS, LIGHTNING_RANGE, lightningTables } from "@rgs/games/games/lightning_plinko/paytable";
import type { PlinkoParams } from "@rgs/games/games/plinko/params";
import { multipliersOf } from "@rgs/games/games/plinko/paytable";
import { dec, mul, type Rational, rat, toFixedDown } from "@rgs/games/math/rational";

export function baseMultipliers(params: PlinkoParams, rtp: Rational): string[] | undefined {
  const tables = lightningTables(rtp);
  return tables && multipliersOf(tables, params.rows, params.risk).map((m) => toFixedDown(m, 2));
}

/** Base x boost, exact, shown with up to 2 decimals like the base. */
export const boosted = (base: string, boost: string): string => toFixedDown(mul(dec(base), dec(boost)), 2);

/** Each boost with its chance per bucket (values of 256), as a percent. */
export const boostOdds = (): { boost: string; chance: string }[] =>
  BOOSTS.map(({ boost, values }) => ({
    boost: toFixedDown(boost, 0),
    chance: percent(rat(values, LIGHTNING_RANGE), 4),
  }));
