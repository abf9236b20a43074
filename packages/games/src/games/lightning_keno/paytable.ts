/**
 * Lightning Keno: keno (80 numbers, 20 drawn, 1-10 picks, four risk levels) where, each round, 3 of the 80
 * numbers are struck by lightning, each with a boost drawn from BOOSTS. A win is multiplied by the boost of
 * every lightning number the player hit. The base tables use keno's shapes, scaled by RTP / (the shape's exact
 * return with the boosts) and rounded down to 4 decimals, so the total, boosts included, is the declared RTP.
 */
import { add, mul, ONE, type Rational, rat, ZERO } from "../../math/rational.ts";
import { BOARD, choose, hitProbabilities } from "../keno/odds.ts";
import { type Risk, scaleShape, shape, tableRtp } from "../keno/paytable.ts";

export const LIGHTNING_NUMBERS = 3;
/** Boost of a lightning number: BOOSTS[floor(float x 8)], exactly uniform since 8 divides 2^32. */
export const BOOSTS = [2, 2, 2, 2, 3, 3, 4, 5] as const;

/** P(j of the lightning numbers are among the h numbers hit): hypergeometric, the strikes being independent of the draw. */
export const lightningHitProbability = (hits: number, j: number): Rational =>
  rat(choose(hits, j) * choose(BOARD - hits, LIGHTNING_NUMBERS - j), choose(BOARD, LIGHTNING_NUMBERS));

/** Distribution of the product of j independent boosts, as [product, probability]. */
export function boostProducts(j: number): Map<number, Rational> {
  let products = new Map<number, Rational>([[1, ONE]]);
  const each = rat(1, BOOSTS.length);
  for (let i = 0; i < j; i++) {
    const next = new Map<number, Rational>();
    for (const [product, p] of products) {
      for (const boost of BOOSTS) {
        const key = product * boost;
        next.set(key, add(next.get(key) ?? ZERO, mul(p, each)));
      }
    }
    products = next;
  }
  return products;
}

/** E[product of the boosts hit | h hits]: the factor by which the boosts raise a win on h hits. */
export function boostFactor(hits: number): Rational {
  const meanBoost = rat(
    BOOSTS.reduce((a, b) => a + b, 0),
    BOOSTS.length,
  );
  let factor = ZERO;
  let power = ONE;
  for (let j = 0; j <= Math.min(hits, LIGHTNING_NUMBERS); j++) {
    factor = add(factor, mul(lightningHitProbability(hits, j), power));
    power = mul(power, meanBoost);
  }
  return factor;
}

const cache = new Map<string, Rational[]>();

/** Base multiplier per number of hits, before boosts. */
export function basePaytable(rtp: Rational, risk: Risk, picks: number): Rational[] {
  const key = `${rtp.num}/${rtp.den}:${risk}:${picks}`;
  let table = cache.get(key);
  if (!table) {
    const base = shape(risk, picks);
    const boosted = hitProbabilities(picks).map((p, h) => mul(p, boostFactor(h)));
    table = scaleShape(base, tableRtp(base, boosted), rtp);
    cache.set(key, table);
  }
  return table;
}

/** Largest boost product reachable with `picks` numbers. */
export const maxBoost = (picks: number): number => Math.max(...BOOSTS) ** Math.min(picks, LIGHTNING_NUMBERS);
