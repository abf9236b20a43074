/** The production path for tests: seeds -> node:crypto HMAC -> FairRandom -> the game's start. */
import { Moments } from "../../src/analysis/stats.ts";
import { nodeHmacSha256 } from "../../src/fair/node-hmac.ts";
import { FairRandom, type HmacSha256 } from "../../src/fair/random.ts";
import { type Rational, rat, toNumber } from "../../src/math/rational.ts";
import type { GameDefinition, Step } from "../../src/model.ts";

export const STAKE = 1_000_000n;

export function play<P, S, V>(
  game: GameDefinition<P, S, never, V>,
  params: P,
  rtp: Rational,
  nonce: number,
  serverSeed = "test-server-seed",
  stake = STAKE,
): Step<S, V> {
  const random = new FairRandom(nodeHmacSha256, { serverSeed, clientSeed: "test-client-seed", nonce });
  return game.start({ stake, params, rtp, maxWin: 10n ** 30n }, { random: random.reader(), now: 0 });
}

/** Plays `rounds` rounds and collects the payout multiplier per round (payout / stake) and what `observe` returns. */
export function simulate<P, S, V>(
  game: GameDefinition<P, S, never, V>,
  params: P,
  rtp: Rational,
  rounds: number,
  observe: (step: Step<S, V>) => void = () => {},
): Moments {
  const moments = new Moments();
  for (let nonce = 0; nonce < rounds; nonce++) {
    const step = play(game, params, rtp, nonce);
    const credit = step.ops.at(-1);
    if (credit?.kind !== "credit" || !credit.closesRound)
      throw new Error("round did not close with a credit");
    moments.add(Number(credit.amount) / Number(STAKE));
    observe(step);
  }
  return moments;
}

/** A random source whose words are given: word i of the stream is words[i] (0 beyond). */
export function wordsSource(words: readonly number[]): FairRandom {
  const hmac: HmacSha256 = (_key, message) => {
    const cursor = Number(message.split(":").at(-1));
    const block = new Uint8Array(32);
    const view = new DataView(block.buffer);
    for (let i = 0; i < 8; i++) view.setUint32(i * 4, words[cursor * 8 + i] ?? 0);
    return block;
  };
  return new FairRandom(hmac, { serverSeed: "s", clientSeed: "c", nonce: 0 });
}

export const CATALOG_RTPS = [9900, 9800, 9700, 9600].map((bp) => rat(bp, 10_000));
export const asNumber = toNumber;
