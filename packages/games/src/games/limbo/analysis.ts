/**
 * Exact RTP of every limbo target: t x floor(RTP x 2^32 / t) / 2^32 (see paytable.ts). Scanning all
 * 42.9 million targets uses doubles only on integers below 2^53, where they are exact.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { LATTICE_SIZE } from "../../fair/lattice.ts";
import { ONE, type Rational, rat, sub, ZERO } from "../../math/rational.ts";
import { formatHundredths } from "../params.ts";
import { MAX_TARGET, MIN_TARGET, multiplierFor, winningWords } from "./paytable.ts";

export function reportFor(target: number, rtp: Rational, label?: string): ConfigurationReport {
  const p = rat(winningWords(target, rtp), LATTICE_SIZE);
  return reportFromOutcomes(`target ${formatHundredths(target)}${label ? ` (${label})` : ""}`, [
    { probability: p, multiplier: multiplierFor(target) },
    { probability: sub(ONE, p), multiplier: ZERO },
  ]);
}

/**
 * The targets of lowest and highest exact RTP over the whole allowed range. The RTP of target T (hundredths)
 * is T x W(T) / (100 x 2^32) with W(T) = floor(bp x 2^32 / (100 T)) for an RTP of bp basis points; every
 * operand is an integer below 2^53, so the comparison is exact.
 */
export function extremeTargets(rtp: Rational): { lowest: number; highest: number; targets: number } {
  const basisPoints = (rtp.num * 10_000n) / rtp.den;
  if (basisPoints * rtp.den !== rtp.num * 10_000n)
    throw new RangeError("the limbo scan needs an RTP in basis points");
  const numerator = Number(basisPoints * LATTICE_SIZE);
  let lowest = MIN_TARGET;
  let highest = MIN_TARGET;
  let lowestValue = Number.POSITIVE_INFINITY;
  let highestValue = Number.NEGATIVE_INFINITY;
  for (let target = MIN_TARGET; target <= MAX_TARGET; target++) {
    const divisor = 100 * target;
    let words = Math.floor(numerator / divisor);
    // The quotient of two exact doubles can round up to the next integer; products here stay below 2^53.
    if (words * divisor > numerator) words--;
    const value = target * words;
    if (value < lowestValue) {
      lowestValue = value;
      lowest = target;
    }
    if (value > highestValue) {
      highestValue = value;
      highest = target;
    }
  }
  return { lowest, highest, targets: MAX_TARGET - MIN_TARGET + 1 };
}

export function analyze(rtp: Rational): ConfigurationReport[] {
  const { lowest, highest, targets } = extremeTargets(rtp);
  return [
    reportFor(200, rtp),
    reportFor(1000, rtp),
    reportFor(MIN_TARGET, rtp, "lowest target"),
    reportFor(MAX_TARGET, rtp, "highest target"),
    reportFor(lowest, rtp, `lowest RTP of ${targets} targets`),
    reportFor(highest, rtp, `highest RTP of ${targets} targets`),
  ];
}
