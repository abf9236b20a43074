/** The production path of a single-round game for tests: seeds -> HMAC -> FairRandom -> the game's start. */
import { gamesBySlug } from "@rgs/protocol/catalog";
import { nodeHmacSha256 } from "../../../src/fair/node-hmac.ts";
import { FairRandom, type SeedPair } from "../../../src/fair/random.ts";
import { type Rational, rtpFromBasisPoints } from "../../../src/math/rational.ts";
import type { ParseContext, StepContext } from "../../../src/model.ts";

export const contextFor = (seeds: SeedPair): StepContext => ({
  random: new FairRandom(nodeHmacSha256, seeds).reader(0),
  now: 0,
});

export const floatsOf = (seeds: SeedPair, count: number): number[] => {
  const random = new FairRandom(nodeHmacSha256, seeds);
  return Array.from({ length: count }, (_, i) => random.float(i));
};

/** Every RTP the catalog declares for a slug. */
export const declaredRtps = (slug: string): Rational[] =>
  gamesBySlug(slug).map((info) => rtpFromBasisPoints(info.rtpBasisPoints));

export const parseContext = (rtp: Rational): ParseContext => ({ rtp, decimals: 2 });

/** A fresh seed pair per round: `rounds` nonces of one server/client seed pair, as a player would play. */
export function* rounds(count: number, serverSeed = "chi-square-server-seed"): Generator<StepContext> {
  for (let nonce = 0; nonce < count; nonce++)
    yield contextFor({ serverSeed, clientSeed: "histogram", nonce });
}

/** The value, or a failed test when it is missing. */
export function defined<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("expected a value");
  return value;
}

/** Counts one more outcome i. */
export const tally = (counts: number[], i: number) => {
  counts[i] = (counts[i] ?? 0) + 1;
};
