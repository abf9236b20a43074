/**
 * The game model. Every game is a pure, deterministic state machine; the round engine (server) owns
 * money, persistence and time, and performs the wallet operations a step asks for, in order.
 *
 *   start(input, ctx)        -> Step   opens a round (its ops begin with the opening debit)
 *   act(state, action, ctx)  -> Step   the player's next move (reveal, cash out, double, add a bet...)
 *   tick(state, ctx)         -> Step   time passing (a crash game's flight), called by the engine at `deadline`
 *   abandon(state, ctx)      -> Step   settles a round nobody finishes; always closes it
 *
 * Same inputs (seeds, params, actions, times) give the same steps, which is what makes a finished round
 * verifiable: replaying it from the revealed seeds reproduces every outcome.
 */
import type { GameRefusalReason } from "@rgs/protocol/errors";
import type { RandomReader } from "./fair/random.ts";
import type { Rational } from "./math/rational.ts";

export type GameKind = "single" | "cash-out" | "table";

/** A wallet operation, in minor units. The engine performs a step's ops in order. */
export type WalletOp =
  /** Stake taken from the player. A non-opening debit (double, split, insurance, war, added bet) may be refused by the wallet; see `onDebitRefused`. */
  | { kind: "debit"; amount: bigint; reason: string }
  /** Payout. `closesRound` true only on the round's last op; `amount` 0n is a loss. */
  | { kind: "credit"; amount: bigint; closesRound: boolean; reason: string };

/**
 * Games that draw during later steps keep the position of the next unread word as `randomPosition` in their state;
 * the engine positions the reader there for the next step (0 for a state without it).
 */
export function randomPositionOf(state: unknown): number {
  const position = (state as { randomPosition?: unknown } | null)?.randomPosition;
  return typeof position === "number" && Number.isSafeInteger(position) && position >= 0 ? position : 0;
}

export interface StepContext {
  /** The round's random stream, positioned at `randomPositionOf(state)` (0 at start). */
  random: RandomReader;
  /** The engine's clock, epoch milliseconds. Only time-driven games read it. */
  now: number;
}

export interface StartInput<P> {
  /** Total opening stake in minor units (for multi-bet games: the sum of the bets). */
  stake: bigint;
  params: P;
  /** The declared RTP of the launched game code, exact (9946/10000). */
  rtp: Rational;
  /**
   * The session's maximum win in minor units. Single-round bets that could exceed it are refused before start
   * (see `maxPayout`); cash-out games stop at the last step whose payout fits and cash out automatically.
   */
  maxWin: bigint;
}

export interface Step<S, V> {
  state: S;
  ops: WalletOp[];
  /** What the player's browser may see now: never anything that reveals a future outcome. */
  view: V;
  /**
   * True when the round is over; then the last op is a closing credit. A `start` step that is closed with no ops
   * took no bet at all (`note: "bet_exceeds_max_win"`: even the first step would pay more than the maximum win).
   */
  closed: boolean;
  /** Epoch ms at which the engine must call `tick` (a crash game's automatic cash-out or crash), if any. */
  deadline?: number;
  /** Why the round ended on its own, shown to the player ("max_win_reached", "crashed", ...). */
  note?: string;
}

/** A refusal names its reason from the catalogue (`@rgs/protocol/errors`), which the server answers as `reason`. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: GameRefusalReason; detail: string };

export interface ParseContext {
  rtp: Rational;
  /** Decimals of the session currency, for games whose params carry amounts (roulette, craps, side bets). */
  decimals: number;
}

export interface GameDefinition<P = unknown, S = unknown, A = unknown, V = unknown> {
  slug: string;
  kind: GameKind;
  /** Validates what the player chose; errors are specific ("rows must be an integer from 8 to 16"). */
  parseParams(input: unknown, ctx: ParseContext): Parsed<P>;
  /** Opening stake of a play request: `amount` for most games, the sum of the bets for multi-bet games. */
  stakeOf(params: P, amount: bigint): bigint;
  /** Largest payout the bet can reach (minor units), computed before any money moves. */
  maxPayout(params: P, stake: bigint, rtp: Rational): bigint;
  start(input: StartInput<P>, ctx: StepContext): Step<S, V>;
  parseAction?(input: unknown, state: S, ctx: ParseContext): Parsed<A>;
  act?(state: S, action: A, ctx: StepContext): Step<S, V>;
  tick?(state: S, ctx: StepContext): Step<S, V>;
  /**
   * The wallet refused a non-opening debit this step asked for (not enough money for a double): the engine
   * calls this with the state from before the step, and the game returns the round as it was, without that action.
   */
  onDebitRefused?(stateBefore: S, action: A, ctx: StepContext): Step<S, V>;
  abandon(state: S, ctx: StepContext): Step<S, V>;
  /** The whole state, revealed once the round is closed (hidden tiles, cards, crash point) for verification. */
  reveal(state: S): unknown;
}
