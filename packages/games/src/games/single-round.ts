/**
 * Settlement shared by the single-round games (dice, limbo, keno, roulette, baccarat): the round is decided
 * and paid in `start`, so its step debits the stake and closes with one credit (0 on a loss).
 */
import type { Step } from "../model.ts";

export function settledStep<S, V>(state: S, view: V, stake: bigint, payoutAmount: bigint): Step<S, V> {
  return {
    state,
    view,
    closed: true,
    ops: [
      { kind: "debit", amount: stake, reason: "bet" },
      { kind: "credit", amount: payoutAmount, closesRound: true, reason: payoutAmount > 0n ? "win" : "loss" },
    ],
  };
}

/** A single-round game's round is settled at start: abandoning it moves no money and shows the result again. */
export const alreadySettled = <S, V>(state: S, view: V): Step<S, V> => ({
  state,
  view,
  ops: [],
  closed: true,
});
