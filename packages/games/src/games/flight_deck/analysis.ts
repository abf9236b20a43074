/**
 * Exact RTP of Flight Deck. A cash-out at m (automatic, or manual when the curve shows m) pays m exactly when
 * the crash point c >= m, and P(c >= m) = RTP x 100 / m exactly (paytable.ts), so every target returns RTP. The
 * player learns nothing but "still flying" before cashing out, so any strategy is a choice of target and returns
 * RTP too. Reported: automatic cash-out at a range of targets, from the first step (1.01x) to the top.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { ONE, type Rational, sub, ZERO } from "../../math/rational.ts";
import { formatHundredths } from "../params.ts";
import { MAX_MULTIPLIER } from "./curve.ts";
import { MIN_AUTO_CASH_OUT, multiplierOf, survival } from "./paytable.ts";

export function reportForTarget(hundredths: number, rtp: Rational, label?: string): ConfigurationReport {
  const p = survival(hundredths, rtp);
  return reportFromOutcomes(`auto cash-out ${formatHundredths(hundredths)}${label ? ` (${label})` : ""}`, [
    { probability: p, multiplier: multiplierOf(hundredths) },
    { probability: sub(ONE, p), multiplier: ZERO },
  ]);
}

export function analyze(rtp: Rational): ConfigurationReport[] {
  return [
    reportForTarget(MIN_AUTO_CASH_OUT, rtp, "cash out after the first step"),
    reportForTarget(150, rtp),
    reportForTarget(200, rtp),
    reportForTarget(1_000, rtp),
    reportForTarget(10_000, rtp),
    reportForTarget(MAX_MULTIPLIER, rtp, "the top"),
  ];
}
