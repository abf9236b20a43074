/**
 * The contract between the shell and each game's view. A view module (`src/views/<slug>/index.tsx`) exports
 * `Board`, `Controls`, `Rules` and `defaultParams` as named exports; the shell loads it on demand.
 */
import type { ComponentType } from "preact";

/** The session currency. */
export interface Money {
  code: string;
  decimals: number;
}

export interface RoundLike {
  id: string;
  gameCode: string;
  status: "open" | "settling" | "closed";
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
  /** False: render the final state at once (fast play, autobet or animations off). */
  animate: boolean;
  /** Views call this once the round's result animation has finished (or at once when animate is false or skipped). */
  onRevealed(): void;
  /** The next action of an open round (cash-out games); single-round views don't use it. */
  act(action: string, params?: unknown): Promise<void>;
  /**
   * Re-reads the round on show from the server (POST /game/current, then GET /game/round/:id once it is no
   * longer open) and shows it with the balance: for rounds the server's clock ends (a flight's crash or
   * automatic cash-out). Calls made while one runs share it.
   */
  refresh(): Promise<void>;
  /** The server's clock (epoch ms) as best known from its answers: what a round's times are measured on. */
  serverNow(): number;
  /** A request is in flight or autobet runs: disable inputs. */
  busy: boolean;
  t(key: string, vars?: Record<string, string | number>): string;
  currency: Money;
  /** Minor units -> "1.50 USD" style. */
  formatAmount(minor: string | bigint): string;
  /**
   * The stake of the next bet in minor units, when the amount entered is valid (for games whose params carry
   * the bets, the total of those bets): views show "payout on win" from it with the games package's maths.
   */
  amount?: bigint;
}

export interface GameViewModule {
  /** The board/animation area. */
  Board: ComponentType<GameViewProps>;
  /** The game's own controls (risk, rows, target, bet selection...), shown above the shell's bet amount/play button. */
  Controls: ComponentType<GameViewProps>;
  defaultParams(gameCode: string): unknown;
  /** The rules panel body: paytable for the current params (from the games package); the shell adds the RTP line. */
  Rules: ComponentType<GameViewProps>;
  /**
   * Games whose params carry the bets (roulette, baccarat; the server ignores `amount` and stakes their sum):
   * the stake those params place, in minor units, or undefined when no valid bet is placed. With it, the
   * shell shows this total instead of its bet amount field, checks it against the limits and sends it as
   * `amount`.
   */
  stakeFromParams?(params: unknown, decimals: number): bigint | undefined;
  /**
   * With stakeFromParams, for autobet's "on win / on loss: increase": the same bets scaled so that they
   * stake about `stake` minor units (each bet rounded down, never below one minor unit).
   */
  scaleStake?(params: unknown, stake: bigint, decimals: number): unknown;
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
}
