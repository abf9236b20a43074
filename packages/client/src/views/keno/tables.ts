/** Keno paytables as the views show them: multiplier per number of hits (4 decimals, exact), and the hit odds. */
import { percent } from "@rgs/games/analysis/report";
import { hitProbabilities } from "@rgs/games/games/keno/odds";
import { paytable, type Risk } from "@rgs/games/games/keno/paytable";
import { type Rational, toFixedDown } from "@rgs/games/math/rational";

/** Entries have at most 4 decimals, so toFixedDown(4) is the exact multiplier; shown without trailing zeros. */
export const shortMultiplier = (m: Rational): string => {
  const text = toFixedDown(m, 4);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
};

export const kenoTable = (rtp: Rational, risk: Risk, picks: number): string[] =>
  picks < 1 ? [] : paytable(rtp, risk, picks).map(shortMultiplier);

/** P(h hits) for h = 0..picks, as percents with 4 decimals. */
export const hitChances = (picks: number): string[] => hitProbabilities(picks).map((p) => percent(p, 4));
