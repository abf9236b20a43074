/**
 * Exact RTP of Rock Paper Scissors. Every stopping rule returns RTP: the streak's value RTP x 2^n is a martingale
 * (P(win | decided) = 1/2 exactly on the lattice, ties are pushes). The report gives "cash out after the first
 * win" and "play to 20 wins", whose outcome distributions are closed-form.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { ONE, type Rational, sub, ZERO } from "../../math/rational.ts";
import { MAX_WINS, multiplierAfter, probabilityOfWins } from "./paytable.ts";

export function reportForTarget(wins: number, rtp: Rational, label: string): ConfigurationReport {
  const p = probabilityOfWins(wins);
  return reportFromOutcomes(label, [
    { probability: p, multiplier: multiplierAfter(wins, rtp) },
    { probability: sub(ONE, p), multiplier: ZERO },
  ]);
}

export function analyze(rtp: Rational): ConfigurationReport[] {
  return [
    reportForTarget(1, rtp, "streak (cash out after 1 win)"),
    reportForTarget(5, rtp, "streak (cash out after 5 wins)"),
    reportForTarget(MAX_WINS, rtp, `streak (play to ${MAX_WINS} wins)`),
  ];
}
