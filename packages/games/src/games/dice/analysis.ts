/**
 * Exact RTP of every dice target: the winning rolls form one interval of the 10,000 outcomes, and the words
 * of the 2^32 lattice that land in it are counted exactly (each outcome has 429,496 or 429,497 words).
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { LATTICE_SIZE, latticeCountRange } from "../../fair/lattice.ts";
import { cmp, ONE, type Rational, rat, sub, ZERO } from "../../math/rational.ts";
import { formatHundredths } from "../params.ts";
import { type Condition, multiplierFor, OUTCOMES, targetRange } from "./paytable.ts";

export const winProbability = (condition: Condition, target: number): Rational => {
  const words =
    condition === "under"
      ? latticeCountRange(OUTCOMES, 0, target)
      : latticeCountRange(OUTCOMES, target + 1, OUTCOMES);
  return rat(words, LATTICE_SIZE);
};

export function reportFor(
  condition: Condition,
  target: number,
  rtp: Rational,
  label?: string,
): ConfigurationReport {
  const p = winProbability(condition, target);
  const configuration = `${condition} ${formatHundredths(target, 2)}${label ? ` (${label})` : ""}`;
  return reportFromOutcomes(configuration, [
    { probability: p, multiplier: multiplierFor(condition, target, rtp) },
    { probability: sub(ONE, p), multiplier: ZERO },
  ]);
}

export function* allTargets(): Generator<{ condition: Condition; target: number }> {
  for (const condition of ["under", "over"] as const) {
    const { min, max } = targetRange(condition);
    for (let target = min; target <= max; target++) yield { condition, target };
  }
}

/**
 * Reports a typical bet, the largest and the smallest win chance (the catalog's ranges of hit frequency and
 * multiplier), and the lowest and highest exact RTP over every allowed target.
 */
export function analyze(rtp: Rational): ConfigurationReport[] {
  let lowest: ConfigurationReport | undefined;
  let highest: ConfigurationReport | undefined;
  let count = 0;
  for (const { condition, target } of allTargets()) {
    const report = reportFor(condition, target, rtp);
    count++;
    if (!lowest || cmp(report.rtp, lowest.rtp) < 0) lowest = report;
    if (!highest || cmp(report.rtp, highest.rtp) > 0) highest = report;
  }
  if (!lowest || !highest) return [];
  const relabel = (r: ConfigurationReport, label: string) => ({
    ...r,
    configuration: `${r.configuration} (${label})`,
  });
  return [
    reportFor("under", 5000, rtp),
    reportFor("over", 4999, rtp),
    reportFor("under", targetRange("under").max, rtp, "largest win chance"),
    reportFor("under", targetRange("under").min, rtp, "smallest win chance"),
    relabel(lowest, `lowest RTP of ${count} targets`),
    relabel(highest, `highest RTP of ${count} targets`),
  ];
}
