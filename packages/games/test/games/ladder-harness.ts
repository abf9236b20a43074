/**
 * What the ladder games' tests share (chicken crossing, doctor pump, degen mining): rounds started and played
 * through the game's own parser, refusals by code, the closing credit, and a simulated player whose choices come
 * from seeds of its own, never from the round's.
 */
import { expect, it } from "vitest";
import { Moments, meanWithinStandardErrors } from "../../src/analysis/stats.ts";
import { nodeHmacSha256 } from "../../src/fair/node-hmac.ts";
import { FairRandom } from "../../src/fair/random.ts";
import { rat, toNumber } from "../../src/math/rational.ts";
import type { GameDefinition, Step } from "../../src/model.ts";
import { STAKE, wordsSource } from "./production.ts";

export const NO_LIMIT = 10n ** 30n;

/** Cash out at random (one chance in four after each step), or right after the first step. */
export type Strategy = "random" | `first_${string}`;

export interface LadderPlayer<S> {
  stepsTaken(state: S): number;
  /** The climbing action; `choose(n)` draws one of n choices from the player's seeds. */
  climb(choose: (n: number) => number): unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: the harness drives ladder games of any action type
type LadderGame<D extends string, S, V> = GameDefinition<{ difficulty: D }, S, any, V>;

export function ladderHarness<D extends string, S, V>(
  game: LadderGame<D, S, V>,
  seeds: { serverSeed: string; clientSeed: string },
) {
  const rtp = rat(97, 100);
  const parseCtx = { rtp, decimals: 2 };
  const quiet = { random: wordsSource([]).reader(), now: 0 };

  const seedsOf = (nonce: number, serverSeed = seeds.serverSeed) =>
    new FairRandom(nodeHmacSha256, { serverSeed, clientSeed: seeds.clientSeed, nonce });

  const paramsOf = (difficulty: D) => {
    const parsed = game.parseParams({ difficulty }, parseCtx);
    if (!parsed.ok) throw new Error(parsed.detail);
    return parsed.value;
  };

  const startRound = (random: FairRandom, difficulty: D, stake = STAKE, maxWin = NO_LIMIT, declared = rtp) =>
    game.start(
      { stake, params: paramsOf(difficulty), rtp: declared, maxWin },
      { random: random.reader(), now: 0 },
    );

  function act(step: Step<S, V>, input: unknown): Step<S, V> {
    const parsed = game.parseAction?.(input, step.state, parseCtx);
    if (!parsed?.ok) throw new Error(`refused: ${parsed?.ok === false ? parsed.error : "no parser"}`);
    return game.act?.(step.state, parsed.value, quiet) as Step<S, V>;
  }

  const refusal = (step: Step<S, V>, input: unknown) => {
    const parsed = game.parseAction?.(input, step.state, parseCtx);
    return parsed?.ok === false ? parsed.error : "accepted";
  };

  const credit = (step: Step<S, V>) => {
    const op = step.ops.at(-1);
    if (op?.kind !== "credit" || !op.closesRound) throw new Error("round did not close with a credit");
    return op.amount;
  };

  const abandon = (state: S) => game.abandon(state, quiet);

  function playRound(nonce: number, difficulty: D, strategy: Strategy, player: LadderPlayer<S>): Step<S, V> {
    const choices = seedsOf(nonce, "player-choices");
    let step = startRound(seedsOf(nonce), difficulty);
    let i = 0;
    const choose = (n: number) => choices.int(i++, n);
    while (!step.closed) {
      const cashOut = player.stepsTaken(step.state) > 0 && (strategy !== "random" || choose(4) === 0);
      step = act(step, cashOut ? { action: "cash_out" } : player.climb(choose));
    }
    return step;
  }

  /** The mean return over 20,000 seeded rounds of each strategy is the RTP, within its standard errors. */
  function itReturnsTheRtp(cases: readonly (readonly [Strategy, D])[], player: LadderPlayer<S>) {
    it.each(cases)("returns the RTP on average with the %s strategy (%s)", (strategy, difficulty) => {
      const moments = new Moments();
      for (let nonce = 0; nonce < 20_000; nonce++) {
        moments.add(Number(credit(playRound(nonce, difficulty, strategy, player))) / Number(STAKE));
      }
      const check = meanWithinStandardErrors(moments, toNumber(rtp));
      expect(check.within, JSON.stringify(check)).toBe(true);
    });
  }

  return {
    rtp,
    parseCtx,
    seedsOf,
    paramsOf,
    startRound,
    act,
    refusal,
    credit,
    abandon,
    playRound,
    itReturnsTheRtp,
  };
}
