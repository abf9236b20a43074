/**
 * Exact RTP of every craps bet, from the rules in bets.ts, over the dice of the 2^32 lattice (LATTICE_FACES)
 * or fair dice (FAIR_FACES). A bet's final multiplier distribution is found by walking `resolve` over the 36
 * rolls: a roll that leaves the bet up is a repeat, so each state's outcomes are divided by
 * P(the bet is settled or moves this roll); a pass or come bet that moves to a point is then a bet on that point.
 * Place bets and hardways are off on come-out rolls: those rolls only leave them up, which changes when they
 * settle, never how, so they are walked as if always working.
 */
import { type ConfigurationReport, reportFromOutcomes, type WeightedOutcome } from "../../analysis/report.ts";
import { add, div, mul, ONE, type Rational, rat, sub, toFraction, ZERO } from "../../math/rational.ts";
import { type BetKind, type BetSpot, betKey, HARD_NUMBERS, POINTS, resolve } from "./bets.ts";
import { type FaceProbabilities, LATTICE_FACES, rollDistribution } from "./dice.ts";

/** Final multiplier distribution of a bet placed in `spot`, as (multiplier, probability) pairs. */
export function outcomesOf(spot: BetSpot, faces: FaceProbabilities): WeightedOutcome[] {
  const byMultiplier = new Map<string, WeightedOutcome>();
  const addOutcome = (multiplier: Rational, probability: Rational) => {
    const key = toFraction(multiplier);
    const found = byMultiplier.get(key);
    if (found) found.probability = add(found.probability, probability);
    else byMultiplier.set(key, { multiplier, probability });
  };
  let stay = ZERO;
  const rolls = rollDistribution(faces);
  for (const { dice, probability } of rolls) {
    const result = resolve(spot, dice, false);
    if (result.result === "stay") stay = add(stay, probability);
  }
  const settle = sub(ONE, stay);
  for (const { dice, probability } of rolls) {
    const result = resolve(spot, dice, false);
    const p = div(probability, settle);
    if (result.result === "win") addOutcome(result.multiplier, p);
    else if (result.result === "lose") addOutcome(ZERO, p);
    else if (result.result === "move") {
      for (const o of outcomesOf({ kind: spot.kind, number: result.number }, faces))
        addOutcome(o.multiplier, mul(p, o.probability));
    }
  }
  return [...byMultiplier.values()];
}

/** Every bet a player can make, as it is placed (flat bets before their point, odds and numbers on each number). */
export function allSpots(): BetSpot[] {
  const spots: BetSpot[] = [
    { kind: "pass", number: null },
    { kind: "dont_pass", number: null },
    { kind: "come", number: null },
    { kind: "dont_come", number: null },
  ];
  for (const kind of ["pass_odds", "dont_pass_odds", "come_odds", "dont_come_odds", "place"] as BetKind[])
    for (const number of POINTS) spots.push({ kind, number });
  for (const number of HARD_NUMBERS) spots.push({ kind: "hard", number });
  for (const kind of ["field", "any_seven", "any_craps", "two", "three", "eleven", "twelve"] as BetKind[])
    spots.push({ kind, number: null });
  return spots;
}

export const rtpOf = (spot: BetSpot, faces: FaceProbabilities): Rational =>
  outcomesOf(spot, faces).reduce((total, o) => add(total, mul(o.probability, o.multiplier)), ZERO);

/** A bet's RTP as stated in the rules: the fair-dice figure to the hundredth of a percent (98.59 for the pass line). */
export function statedRtp(spot: BetSpot): Rational {
  const fair = rtpOf(
    spot,
    Array.from({ length: 6 }, () => rat(1, 6)),
  );
  return rat((fair.num * 10_000n * 2n + fair.den) / (2n * fair.den), 10_000);
}

/** The pass line's exact RTP on fair dice: 244/495 wins at even money. */
export const PASS_LINE_FAIR = rat(488, 495);

export function reportForSpot(spot: BetSpot, faces: FaceProbabilities = LATTICE_FACES): ConfigurationReport {
  // Each bet states its own figure; the pass line's 98.59 is the code's 98.6 to one more decimal.
  return {
    ...reportFromOutcomes(`bet=${betKey(spot)}`, outcomesOf(spot, faces)),
    declaredRtp: statedRtp(spot),
  };
}

export function analyze(_rtp: Rational): ConfigurationReport[] {
  return allSpots().map((spot) => reportForSpot(spot));
}
