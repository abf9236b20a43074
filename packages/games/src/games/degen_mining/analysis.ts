/**
 * Exact RTP of Degen Mining. Every dig multiplies the expected value by sum(p x factor) = 1 exactly (64 divides
 * 2^32, so the table's probabilities hold on the lattice too), so any strategy returns RTP. The report gives two
 * strategies whose distributions are enumerated exactly: cash out after the first dig, and dig all ten levels
 * (every count of coal, silver, gold and diamond over ten digs, weighted multinomially).
 */
import { type ConfigurationReport, reportFromOutcomes, type WeightedOutcome } from "../../analysis/report.ts";
import { mul, ONE, type Rational, rat, sub, ZERO } from "../../math/rational.ts";
import {
  DIFFICULTIES,
  type Difficulty,
  LEVELS,
  maxMultiplier,
  multiplierOf,
  ORES,
  type Ore,
  probabilityOf,
} from "./paytable.ts";

const power = (r: Rational, n: number) => rat(r.num ** BigInt(n), r.den ** BigInt(n));

const factorial = (n: number): bigint => {
  let f = 1n;
  for (let i = 2; i <= n; i++) f *= BigInt(i);
  return f;
};

/** Every multiset of `digs` ores, as counts per ore. */
export function* oreCounts(digs: number, from = 0): Generator<number[]> {
  if (from === ORES.length - 1) {
    yield [digs];
    return;
  }
  for (let c = digs; c >= 0; c--) for (const rest of oreCounts(digs - c, from + 1)) yield [c, ...rest];
}

export const cartOf = (counts: readonly number[]): Ore[] =>
  counts.flatMap((c, i) => new Array<Ore>(c).fill(ORES[i] as Ore));

export function reportFirstDig(difficulty: Difficulty, rtp: Rational): ConfigurationReport {
  const outcomes: WeightedOutcome[] = [
    { probability: probabilityOf("collapse", difficulty), multiplier: ZERO },
  ];
  for (const ore of ORES)
    outcomes.push({
      probability: probabilityOf(ore, difficulty),
      multiplier: multiplierOf([ore], difficulty, rtp),
    });
  return {
    ...reportFromOutcomes(`difficulty=${difficulty} (cash out after 1 dig)`, outcomes),
    maxMultiplier: maxMultiplier(difficulty, rtp),
  };
}

export function reportAllLevels(difficulty: Difficulty, rtp: Rational): ConfigurationReport {
  const survive = sub(ONE, probabilityOf("collapse", difficulty));
  const outcomes: WeightedOutcome[] = [{ probability: sub(ONE, power(survive, LEVELS)), multiplier: ZERO }];
  for (const counts of oreCounts(LEVELS)) {
    let probability = rat(factorial(LEVELS));
    counts.forEach((c, i) => {
      probability = mul(probability, rat(1n, factorial(c)));
      probability = mul(probability, power(probabilityOf(ORES[i] as Ore, difficulty), c));
    });
    outcomes.push({ probability, multiplier: multiplierOf(cartOf(counts), difficulty, rtp) });
  }
  return reportFromOutcomes(`difficulty=${difficulty} (dig all ${LEVELS} levels)`, outcomes);
}

export function analyze(rtp: Rational): ConfigurationReport[] {
  return DIFFICULTIES.flatMap((difficulty) => [
    reportFirstDig(difficulty, rtp),
    reportAllLevels(difficulty, rtp),
  ]);
}
