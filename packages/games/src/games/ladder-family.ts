/**
 * The ladder family of cash-out games (chicken crossing, doctor pump, degen mining): the player picks a
 * difficulty, climbs with one action and cashes out with another, and the state carries its own payout.
 * `ladderGame()` builds a game's definition from what is its own (the draw, the ladder, the view, the climb);
 * the parameter parsing, action shape, opening, closing and no-op steps are the family's.
 */
import type { RandomReader } from "../fair/random.ts";
import { payout, type Rational } from "../math/rational.ts";
import type { GameDefinition, Parsed, Step } from "../model.ts";
import {
  abandonOpen,
  CLOSING_REASON,
  type Climb,
  climbStep,
  closingStep,
  openingStep,
  unchangedStep,
} from "./cash-out.ts";
import { accept, isRecord, paramsObject, refuse, unknownKey } from "./params.ts";

export type LadderStatus =
  | "open"
  | "lost"
  | "cashed_out"
  | "completed"
  | "max_win_reached"
  | "abandoned"
  | "bet_exceeds_max_win";

type LadderClosing = Exclude<LadderStatus, "open" | "bet_exceeds_max_win">;

/** JSON-safe: amounts and the RTP are decimal strings. */
export interface LadderState<D extends string> {
  difficulty: D;
  stake: string;
  maxWin: string;
  /** The declared RTP as "num/den". */
  rtp: string;
  status: LadderStatus;
  payout?: string;
}

export interface DifficultyChoice<D extends string> {
  /** How refusals name the game ("Doctor Pump"). */
  name: string;
  /** A valid params object, shown when the input is not an object. */
  example: string;
  difficulties: readonly D[];
  isDifficulty(value: unknown): value is D;
}

/** A ladder game's params: `{ difficulty }` and nothing else. */
export function parseDifficultyParams<D extends string>(
  input: unknown,
  choice: DifficultyChoice<D>,
): Parsed<{ difficulty: D }> {
  const shape = paramsObject(input, { ...choice, allowed: ["difficulty"] });
  if (!shape.ok) return shape;
  const { difficulty } = shape.value;
  if (!choice.isDifficulty(difficulty))
    return refuse("invalid_difficulty", `difficulty must be one of ${choice.difficulties.join(", ")}.`);
  return accept({ difficulty });
}

/** An action on an open round: an object with an `action` name and, at most, `params`. */
export function ladderActionInput(
  input: unknown,
  state: { status: LadderStatus },
  example: string,
): Parsed<{ action: string; params: unknown }> {
  if (state.status !== "open") return refuse("round_closed", "This round is closed.");
  if (!isRecord(input) || typeof input.action !== "string")
    return refuse("invalid_action", `An action looks like ${example}.`);
  const extra = unknownKey(input, ["action", "params"]);
  if (extra) return refuse("invalid_action", `Unknown action field "${extra}".`);
  return accept({ action: input.action, params: input.params });
}

/** An action that takes no parameters (the climb of a game without choices, or the cash-out). */
const takesNoParams = (action: string, params: unknown): Parsed<never> | undefined =>
  params !== undefined && !(isRecord(params) && Object.keys(params).length === 0)
    ? refuse("invalid_params", `${action} takes no parameters.`)
    : undefined;

/** The cash-out, refused before the first step (`beforeFirstStep` says what that step is). */
export function parseCashOut(params: unknown, stepsTaken: number, beforeFirstStep: string): Parsed<CashOut> {
  const withParams = takesNoParams("cash_out", params);
  if (withParams) return withParams;
  if (stepsTaken === 0) return refuse("no_step_taken", beforeFirstStep);
  return accept({ type: "cash_out" });
}

export type CashOut = { type: "cash_out" };

