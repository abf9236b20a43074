/**
 * The grid family of cash-out games (mines, towers, mines mania): tiles picked on a board, a ladder of values by
 * safe tiles shown, and the round's random stream kept in the state. `gridGame()` builds a game's definition from
 * what is its own (the board, the ladder, the view, the pick); the action shape, opening (with the instant mode
 * that plays a list of picks in `start`), closing step and the figures of the view are the family's.
 */
import type { RandomReader } from "../fair/random.ts";
import { payout, type Rational, rat, toFixedDown, toFraction } from "../math/rational.ts";
import type { GameDefinition, Parsed, Step } from "../model.ts";
import {
  type ActionInput,
  abandonOpen,
  type Climb,
  climbStep,
  closingStep,
  openingStep,
  openStep,
  rtpOfState,
} from "./cash-out.ts";
import { accept, isRecord, refuse } from "./params.ts";

export type GridStatus =
  | "open"
  | "lost"
  | "cash_out"
  | "completed"
  | "max_win_reached"
  | "abandoned"
  /** The first step alone would pay more than the session's maximum win: no bet was taken. */
  | "bet_exceeds_max_win";

type GridClosing = Exclude<GridStatus, "open" | "bet_exceeds_max_win">;

export interface GridState {
  /** Minor units, decimal string. */
  stake: string;
  /** The declared RTP, "num/den". */
  rtp: string;
  maxWin: string;
  status: GridStatus;
  /** Where the round's random stream continues; the engine positions the next step's reader here. */
  randomPosition: number;
}

export const moneyOf = (state: GridState) => ({
  stake: BigInt(state.stake),
  rtp: rtpOfState(state),
  maxWin: BigInt(state.maxWin),
});

interface GridMoves<S, V> {
  viewOf(state: S): V;
  /** Closes the round at `status`, paying the state's value (nothing on a loss). */
  close(state: S, status: GridClosing): Step<S, V>;
}

/** The closing step of a grid game, from its view and the value of a state. */
function gridMoves<S extends GridState, V>(
  viewOf: (state: S) => V,
  worth: (state: S) => Rational,
): GridMoves<S, V> {
  return {
    viewOf,
    close(state, status) {
      const closed: S = { ...state, status };
      const multiplier = status === "lost" ? null : worth(closed);
      return closingStep(
        closed,
        viewOf(closed),
        BigInt(closed.stake),
        multiplier,
        status === "lost" ? "loss" : status,
      );
    },
  };
}

/** What a grid game's view shows of the round's value. */
export interface GridFiguresView {
  /** What cashing out pays now (0 after a loss), rounded down to 4 decimals; `multiplierExact` is the fraction paid. */
  multiplier: string;
  multiplierExact: string;
  /** The multiplier after one more safe step and its chance, while the round is open. */
  next: { multiplier: string; multiplierExact: string; safeChance: string } | null;
  stake: string;
  /** Minor units paid when the round is closed. */
  payout: string | null;
}

/** What the view shows of the round's value: now, after one more safe tile, and the payout once closed. */
export function gridFigures(
  state: GridState,
  steps: number,
  valueAt: (steps: number) => Rational,
  nextSafeChance: () => Rational,
) {
  const open = state.status === "open";
  const paid =
    state.status === "lost" ? rat(0) : state.status === "bet_exceeds_max_win" ? null : valueAt(steps);
  const shown = paid ?? rat(0);
  const next = open ? valueAt(steps + 1) : null;
  return {
    shown: {
      multiplier: toFixedDown(shown, 4),
      multiplierExact: toFraction(shown),
      next: next
        ? {
            multiplier: toFixedDown(next, 4),
            multiplierExact: toFraction(next),
            safeChance: toFraction(nextSafeChance()),
          }
        : null,
    },
    payout: open || paid === null ? null : payout(BigInt(state.stake), paid).toString(),
  };
}

export interface GridActions<A> {
  /** How refusals name the game ("mines mania"). */
  game: string;
  /** A valid action, shown when the input is not one. */
  example: string;
  /** The parser of each picking action's params, by action name, in the order refusals list them. */
  picks: Record<string, (params: unknown) => Parsed<A>>;
  stepsTaken: number;
  /** What to do before cashing out is allowed ("Reveal at least one tile before cashing out."). */
  beforeFirstStep: string;
}

