/**
 * What the grid games' tests share (mines, towers, mines mania), on top of the cash-out harness: actions by
 * input, rounds on a board fixed by an all-zero stream, and the simulated player whose mean return must be the RTP.
 */
import { expect, it } from "vitest";
import { Moments, meanWithinStandardErrors } from "../../src/analysis/stats.ts";
import { type Rational, toNumber } from "../../src/math/rational.ts";
import type { GameDefinition } from "../../src/model.ts";
import { begin, paidOut, perform, playerRng, type Round } from "./cash-out-harness.ts";
import { wordsSource } from "./production.ts";

/** Cash out at the player's whim, or right after the first safe step. */
export type GridStrategy = "random" | "first";

export interface GridPlayer<S, V> {
  /** The bet's params, chosen with the player's generator. */
  params(choose: () => number): object;
  /** One move of an open round: a pick, or the cash-out. */
  move(round: Round<S, V>, choose: () => number, strategy: GridStrategy): void;
}

// biome-ignore lint/suspicious/noExplicitAny: the harness drives grid games of any params and action type
type GridGame<S, V> = GameDefinition<any, S, any, V>;

export function gridHarness<S, V>(game: GridGame<S, V>, rtp: Rational) {
  const act = (round: Round<S, V>, input: unknown) => perform(game, round, input, rtp);
  const cashOut = (round: Round<S, V>) => act(round, { action: "cash_out" });

  /** Every word 0: the cut-short shuffle hides the mines or traps on the lowest tiles. */
  const fixedRound = (params: object, options: { stake?: bigint; maxWin?: bigint } = {}) =>
    begin(game, params, rtp, { random: wordsSource([]), ...options });

  function simulate(strategy: GridStrategy, seed: number, rounds: number, player: GridPlayer<S, V>): Moments {
    const choose = playerRng(seed);
    const sample = new Moments();
    const stake = 10n ** 12n;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const round = begin(game, player.params(choose), rtp, { nonce, stake, serverSeed: `mc-${strategy}` });
      while (!round.step.closed) player.move(round, choose, strategy);
      sample.add(Number(paidOut(round)) / Number(stake));
    }
    return sample;
  }

  /** Each strategy's mean return over 20,000 seeded rounds is the RTP, within 4 standard errors. */
  function itReturnsTheRtp(
    titles: Record<GridStrategy, string>,
    seeds: Record<GridStrategy, number>,
    player: GridPlayer<S, V>,
  ) {
    for (const strategy of ["random", "first"] as const) {
      it(`returns the RTP ${titles[strategy]} (within 4 standard errors)`, () => {
        const sample = simulate(strategy, seeds[strategy], 20_000, player);
        expect(meanWithinStandardErrors(sample, toNumber(rtp)).within).toBe(true);
      });
    }
  }

  return { act, cashOut, fixedRound, itReturnsTheRtp };
}
