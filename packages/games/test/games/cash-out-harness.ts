/**
 * Plays cash-out rounds the way the round engine does: start with the round's FairRandom, then each action parsed
 * against the current state and applied with a reader positioned at the state's `randomPosition`.
 */
import { nodeHmacSha256 } from "../../src/fair/node-hmac.ts";
import { FairRandom } from "../../src/fair/random.ts";
import { cmp, div, mul, payout, type Rational, rat, sub } from "../../src/math/rational.ts";
import type { GameDefinition, Parsed, Step, WalletOp } from "../../src/model.ts";

export const NO_MAX_WIN = 10n ** 40n;

export interface Round<S, V> {
  random: FairRandom;
  step: Step<S, V>;
  /** Every wallet op of the round so far, in order. */
  ops: WalletOp[];
}

export interface RoundOptions {
  nonce?: number;
  stake?: bigint;
  maxWin?: bigint;
  random?: FairRandom;
  serverSeed?: string;
}

export const fairRandom = (nonce: number, serverSeed = "test-server-seed") =>
  new FairRandom(nodeHmacSha256, { serverSeed, clientSeed: "test-client-seed", nonce });

// biome-ignore lint/suspicious/noExplicitAny: the harness drives games of any action type
type CashOutGame<P, S, V> = GameDefinition<P, S, any, V>;

export function parsedParams<P>(game: CashOutGame<P, unknown, unknown>, input: unknown, rtp: Rational): P {
  const parsed = game.parseParams(input, { rtp, decimals: 2 });
  if (!parsed.ok) throw new Error(`${parsed.error}: ${parsed.detail}`);
  return parsed.value;
}

export function begin<P, S, V>(
  game: CashOutGame<P, S, V>,
  paramsInput: unknown,
  rtp: Rational,
  options: RoundOptions = {},
): Round<S, V> {
  const random = options.random ?? fairRandom(options.nonce ?? 0, options.serverSeed);
  const step = game.start(
    {
      stake: options.stake ?? 1_000_000n,
      params: parsedParams(game, paramsInput, rtp),
      rtp,
      maxWin: options.maxWin ?? NO_MAX_WIN,
    },
    { random: random.reader(0), now: 0 },
  );
  return { random, step, ops: [...step.ops] };
}

export function tryAction<S>(
  game: CashOutGame<unknown, S, unknown>,
  state: S,
  input: unknown,
  rtp: Rational,
): Parsed<unknown> {
  if (!game.parseAction) throw new Error(`${game.slug} has no actions`);
  return game.parseAction(input, state, { rtp, decimals: 2 });
}

const positionOf = (state: unknown): number => (state as { randomPosition?: number }).randomPosition ?? 0;

/** Parses and applies one action; throws if the game refuses it. */
export function perform<S, V>(
  game: CashOutGame<unknown, S, V>,
  round: Round<S, V>,
  input: unknown,
  rtp: Rational,
): Step<S, V> {
  if (round.step.closed) throw new Error("round already closed");
  const parsed = tryAction(game, round.step.state, input, rtp);
  if (!parsed.ok) throw new Error(`${parsed.error}: ${parsed.detail}`);
  if (!game.act) throw new Error(`${game.slug} has no actions`);
  const step = game.act(round.step.state, parsed.value, {
    random: round.random.reader(positionOf(round.step.state)),
    now: 0,
  });
  round.step = step;
  round.ops.push(...step.ops);
  return step;
}

export function abandonRound<S, V>(game: CashOutGame<unknown, S, V>, round: Round<S, V>): Step<S, V> {
  const step = game.abandon(round.step.state, {
    random: round.random.reader(positionOf(round.step.state)),
    now: 0,
  });
  round.step = step;
  round.ops.push(...step.ops);
  return step;
}

/** Total paid by the round's credits, and checks the round closed exactly once with a credit. */
export function paidOut(round: Round<unknown, unknown>): bigint {
  const last = round.ops.at(-1);
  if (!round.step.closed || last?.kind !== "credit" || !last.closesRound)
    throw new Error("round not closed by a credit");
  return round.ops.reduce((total, op) => (op.kind === "credit" ? total + op.amount : total), 0n);
}

/** A small deterministic PRNG for the simulated player's choices (never for game outcomes). */
export function playerRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The largest relative loss rounding down causes over the given multipliers at a stake: (s m - floor(s m)) / (s m). */
export function worstRoundingLoss(
  multipliers: Iterable<Rational>,
  stake: bigint,
): { loss: Rational; at: Rational } {
  let worst = { loss: rat(0), at: rat(0) };
  for (const m of multipliers) {
    const exact = mul(rat(stake), m);
    const loss = div(sub(exact, rat(payout(stake, m))), exact);
    if (cmp(loss, worst.loss) > 0) worst = { loss, at: m };
  }
  return worst;
}
