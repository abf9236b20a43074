/**
 * Exact keno RTP per (risk, picks) over the ideal hypergeometric draw. The lattice of the draws moves every
 * probability by a relative factor of at most `latticeRelativeBound(20)` (about 3.7e-7, see odds.ts), hence the
 * RTP by at most that fraction of itself: about 0.00004 percentage points, far inside the 0.01 pp tolerance.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import type { Rational } from "../../math/rational.ts";
import { hitProbabilities, MAX_PICKS, MIN_PICKS } from "./odds.ts";
import { paytable, RISKS, type Risk } from "./paytable.ts";

export const reportFor = (rtp: Rational, risk: Risk, picks: number): ConfigurationReport => {
  const table = paytable(rtp, risk, picks);
  return reportFromOutcomes(
    `risk=${risk} picks=${picks}`,
    hitProbabilities(picks).map((probability, hits) => ({
      probability,
      multiplier: table[hits] as Rational,
    })),
  );
};

export function analyze(rtp: Rational): ConfigurationReport[] {
  return RISKS.flatMap((risk) =>
    Array.from({ length: MAX_PICKS - MIN_PICKS + 1 }, (_, i) => reportFor(rtp, risk, MIN_PICKS + i)),
  );
}
