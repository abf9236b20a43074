/**
 * What each craps bet pays, as a table writes it ("9:5"), read from the games package's own rule of a roll
 * (`resolve`, which settles every round): every roll of two dice is put to the bet and the multipliers it wins
 * are written stake excluded. The view keeps no copy of the pay table, so it cannot disagree with the game.
 */
import { type BetSpot, resolve } from "@rgs/games/games/craps/bets";
import type { Rational } from "@rgs/games/math/rational";

const ROLLS: readonly (readonly [number, number])[] = Array.from({ length: 36 }, (_, i) => [
  Math.floor(i / 6) + 1,
  (i % 6) + 1,
]);

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/** A multiplier stake included (14/5) as odds paid ("9:5"). */
function oddsText(multiplier: Rational): string {
  const num = multiplier.num - multiplier.den;
  const divisor = gcd(num, multiplier.den);
  return `${num / divisor}:${multiplier.den / divisor}`;
}

/**
 * The odds a bet pays, lowest first ("1:1 · 2:1 · 3:1" for the field). A line bet without a point is read on
 * the come-out roll; place bets and hardways, which are off on it, on a roll with a point.
 */
export function paysOf(spot: BetSpot): string {
  const comeOut = spot.kind !== "place" && spot.kind !== "hard" && spot.number === null;
  const wins = new Map<string, Rational>();
  for (const dice of ROLLS) {
    const result = resolve(spot, dice, comeOut);
    if (result.result === "win") wins.set(oddsText(result.multiplier), result.multiplier);
  }
  return [...wins.entries()]
    .sort(([, a], [, b]) => (a.num * b.den < b.num * a.den ? -1 : 1))
    .map(([text]) => text)
    .join(" · ");
}