/** An action on an open round: one of the game's picks, or the cash-out after the first step. */
export function parseGridAction<A>(
  input: unknown,
  state: GridState,
  actions: GridActions<A>,
): Parsed<A | GridCashOut> {
  if (state.status !== "open") return refuse("round_closed", "This round is closed: start a new round.");
  if (!isRecord(input) || typeof input.action !== "string") {
    return refuse("invalid_action", `An action is an object: ${actions.example}.`);
  }
  const { action, params } = input as unknown as ActionInput;
  if (Object.hasOwn(actions.picks, action))
    return (actions.picks[action] as (params: unknown) => Parsed<A>)(params);
  if (action === "cash_out") return parseGridCashOut(params, actions.stepsTaken, actions.beforeFirstStep);
  const names = [...Object.keys(actions.picks), "cash_out"].map((name) => `"${name}"`);
  return refuse(
    "unknown_action",
    `Unknown ${actions.game} action "${action}": use ${names.slice(0, -1).join(", ")} or ${names.at(-1)}.`,
  );
}

/** The cash-out, refused before the first step (`beforeFirstStep` says what that step is). */
function parseGridCashOut(params: unknown, stepsTaken: number, beforeFirstStep: string): Parsed<GridCashOut> {
  if (params !== undefined && !(isRecord(params) && Object.keys(params).length === 0)) {
    return refuse("invalid_action", "cash_out takes no params.");
  }
  if (stepsTaken === 0) return refuse("no_step_taken", beforeFirstStep);
  return accept({ action: "cash_out" });
}

export type GridCashOut = { action: "cash_out" };

export interface GridGameConfig<P, S extends GridState, A, V> {
  slug: string;
  parseParams(input: unknown): Parsed<P>;
  maxPayout(params: P, stake: bigint, rtp: Rational): bigint;
  /** The round's board and its starting progress, drawn at start. */
  deal(random: RandomReader, params: P): Omit<S, keyof GridState>;
  /** Instant mode: the picks to play in `start`, in order, cashing out after the last. */
  instantPicks?(params: P): A[] | undefined;
  viewOf(state: S): V;
  /** The cash-out value of a state. */
  worth(state: S): Rational;
  /** Whether one more safe tile from this state still pays within the maximum win. */
  nextFits(state: S): boolean;
  parseAction(input: unknown, state: S): Parsed<A | GridCashOut>;
  pick(state: S, action: A): Climb<S>;
  reveal(state: S): unknown;
}

export function gridGame<P, S extends GridState, A, V>(
  config: GridGameConfig<P, S, A, V>,
): GameDefinition<P, S, A | GridCashOut, V> {
  const moves = gridMoves(config.viewOf, config.worth);
  const play = (state: S, action: A) => climbStep(config.pick(state, action), config.nextFits, moves);

  /** With instant picks the round is played in `start`, and the opening debit comes first. */
  function playInstantly(state: S, opened: Step<S, V>, picks: A[]): Step<S, V> {
    let step = openStep(state, config.viewOf(state));
    for (const action of picks) {
      step = play(step.state, action);
      if (step.closed) break;
    }
    if (!step.closed) step = moves.close(step.state, "cash_out");
    return { ...step, ops: [...opened.ops, ...step.ops] };
  }

  return {
    slug: config.slug,
    kind: "cash-out",
    parseParams: (input) => config.parseParams(input),
    stakeOf: (_params, amount) => amount,
    maxPayout: config.maxPayout,
    start({ stake, params, rtp, maxWin }, { random }) {
      const base = { stake: stake.toString(), rtp: toFraction(rtp), maxWin: maxWin.toString() };
      // The state's fields keep the order every stored round has: the family's, the game's, then the stream's.
      const state = {
        ...base,
        ...config.deal(random, params),
        status: "open",
        randomPosition: random.position,
      } as S;
      const opened = openingStep(state, config.viewOf, stake, config.nextFits(state));
      const picks = config.instantPicks?.(params);
      return opened.closed || !picks ? opened : playInstantly(state, opened, picks);
    },
    parseAction: (input, state) => config.parseAction(input, state),
    act: (state, action) => (isCashOut(action) ? moves.close(state, "cash_out") : play(state, action)),
    abandon: (state) => abandonOpen(state, moves),
    reveal: config.reveal,
  };
}

const isCashOut = (action: unknown): action is GridCashOut =>
  (action as { action?: unknown }).action === "cash_out";
