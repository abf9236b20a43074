/**
 * The dice. Roll i of a round reads words 2i and 2i + 1 of the round's stream; each die is
 * floor(float x 6) + 1. Over the 2^32 lattice 2^32 = 6 x 715827882 + 4, so four faces (1, 2, 4 and 5) have
 * 715827883 words and two (3 and 6) have 715827882: the proofs use these counts, not 1/6.
 */
import { latticeProbability } from "../../fair/lattice.ts";
import type { RandomReader } from "../../fair/random.ts";
import { mul, type Rational, rat } from "../../math/rational.ts";

export type Dice = readonly [number, number];

export const rollDice = (random: RandomReader): Dice => [random.nextInt(6) + 1, random.nextInt(6) + 1];

export const sumOf = (dice: Dice) => dice[0] + dice[1];
export const isHard = (dice: Dice) => dice[0] === dice[1];

/** P(face = 1..6), index 0 for face 1. */
export type FaceProbabilities = readonly Rational[];

export const FAIR_FACES: FaceProbabilities = Array.from({ length: 6 }, () => rat(1, 6));
export const LATTICE_FACES: FaceProbabilities = Array.from({ length: 6 }, (_, k) => latticeProbability(6, k));

/** Every ordered pair of dice with its probability. */
export function rollDistribution(faces: FaceProbabilities): { dice: Dice; probability: Rational }[] {
  const out: { dice: Dice; probability: Rational }[] = [];
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      out.push({ dice: [a, b], probability: mul(faces[a - 1] as Rational, faces[b - 1] as Rational) });
  return out;
}
