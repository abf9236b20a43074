/** The published vectors' inputs, and how an outcome is summarised from the production path. */
import { nodeHmacSha256 } from "../src/fair/node-hmac.ts";
import { FairRandom, type SeedPair } from "../src/fair/random.ts";
import { rtpFromBasisPoints } from "../src/math/rational.ts";
import { gameForCode } from "../src/registry.ts";

export interface VectorCase {
  code: string;
  seeds: SeedPair;
  params: unknown;
  stake: string;
  floatsShown: number;
}

const seeds = (nonce: number): SeedPair => ({
  serverSeed: "3f4e1b9c0d7a52e8f6c1a4b7d2e9f0a3c5b8d1e4f7a0b3c6d9e2f5a8b1c4d7e0",
  clientSeed: "lucky-player-42",
  nonce,
});

export const vectorCases: VectorCase[] = [
  {
    code: "dice-alpha",
    seeds: seeds(0),
    params: { condition: "over", target: "50.50" },
    stake: "10000",
    floatsShown: 1,
  },
  { code: "limbo-alpha", seeds: seeds(1), params: { target: "2.00" }, stake: "10000", floatsShown: 1 },
  {
    code: "keno-beta",
    seeds: seeds(2),
    params: { picks: [3, 11, 27, 40, 58], risk: "medium" },
    stake: "10000",
    floatsShown: 20,
  },
  {
    code: "lightning_keno-delta",
    seeds: seeds(3),
    params: { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: "low" },
    stake: "10000",
    floatsShown: 26,
  },
  {
    code: "roulette-alpha-gemini",
    seeds: seeds(4),
    params: {
      bets: [
        { kind: "red", amount: "1.00" },
        { kind: "straight", numbers: [17], amount: "0.50" },
      ],
    },
    stake: "150",
    floatsShown: 1,
  },
  {
    code: "baccarat-alpha",
    seeds: seeds(5),
    params: { bets: { banker: "1.00", tie: "0.10" } },
    stake: "110",
    floatsShown: 6,
  },
];

/** Plays the vector through the production path and returns its view (what the player sees). */
export function vectorOutcome(c: VectorCase): unknown {
  const resolved = gameForCode(c.code);
  if (!resolved) throw new Error(`unknown code ${c.code}`);
  const ctx = { rtp: rtpFromBasisPoints(resolved.info.rtpBasisPoints), decimals: 2 };
  const parsed = resolved.game.parseParams(c.params, ctx);
  if (!parsed.ok) throw new Error(parsed.detail);
  const stake = resolved.game.stakeOf(parsed.value, BigInt(c.stake));
  const random = new FairRandom(nodeHmacSha256, c.seeds);
  const step = resolved.game.start(
    { stake, params: parsed.value, rtp: resolved.rtp, maxWin: 10n ** 30n },
    { random: random.reader(), now: 0 },
  );
  return JSON.parse(JSON.stringify(step.view));
}
