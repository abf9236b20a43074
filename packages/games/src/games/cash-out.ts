/**
 * Shared rules of the cash-out games (mines, towers, hilo, coinflip, pump, crossing, mining, flight...).
 *
 * The value of a state is `RTP / P(reaching it)`: every strategy, choice and stopping time then returns exactly
 * the declared RTP, the house edge applied once. Manual cash-out is refused before the first step (it would be a
 * button that pays RTP x stake); an abandoned round is settled at its state's value, which before the first step
 * is RTP itself, so walking away is never better or worse than playing on.
 *
 * Maximum win: when the next step's payout would exceed the session's maximum win, the game cashes out
 * automatically at the current step and says so (`note: "max_win_reached"`). Stopping is a strategy like any
 * other, so the RTP stays exact.
 */
import { div, payout, type Rational, rat } from "../math/rational.ts";
import type { Step } from "../model.ts";

/** Actions arrive from the game API as `{ action: "reveal", params: { tile: 7 } }`. */
export interface ActionInput {
  action: string;
  params?: unknown;
}

export const stateValue = (rtp: Rational, probabilityReached: Rational): Rational =>
  div(rtp, probabilityReached);

/** True when paying `multiplier` on `stake` stays within the session's maximum win. */
export const fitsMaxWin = (stake: bigint, multiplier: Rational, maxWin: bigint): boolean =>
  payout(stake, multiplier) <= maxWin;

export function openStep<S, V>(state: S, view: V, ops: Step<S, V>["ops"] = []): Step<S, V> {
  return { state, view, ops, closed: false };
}

/** Closes the round paying `multiplier` on the stake (0 for a loss), rounded down once. */
export function closingStep<S, V>(
  state: S,
  view: V,
  stake: bigint,
  multiplier: Rational | null,
  reason: "cash_out" | "loss" | "abandoned" | "max_win_reached" | "completed" | "crashed",
): Step<S, V> {
  const amount = multiplier ? payout(stake, multiplier) : 0n;
  return {
    state,
    view,
    closed: true,
    ops: [{ kind: "credit", amount, closesRound: true, reason }],
    ...(reason === "max_win_reached" ? { note: reason } : {}),
  };
}

/** How a cash-out round ended, as the games record it in their state, and the reason its closing credit carries. */
export const CLOSING_REASON = {
  lost: "loss",
  cashed_out: "cash_out",
  completed: "completed",
  max_win_reached: "max_win_reached",
  abandoned: "abandoned",
} as const;
export type ClosingStatus = keyof typeof CLOSING_REASON;

/** A step that moves no money and leaves the round as it is (an action on a closed round, a repeated tick). */
export function unchangedStep<S extends { status: string }, V>(state: S, view: V): Step<S, V> {
  return { state, view, ops: [], closed: state.status !== "open" };
}

/** The declared RTP a cash-out state carries as "num/den". */
export const rtpOfState = (state: { rtp: string }): Rational => {
  const [num = "0", den = "1"] = state.rtp.split("/");
  return rat(BigInt(num), BigInt(den));
};

/**
 * The round's first step: the opening debit and an open round, or, when even the first step would pay more than
 * the maximum win, a closed round that took no bet.
 */
export function openingStep<S extends { status: string }, V>(
  state: S,
  viewOf: (state: S) => V,
  stake: bigint,
  firstStepFits: boolean,
): Step<S, V> {
  if (!firstStepFits) {
    const refused: S = { ...state, status: "bet_exceeds_max_win" };
    return { state: refused, view: viewOf(refused), ops: [], closed: true, note: "bet_exceeds_max_win" };
  }
  return openStep(state, viewOf(state), [{ kind: "debit", amount: stake, reason: "bet" }]);
}

/** Where one step of the player took the round: onto a loss, a safe rung, or the top of the ladder. */
export interface Climb<S> {
  next: S;
  outcome: "lost" | "safe" | "top";
}

/**
 * The step after a climb: a loss closes with nothing; the top completes the round; a next step that would pay
 * beyond the maximum win cashes out now (`nextFits` is asked only below the top, where a next step exists).
 */
export function climbStep<S, V>(
  { next, outcome }: Climb<S>,
  nextFits: (state: S) => boolean,
  moves: {
    close(state: S, status: "lost" | "completed" | "max_win_reached"): Step<S, V>;
    viewOf(state: S): V;
  },
): Step<S, V> {
  if (outcome === "lost") return moves.close(next, "lost");
  if (outcome === "top") return moves.close(next, "completed");
  if (!nextFits(next)) return moves.close(next, "max_win_reached");
  return openStep(next, moves.viewOf(next));
}

/** Abandoning settles an open round at its state's value; a closed round stays as it is. */
export function abandonOpen<S extends { status: string }, V>(
  state: S,
  moves: { close(state: S, status: "abandoned"): Step<S, V>; viewOf(state: S): V },
): Step<S, V> {
  if (state.status !== "open") return unchangedStep(state, moves.viewOf(state));
  return moves.close(state, "abandoned");
}
