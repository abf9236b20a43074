import { type ErrorCode, type GameRefusalReason, statusOf } from "@rgs/protocol/errors";

/**
 * A refusal of a game API request, answered with its code's status from the error catalogue and a
 * specific detail for the player. `customUserError` is the wallet's own message, shown as sent when the wallet refused a bet.
 */
export class GameError extends Error {
  override name = "GameError";
  readonly status: number;

  constructor(
    public readonly code: GameErrorCode,
    public readonly detail: string,
    public readonly customUserError?: string,
    /** Why the game refused the parameters or the action (`invalid_params`, `invalid_action`), from the catalogue. */
    public readonly reason?: GameRefusalReason,
    /** The player-protection refusals' own figures, added to the body (`retryAfterMs`, `playedSeconds`...). */
    public readonly figures?: ProtectionFigures,
  ) {
    super(detail);
    this.status = statusOf(code);
  }
}

/** What a player-protection refusal tells the player besides its detail. */
export interface ProtectionFigures {
  /** `round_too_soon`: milliseconds until a round may start; Retry-After gives it in whole seconds, rounded up. */
  retryAfterMs?: number;
  /** `reality_check_due`: seconds played since the session's first launch. */
  playedSeconds?: number;
  /** `reality_check_due`: the session's net position, a decimal string. */
  netPosition?: string;
}

/** The codes the round engine refuses with; their status and title are the catalogue's. */
export type GameErrorCode = Extract<
  ErrorCode,
  | "invalid_amount"
  | "bet_below_minimum"
  | "bet_above_maximum"
  | "max_win_exceeded"
  | "invalid_params"
  | "invalid_action"
  | "invalid_client_seed"
  | "unknown_game"
  | "game_not_enabled"
  | "active_round_exists"
  | "previous_bet_settling"
  | "round_not_found"
  | "round_closed"
  | "round_busy"
  | "round_initializing"
  | "no_free_rounds"
  | "seed_pair_not_found"
  | "seed_pair_not_retired"
  | "not_enough_money"
  | "player_disabled"
  | "session_expired"
  | "bet_refused"
  | "wallet_unavailable"
  | "idempotency_key_invalid"
  | "idempotency_key_too_long"
  | "idempotency_key_reused"
  | "request_in_progress"
  | "round_too_soon"
  | "reality_check_due"
  | "reality_check_not_due"
>;

export function gameError(code: GameErrorCode, detail: string, customUserError?: string): GameError {
  return new GameError(code, detail, customUserError);
}

/** The game refused what the player sent: the code says where (play or act), the reason says why. */
export function gameRefusal(
  code: "invalid_params" | "invalid_action",
  refusal: { error: GameRefusalReason; detail: string },
): GameError {
  return new GameError(code, refusal.detail, undefined, refusal.error);
}
