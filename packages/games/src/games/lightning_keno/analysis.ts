/**
 * Exact Lightning Keno RTP per (risk, picks): every (hits, lightning numbers hit, boost product) outcome is
 * enumerated over the ideal draw. The 23 draws without replacement (20 balls, 3 strikes) move probabilities by a
 * relative factor of at most `latticeRelativeBound(23)` (about 4.3e-7); the boosts are exactly uniform.
 */
import { type ConfigurationReport, reportFromOutcomes, type WeightedOutcome } from "../../analysis/report.ts";
import { mul, type Rational, rat } from "../../math/rational.ts";
import { hitProbabilities, MAX_PICKS, MIN_PICKS } from "../keno/odds.ts";
import { RISKS, type Risk } from "../keno/paytable.ts";
import { basePaytable, boostProducts, LIGHTNING_NUMBERS, lightningHitProbability } from "./paytable.ts";

export function outcomes(rtp: Rational, risk: Risk, picks: number): WeightedOutcome[] {
  const table = basePaytable(rtp, risk, picks);
  const result: WeightedOutcome[] = [];
  hitProbabilities(picks).forEach((pHits, hits) => {
    for (let j = 0; j <= Math.min(hits, LIGHTNING_NUMBERS); j++) {
      const pj = mul(pHits, lightningHitProbability(hits, j));
      for (const [product, pProduct] of boostProducts(j)) {
        result.push({
          probability: mul(pj, pProduct),
          multiplier: mul(table[hits] as Rational, rat(product)),
        });
      }
    }
  });
  return result;
}

export const reportFor = (rtp: Rational, risk: Risk, picks: number): ConfigurationReport =>
  reportFromOutcomes(`risk=${risk} picks=${picks}`, outcomes(rtp, risk, picks));

export function analyze(rtp: Rational): ConfigurationReport[] {
  return RISKS.flatMap((risk) =>
    Array.from({ length: MAX_PICKS - MIN_PICKS + 1 }, (_, i) => reportFor(rtp, risk, MIN_PICKS + i)),
  );
}