/** The actions of a ladder climbed without choices: `climb` (no parameters) or cash out. */
export function parseClimbOrCashOut<C extends string>(
  input: unknown,
  state: { status: LadderStatus },
  ladder: { climb: C; stepsTaken: number; beforeFirstStep: string },
): Parsed<{ type: C } | CashOut> {
  const { climb } = ladder;
  const parsed = ladderActionInput(input, state, `{"action":"${climb}"} or {"action":"cash_out"}`);
  if (!parsed.ok) return parsed;
  const { action, params } = parsed.value;
  if (action === "cash_out") return parseCashOut(params, ladder.stepsTaken, ladder.beforeFirstStep);
  if (action !== climb)
    return refuse("unknown_action", `Unknown action "${action}": use "${climb}" or "cash_out".`);
  return takesNoParams(action, params) ?? accept({ type: climb });
}

interface LadderMoves<S, V> {
  viewOf(state: S): V;
  /** Closes the round at `status`, paying the state's value (nothing on a loss) and recording the payout. */
  close(state: S, status: LadderClosing): Step<S, V>;
  /** The round as it is, for an action or abandon that reaches a closed round. */
  unchanged(state: S): Step<S, V>;
}

/** The closing and no-op steps of a ladder game, from its view and the value of a state. */
function ladderMoves<S extends LadderState<string>, V>(
  viewOf: (state: S) => V,
  worth: (state: S) => Rational,
): LadderMoves<S, V> {
  return {
    viewOf,
    close(state, status) {
      const multiplier = status === "lost" ? null : worth(state);
      const step = closingStep(state, viewOf(state), BigInt(state.stake), multiplier, CLOSING_REASON[status]);
      const closed: S = { ...state, status, payout: String(step.ops[0]?.amount ?? 0n) };
      return { ...step, state: closed, view: viewOf(closed) };
    },
    unchanged: (state) => unchangedStep(state, viewOf(state)),
  };
}

export interface LadderGameConfig<D extends string, S extends LadderState<D>, A, V> {
  slug: string;
  choice: DifficultyChoice<D>;
  /** The multiplier at the top of the ladder: the largest payout of a bet. */
  topMultiplier(difficulty: D, rtp: Rational): Rational;
  /** The round's hidden outcomes and its starting progress, drawn at start. */
  deal(random: RandomReader, difficulty: D): Omit<S, keyof LadderState<D>>;
  viewOf(state: S): V;
  /** The cash-out value of a state. */
  worth(state: S): Rational;
  /** Whether the best next step from this state still pays within the maximum win. */
  nextFits(state: S): boolean;
  parseAction(input: unknown, state: S): Parsed<A | CashOut>;
  climb(state: S, action: A): Climb<S>;
}

export function ladderGame<D extends string, S extends LadderState<D>, A, V>(
  config: LadderGameConfig<D, S, A, V>,
): GameDefinition<{ difficulty: D }, S, A | CashOut, V> {
  const moves = ladderMoves(config.viewOf, config.worth);
  return {
    slug: config.slug,
    kind: "cash-out",
    parseParams: (input) => parseDifficultyParams(input, config.choice),
    stakeOf: (_params, amount) => amount,
    maxPayout: (params, stake, rtp) => payout(stake, config.topMultiplier(params.difficulty, rtp)),
    start({ stake, params, rtp, maxWin }, { random }) {
      const { difficulty } = params;
      const dealt = config.deal(random, difficulty);
      const base = {
        difficulty,
        stake: stake.toString(),
        maxWin: maxWin.toString(),
        rtp: `${rtp.num}/${rtp.den}`,
      };
      // The state's fields keep the order every stored round has: the family's, the game's, then the status.
      const state = { ...base, ...dealt, status: "open" } as S;
      return openingStep(state, config.viewOf, stake, config.nextFits(state));
    },
    parseAction: (input, state) => config.parseAction(input, state),
    act(state, action) {
      if (state.status !== "open") return moves.unchanged(state);
      if (isCashOut(action)) return moves.close(state, "cashed_out");
      return climbStep(config.climb(state, action), config.nextFits, moves);
    },
    abandon: (state) => abandonOpen(state, moves),
    reveal: (state) => state,
  };
}

const isCashOut = (action: unknown): action is CashOut => (action as { type?: unknown }).type === "cash_out";
