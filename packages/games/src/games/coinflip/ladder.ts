/**
 * Coinflip streaks: the player calls each flip; after n correct calls the round is worth RTP / P(n correct) =
 * RTP x 2^n, up to 20 correct calls. A flip is floor(float x 2), exact on the 2^32 lattice (half the words each).
 */
import { mul, type Rational, rat } from "../../math/rational.ts";

export const MAX_FLIPS = 20;
export const SIDES = ["heads", "tails"] as const;
export type Side = (typeof SIDES)[number];

/** floor(float x 2): 0 is heads, 1 is tails. */
export const sideOf = (outcome: number): Side => (outcome === 0 ? "heads" : "tails");

export const WIN_CHANCE = rat(1, 2);

/** The cash-out multiplier after `wins` correct calls (the RTP itself before the first). */
export const multiplierAt = (rtp: Rational, wins: number): Rational => mul(rtp, rat(2n ** BigInt(wins)));
