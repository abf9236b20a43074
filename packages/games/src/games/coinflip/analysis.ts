/**
 * Exact coinflip RTP. A flip is floor(float x 2): exactly half of the 2^32 words each way, so no lattice correction.
 * Every strategy returns the RTP (martingale); two are reported for their spread: one flip, and the full streak.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { ONE, type Rational, rat, sub, ZERO } from "../../math/rational.ts";
import { MAX_FLIPS, multiplierAt } from "./ladder.ts";

export function reportFor(rtp: Rational, flips: number): ConfigurationReport {
  const p = rat(1n, 2n ** BigInt(flips));
  const report = reportFromOutcomes(`cash out after ${flips} correct call${flips === 1 ? "" : "s"}`, [
    { probability: p, multiplier: multiplierAt(rtp, flips) },
    { probability: sub(ONE, p), multiplier: ZERO },
  ]);
  return { ...report, maxMultiplier: multiplierAt(rtp, MAX_FLIPS) };
}

export const analyze = (rtp: Rational): ConfigurationReport[] => [
  reportFor(rtp, 1),
  reportFor(rtp, MAX_FLIPS),
];
