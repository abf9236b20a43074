/**
 * The contract between the shell and each game's view. A view module (`src/views/<slug>/index.tsx`) exports
 * `Board`, `Controls`, `Rules` and `defaultParams` as named exports, and `Actions` when an open round has moves
 * of its own; the shell loads it on demand. Everything a view needs arrives in its props: it never reads the
 * shell, so the same view can show a finished round read-only, without a session.
 */
import type { ComponentType } from "preact";
import type { Formats, Money } from "../i18n/format.ts";
import type { Translate } from "../i18n/index.ts";
import type { SharedState } from "./shared/shared-state.ts";

export type { Money };

/** The session's limits in minor units. */
export interface Limits {
  minBet: bigint;
  maxBet: bigint;
  maxWin: bigint;
}

/** What a view's defaults depend on: a first bet valid in the session's currency and limits. */
export interface ViewContext {
  decimals: number;
  limits: Limits;
}

export interface RoundLike {
  id: string;
  gameCode: string;
  status: "open" | "settling" | "closed" | "cancelled";
  /** Decimal strings in the session currency ("1.50"). */
  stake: string;
  payout: string;
  /** The game's `view` of the round (the `View` type of packages/games/src/games/<slug>/game.ts). */
  view: unknown;
  note?: string;
}

export interface GameViewProps {
  /** The launched catalog code, e.g. "plinko-alpha". */
  gameCode: string;
  /** The player's current choices for the next bet. */
  params: unknown;
  setParams(params: unknown): void;
  /** The round being shown (the last result, or the open round). */
  round: RoundLike | null;
  /** False: render the final state at once (fast play, autobet, animations off or reduced motion). */
  animate: boolean;
  /** Views call this once the round's result animation has finished (or at once when animate is false or skipped). */
  onRevealed(): void;
  /** The next action of an open round (cash-out and table games); single-round views don't use it. */
  act(action: string, params?: unknown): Promise<void>;
  /**
   * Re-reads the round on show from the server (POST /game/current, then GET /game/round/:id once it is no
   * longer open) and shows it with the balance: for rounds the server's clock ends (a flight's crash or
   * automatic cash-out). Calls made while one runs share it.
   */
  refresh(): Promise<void>;
  /** The server's clock (epoch ms) as best known from its answers: what a round's times are measured on. */
  serverNow(): number;
  /** A request is in flight, autobet runs, or the round is shown read-only: disable inputs. */
  busy: boolean;
  /** A finished round shown for the record (a replay): no bet, no move. */
  readOnly: boolean;
  /**
   * False where the session's rules forbid celebrating a round that returns its stake or less: the view marks
   * what paid only when the round returned more (shared/celebration.ts). Absent: marked as paid.
   */
  celebrateAtMostStake?: boolean;
  t: Translate;
  currency: Money;
  /** Numbers in the player's language: amounts with the currency's decimals, multipliers, percentages. */
  format: Formats;
  /** Minor units -> "1.50 USD" style (`format.amount`). */
  formatAmount(minor: string | bigint): string;
  /** The session's limits: a view's chips and defaults stay within them. */
  limits: Limits;
  /** State the view's Board, Controls and Actions share while the game is on screen (a chip value, bets to add). */
  shared: SharedState;
  /**
   * The stake of the next bet in minor units, when the amount entered is valid (for games whose params carry
   * the bets, the total of those bets): views show "payout on win" from it with the games package's maths.
   */
  amount?: bigint;
}

export interface GameViewModule {
  /** The board/animation area; it must fit the height the shell gives it (the first screen of a phone). */
  Board: ComponentType<GameViewProps>;
  /** The game's own settings (risk, rows, target, chips...), beside or under the board. */
  Controls: ComponentType<GameViewProps>;
  /** The moves of an open round (Cash out, Hit, Stand, Roll...): shown in place of the Bet button while it is open. */
  Actions?: ComponentType<GameViewProps>;
  /** The params of a first bet, valid in the session's currency and limits. */
  defaultParams(gameCode: string, context: ViewContext): unknown;
  /** The rules panel body: paytable for the current params (from the games package); the shell adds the RTP line. */
  Rules: ComponentType<GameViewProps>;
  /**
   * Games whose params carry the bets (roulette, baccarat, craps, war, multi-seat blackjack; the server ignores
   * `amount` and stakes their sum): the stake those params place, in minor units, or undefined when no valid
   * bet is placed. With it, the shell shows this total instead of its bet amount field, checks it against the
   * limits and sends it as `amount`.
   */
  stakeFromParams?(params: unknown, decimals: number): bigint | undefined;
  /**
   * With stakeFromParams, for autobet's "on win / on loss: increase": the same bets scaled so that they
   * stake about `stake` minor units (each bet rounded down, never below one minor unit).
   */
  scaleStake?(params: unknown, stake: bigint, decimals: number): unknown;
  /**
   * Single-round games: the largest payout of `stake` with these params, exactly as the server computes it
   * (undefined for params it would refuse). The shell refuses a bet that could pay more than the maximum win.
   */
  maxPayout?(gameCode: string, params: unknown, stake: bigint, decimals: number): bigint | undefined;
  /**
   * Cash-out games: true when a round with these params resolves in the POST /game/play call itself (the
   * instant mode of Mines and Towers), so autobet applies. Without it, a cash-out game has no autobet.
   */
  resolvesAtOnce?(params: unknown): boolean;
  /**
   * A translation key naming what the player must still choose before these params can be played (the
   * tiles of an instant round), or undefined when they are complete. The shell disables the bet and says it.
   */
  missingChoice?(params: unknown): string | undefined;
  /**
   * The multiplier a finished round's view shows (a decimal string), when the game has one: the history
   * and the result line show the same. Without it the shell reads the view's `multiplier`.
   */
  multiplierOf?(view: unknown): string | undefined;
}
