/**
 * The one JSON error shape of the operator API and the game API, extending the spec's 429 body
 * (`status`, `title`, `code`) to every error, with an optional human `detail`. On the game API a refusal
 * by the operator's wallet may also carry the wallet's own message for the player, `customUserError`.
 */

export interface ErrorBody {
  status: number;
  title: string;
  code: string;
  detail?: string;
  customUserError?: string;
}

export const ERROR_CATALOG = {
  rate_limit_exceeded: { status: 429, title: "Too Many Requests" },
  missing_operator_id: { status: 401, title: "Missing X-Operator-ID header" },
  unknown_operator: { status: 401, title: "Unknown operator" },
  missing_timestamp: { status: 401, title: "Missing X-Timestamp header" },
  missing_signature: { status: 401, title: "Missing X-HMAC-SHA256 header" },
  malformed_timestamp: { status: 401, title: "Malformed X-Timestamp header" },
  malformed_signature: { status: 401, title: "Malformed X-HMAC-SHA256 header" },
  expired_timestamp: { status: 401, title: "Timestamp outside the accepted window" },
  bad_signature: { status: 401, title: "Signature does not match" },
  replayed_request: { status: 401, title: "Request already received" },
  query_not_allowed: { status: 400, title: "Query string not allowed" },
  malformed_json: { status: 400, title: "Malformed JSON body" },
  invalid_request: { status: 400, title: "Invalid request" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  unsupported_charset: { status: 415, title: "Unsupported character set" },
  invalid_encoding: { status: 400, title: "Body is not valid UTF-8" },
  request_timeout: { status: 408, title: "Request timeout" },
  too_many_connections: { status: 429, title: "Too many connections" },
  uri_too_long: { status: 414, title: "URI too long" },
  headers_too_large: { status: 431, title: "Request headers too large" },
  payload_too_large: { status: 413, title: "Payload too large" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  invalid_metrics_token: { status: 401, title: "Missing or wrong metrics token" },
  game_not_enabled: { status: 403, title: "Game not enabled for this operator" },
  country_not_allowed: { status: 403, title: "Country not allowed" },
  player_self_excluded: { status: 403, title: "Player is self-excluded" },
  unknown_game: { status: 400, title: "Unknown game" },
  unknown_currency: { status: 400, title: "Unknown currency" },
  bet_limits_not_allowed: { status: 400, title: "Bet limits not allowed" },
  callback_url_required: { status: 409, title: "Callback base URL required" },
  currency_mismatch: { status: 409, title: "Wallet account currency differs" },
  player_disabled: { status: 403, title: "Player is disabled" },
  player_refused: { status: 403, title: "Wallet refused the player" },
  operator_not_certified: { status: 403, title: "Operator not certified for real play" },
  wallet_refused: { status: 502, title: "Wallet refused the callback" },
  wallet_signature_refused: { status: 502, title: "Wallet refused the callback signature" },
  wallet_answer_invalid: { status: 502, title: "Wallet answer invalid" },
  wallet_unavailable: { status: 503, title: "Wallet unavailable" },
  invalid_session: { status: 401, title: "Invalid session token" },
  session_expired: { status: 401, title: "Session expired" },
  invalid_amount: { status: 400, title: "Invalid amount" },
  bet_below_minimum: { status: 400, title: "Bet below the minimum" },
  bet_above_maximum: { status: 400, title: "Bet above the maximum" },
  max_win_exceeded: { status: 400, title: "Possible win above the maximum" },
  invalid_params: { status: 400, title: "Invalid game parameters" },
  invalid_action: { status: 400, title: "Invalid action" },
  not_enough_money: { status: 402, title: "Not enough money" },
  active_round_exists: { status: 409, title: "A round is already open" },
  round_not_found: { status: 404, title: "Round not found" },
  round_closed: { status: 409, title: "Round already closed" },
  round_not_finished: { status: 409, title: "Round not finished" },
  round_initializing: { status: 503, title: "Round is being set up" },
  invalid_client_seed: { status: 400, title: "Invalid client seed" },
  seed_pair_not_found: { status: 404, title: "Seed pair not found" },
  seed_pair_not_retired: { status: 409, title: "Seed pair still in use" },
  idempotency_key_invalid: { status: 400, title: "Invalid Idempotency-Key header" },
  idempotency_key_too_long: { status: 400, title: "Idempotency-Key header too long" },
  idempotency_key_reused: { status: 422, title: "Idempotency-Key already used for another request" },
  request_in_progress: { status: 409, title: "Request with this Idempotency-Key still in progress" },
  store_unavailable: { status: 503, title: "Store unavailable" },
  shutting_down: { status: 503, title: "Server shutting down" },
  // Answered by the reference deployment's load balancer (ops/haproxy/503.http) when no instance is ready,
  // in the same shape so clients need one error path.
  service_unavailable: { status: 503, title: "Service unavailable" },
  internal_error: { status: 500, title: "Internal server error" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOG, code);
}

/**
 * The body for an error code. A code missing from the catalog is kept as given but answered as a 500,
 * so an unlisted failure is visible in logs and to the operator rather than disguised as another code.
 */
export function errorBody(code: ErrorCode | (string & {}), detail?: string): ErrorBody {
  const entry = isErrorCode(code) ? ERROR_CATALOG[code] : ERROR_CATALOG.internal_error;
  const body: ErrorBody = { status: entry.status, title: entry.title, code };
  if (detail !== undefined) body.detail = detail;
  return body;
}
