/**
 * Exact RTP of Plinko 100. The bet multiplier is the mean M of 100 independent balls, each distributed as one
 * Plinko ball (bucket k with probability C(rows, k) / 2^rows), so E[M] is the per-ball RTP and
 * E[M^2] = Var(m) / 100 + E[m]^2. A bet pays nothing only if all 100 balls pay nothing.
 */
import type { ConfigurationReport } from "../../analysis/report.ts";
import { add, div, mul, ONE, type Rational, rat, sub } from "../../math/rational.ts";
import { analyze as analyzePlinko } from "../plinko/analysis.ts";
import { BALLS } from "./game.ts";

const power = (base: Rational, exponent: number): Rational =>
  rat(base.num ** BigInt(exponent), base.den ** BigInt(exponent));

export function analyze(rtp: Rational): ConfigurationReport[] {
  return analyzePlinko(rtp).map((ball) => {
    const variance = sub(ball.secondMoment, mul(ball.rtp, ball.rtp));
    return {
      configuration: ball.configuration,
      rtp: ball.rtp,
      hitFrequency: sub(ONE, power(sub(ONE, ball.hitFrequency), BALLS)),
      maxMultiplier: ball.maxMultiplier,
      secondMoment: add(div(variance, rat(BALLS)), mul(ball.rtp, ball.rtp)),
    };
  });
}
