/**
 * Exact RTP of pinball: the distribution of lamps lit, by dynamic programming over the bounces (each bounce
 * drains with 6/16, lights one lamp with 9/16, two with 1/16; 15 lamps end the round).
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { add, mul, type Rational, rat, ZERO } from "../../math/rational.ts";
import { RISKS } from "../risk.ts";
import { BOUNCE_RANGE, DRAIN_BELOW, LAMPS, tableOf } from "./paytable.ts";

/** P(the round ends with exactly l lamps lit), l = 0..15. */
export function lampDistribution(): Rational[] {
  const drain = rat(DRAIN_BELOW, BOUNCE_RANGE);
  const bumper = rat(BOUNCE_RANGE - DRAIN_BELOW - 1, BOUNCE_RANGE);
  const ramp = rat(1, BOUNCE_RANGE);
  const ended = Array<Rational>(LAMPS + 1).fill(ZERO);
  // reaching[l]: probability that the ball is still in play with l lamps lit, in order of l.
  const reaching = Array<Rational>(LAMPS).fill(ZERO);
  reaching[0] = rat(1);
  for (let l = 0; l < LAMPS; l++) {
    const here = reaching[l] as Rational;
    ended[l] = add(ended[l] as Rational, mul(here, drain));
    for (const [step, p] of [
      [1, bumper],
      [2, ramp],
    ] as const) {
      const next = Math.min(LAMPS, l + step);
      if (next === LAMPS) ended[LAMPS] = add(ended[LAMPS] as Rational, mul(here, p));
      else reaching[next] = add(reaching[next] as Rational, mul(here, p));
    }
  }
  return ended;
}

export function analyze(rtp: Rational): ConfigurationReport[] {
  const lamps = lampDistribution();
  return RISKS.map((risk) => {
    const table = tableOf(rtp, risk);
    if (!table) throw new RangeError("pinball is not offered at this RTP");
    return reportFromOutcomes(
      `risk=${risk}`,
      table.map((multiplier, l) => ({ multiplier, probability: lamps[l] as Rational })),
    );
  });
}
