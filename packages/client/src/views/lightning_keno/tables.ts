/** Lightning Keno's base paytable (before boosts) and the odds of each boost a lightning number carries. */

import { percent } from "@rgs/games/analysis/report";
import type { Risk } from "@rgs/games/games/keno/paytable";
import { BOOSTS, basePaytable } from "@rgs/games/games/lightning_keno/paytable";
import { type Rational, rat } from "@rgs/games/math/rational";
import { shortMultiplier } from "../keno/tables.ts";

export const lightningTable = (rtp: Rational, risk: Risk, picks: number): string[] =>
  picks < 1 ? [] : basePaytable(rtp, risk, picks).map(shortMultiplier);

/** Each distinct boost with its chance (boosts are drawn uniformly from BOOSTS). */
export function boostChances(): { boost: number; chance: string }[] {
  const distinct = [...new Set(BOOSTS)];
  return distinct.map((boost) => ({
    boost,
    chance: percent(rat(BOOSTS.filter((b) => b === boost).length, BOOSTS.length), 2),
  }));
}
