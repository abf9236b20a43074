/**
 * A refusal of a game API request, with the HTTP status it is answered with and a specific detail for
 * the player. `customUserError` is the wallet's own message, shown as sent when the wallet refused a bet.
 */
export class GameError extends Error {
  override name = "GameError";

  constructor(
    public readonly code: GameErrorCode,
    public readonly status: number,
    public readonly detail: string,
    public readonly customUserError?: string,
  ) {
    super(detail);
  }
}

export type GameErrorCode =
  | "invalid_amount"
  | "bet_below_minimum"
  | "bet_above_maximum"
  | "max_win_exceeded"
  | "invalid_params"
  | "invalid_action"
  | "invalid_client_seed"
  | "unknown_game"
  | "active_round_exists"
  | "round_not_found"
  | "round_closed"
  | "round_busy"
  | "round_initializing"
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
  | "request_in_progress";

/** HTTP status of each code: 4xx for what the player or the wallet refused, 503 while the wallet cannot answer. */
export const GAME_ERROR_STATUS: Record<GameErrorCode, number> = {
  invalid_amount: 400,
  bet_below_minimum: 400,
  bet_above_maximum: 400,
  max_win_exceeded: 400,
  invalid_params: 400,
  invalid_action: 400,
  invalid_client_seed: 400,
  unknown_game: 400,
  active_round_exists: 409,
  round_not_found: 404,
  round_closed: 409,
  round_busy: 409,
  round_initializing: 503,
  seed_pair_not_found: 404,
  seed_pair_not_retired: 409,
  not_enough_money: 402,
  player_disabled: 403,
  session_expired: 401,
  bet_refused: 409,
  wallet_unavailable: 503,
  idempotency_key_invalid: 400,
  idempotency_key_too_long: 400,
  idempotency_key_reused: 422,
  request_in_progress: 409,
};

export function gameError(code: GameErrorCode, detail: string, customUserError?: string): GameError {
  return new GameError(code, GAME_ERROR_STATUS[code], detail, customUserError);
}
