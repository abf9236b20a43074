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
  /** Game API only: why the game refused the parameters or the action (`GAME_REFUSAL_REASONS`). */
  reason?: string;
  customUserError?: string;
  /** `round_too_soon`: milliseconds until a new round may start (the Retry-After header, rounded up, in seconds). */
  retryAfterMs?: number;
  /** `reality_check_due`: seconds played since the session's first launch. */
  playedSeconds?: number;
  /** `reality_check_due`: the session's net position (payouts minus stakes), where the profile shows it. */
  netPosition?: string;
}

/**
 * Every error code any interface answers (the game API, the operator API, the admin interface), with its
 * HTTP status and title: the only place either is kept. `adminStatus` is the status on the admin interface
 * where it differs: an operator the admin names but that does not exist is a missing resource there, while
 * on the operator API the same code means the caller could not be authenticated.
 */
export const ERROR_CATALOG = {
  rate_limit_exceeded: { status: 429, title: "Too Many Requests" },
  missing_operator_id: { status: 401, title: "Missing X-Operator-ID header" },
  unknown_operator: { status: 401, title: "Unknown operator", adminStatus: 404 },
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
  invalid_report_date: { status: 400, title: "Invalid report date" },
  report_range_too_long: { status: 400, title: "Report range too long" },
  unknown_time_zone: { status: 400, title: "Unknown time zone" },
  bet_limits_not_allowed: { status: 400, title: "Bet limits not allowed" },
  bet_limits_unplayable: { status: 400, title: "Bet limits leave no playable bet" },
  // Jurisdiction profiles (docs/jurisdictions.md).
  unknown_jurisdiction: { status: 400, title: "Unknown jurisdiction profile" },
  jurisdiction_not_allowed: {
    status: 400,
    title: "Jurisdiction profile looser than the player's location allows",
  },
  reality_check_interval_out_of_bounds: {
    status: 400,
    title: "Reality-check interval outside the profile's bounds",
  },
  currency_not_allowed: { status: 400, title: "Currency not allowed under the jurisdiction profile" },
  round_too_soon: { status: 409, title: "Too soon after the previous round" },
  reality_check_due: { status: 409, title: "Reality check due" },
  reality_check_not_due: { status: 409, title: "No reality check due" },
  callback_url_required: { status: 409, title: "Callback base URL required" },
  currency_mismatch: { status: 409, title: "Wallet account currency differs" },
  player_disabled: { status: 403, title: "Player is disabled" },
  player_refused: { status: 403, title: "Wallet refused the player" },
  operator_not_certified: { status: 403, title: "Operator not certified for real play" },
  // Free-round campaigns (docs/free-rounds.md).
  no_free_rounds: { status: 409, title: "No free round left to play" },
  free_rounds_not_enabled: { status: 403, title: "Free rounds not enabled for this operator" },
  campaign_game_not_eligible: { status: 400, title: "Game not eligible for free rounds" },
  campaign_bet_not_allowed: { status: 400, title: "Campaign bet not allowed" },
  campaign_params_invalid: { status: 400, title: "Campaign parameters refused by the game" },
  invalid_campaign_window: { status: 400, title: "Invalid campaign window" },
  campaign_window_too_long: { status: 400, title: "Campaign window too long" },
  campaign_reference_conflict: { status: 409, title: "Campaign reference already used" },
  campaign_not_found: { status: 404, title: "Campaign not found" },
  campaign_closed: { status: 409, title: "Campaign ended or cancelled" },
  grant_reference_conflict: { status: 409, title: "Grant reference already used" },
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
  bet_refused: { status: 409, title: "Wallet refused the bet" },
  active_round_exists: { status: 409, title: "A round is already open" },
  previous_bet_settling: { status: 409, title: "The previous bet is being returned" },
  round_busy: { status: 409, title: "Round busy with an earlier action" },
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
  // The operator's searches (docs/reporting.md).
  unknown_filter: { status: 400, title: "Unknown search filter" },
  invalid_filter: { status: 400, title: "Invalid search filter" },
  invalid_time_range: { status: 400, title: "Invalid time range" },
  time_range_too_long: { status: 400, title: "Time range longer than allowed" },
  invalid_cursor: { status: 400, title: "Invalid cursor" },
  cursor_mismatch: { status: 400, title: "Cursor of another search" },
  round_archived: { status: 410, title: "Round archived" },
  reporting_busy: { status: 429, title: "Too many reporting queries in flight" },
  reporting_timeout: { status: 503, title: "Reporting query took too long" },
  unauthorized: { status: 401, title: "Unauthorized" },
  unknown_pack: { status: 404, title: "Unknown game pack" },
  pack_exists: { status: 409, title: "Game pack already exists" },
  default_pack_read_only: { status: 409, title: "The default pack cannot be changed" },
  invalid_name: { status: 400, title: "Invalid name" },
  invalid_callback_url: { status: 400, title: "Invalid callback URL" },
  callback_url_private_network: { status: 400, title: "Callback URL in a private network" },
  invalid_lobby_url: { status: 400, title: "Invalid lobby URL" },
  invalid_responsible_gambling_url: { status: 400, title: "Invalid responsible-gambling URL" },
  invalid_limits_url: { status: 400, title: "Invalid limits URL" },
  invalid_countries: { status: 400, title: "Invalid countries" },
  invalid_frame_ancestors: { status: 400, title: "Invalid frame ancestors" },
  invalid_time_zone: { status: 400, title: "Invalid time zone" },
  invalid_bet_limits: { status: 400, title: "Invalid bet limits" },
  invalid_packs: { status: 400, title: "Invalid game packs" },
  invalid_pack_id: { status: 400, title: "Invalid game pack ID" },
  invalid_games: { status: 400, title: "Invalid games" },
  invalid_secret: { status: 400, title: "Invalid secret" },
  invalid_grace_period: { status: 400, title: "Invalid grace period" },
  sandbox_not_allowed: { status: 403, title: "Sandbox operators not allowed here" },
  unknown_transaction: { status: 404, title: "Unknown transaction" },
  callback_not_dead: { status: 409, title: "Callback is not a dead letter" },
  callback_not_credit: { status: 409, title: "Only a credit is replaced by a new one" },
  callback_in_delivery: { status: 409, title: "Callback is being delivered" },
  certification_in_progress: { status: 409, title: "Certification already running" },
  tester_busy: { status: 429, title: "Too many tester runs in flight" },
  tester_stopped: { status: 503, title: "Tester run stopped before its report" },
  tester_timed_out: { status: 503, title: "Tester run took too long" },
  unknown_certification: { status: 404, title: "Unknown certification" },
  audit_chain_broken: { status: 409, title: "Audit chain broken" },
  // The back office (docs/back-office.md).
  invalid_credentials: { status: 401, title: "Wrong user name or password" },
  account_locked: { status: 403, title: "Account locked after repeated failed sign-ins" },
  account_disabled: { status: 403, title: "Account disabled" },
  unknown_user: { status: 404, title: "Unknown person" },
  cannot_disable_self: { status: 409, title: "A person cannot disable their own account" },
  totp_required: { status: 401, title: "One-time code required" },
  invalid_totp: { status: 401, title: "Wrong one-time code" },
  csrf_token_invalid: { status: 403, title: "Missing or wrong CSRF token" },
  permission_denied: { status: 403, title: "Not allowed for this role" },
  invalid_username: { status: 400, title: "Invalid user name" },
  invalid_password: { status: 400, title: "Invalid password" },
  invalid_role: { status: 400, title: "Invalid role" },
  username_taken: { status: 409, title: "User name already taken" },
  reason_required: { status: 400, title: "Reason required" },
  confirmation_required: { status: 400, title: "Confirmation required" },
  unknown_approval: { status: 404, title: "Unknown approval" },
  approval_not_pending: { status: 409, title: "Approval already decided" },
  approval_by_requester: { status: 403, title: "A second platform admin must approve" },
  approval_pending: { status: 409, title: "An action on this callback already awaits approval" },
  round_not_stuck: { status: 409, title: "Round is not stuck" },
  round_not_settleable: { status: 409, title: "Round's abandon rule cannot be worked out" },
  store_unavailable: { status: 503, title: "Store unavailable" },
  shutting_down: { status: 503, title: "Server shutting down" },
  // Answered by the reference deployment's load balancer (ops/haproxy/503.http) when no instance is ready,
  // in the same shape so clients need one error path.
  service_unavailable: { status: 503, title: "Service unavailable" },
  internal_error: { status: 500, title: "Internal server error" },
} as const satisfies Record<string, { status: number; title: string; adminStatus?: number }>;

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

/** The body for an error code as the admin interface answers it (its `adminStatus` where it has one). */
export function adminErrorBody(code: ErrorCode | (string & {}), detail?: string): ErrorBody {
  const body = errorBody(code, detail);
  const entry = isErrorCode(code) ? ERROR_CATALOG[code] : undefined;
  if (entry !== undefined && "adminStatus" in entry) body.status = entry.adminStatus;
  return body;
}

/** The HTTP status of a catalogued code. */
export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOG[code].status;
}

/**
 * Why a game refused a bet's parameters or an action: answered as `reason` beside the code `invalid_params`
 * (play) or `invalid_action` (act), so a client that knows only the codes keeps working. Each game's doc lists
 * the reasons it gives.
 */
export const GAME_REFUSAL_REASONS = {
  invalid_params: "The parameters are not an object, or carry an unknown key",
  invalid_action: "The action is not an object, or carries an unknown key",
  unknown_action: "No such action in this game",
  round_closed: "The round is already over",
  rtp_not_offered: "The game has no paytable at this game code's RTP",
  invalid_amount: "An amount inside the parameters is not a decimal string of the currency",
  invalid_condition: "Dice condition is not over or under",
  invalid_target: "Target outside the game's range",
  invalid_picks: "Picked numbers or tiles outside the allowed count or range",
  invalid_risk: "Risk level not offered",
  invalid_rows: "Row count not offered",
  invalid_segments: "Segment count not offered",
  invalid_difficulty: "Difficulty not offered",
  invalid_mines: "Mine count outside the allowed range",
  invalid_tile: "Tile outside the board",
  invalid_tiles: "Tiles not a list of distinct tiles on the board",
  tile_already_revealed: "Tile already revealed",
  invalid_row: "Row outside the grid",
  invalid_column: "Column outside the grid",
  line_already_revealed: "Every tile of the line is already revealed",
  line_certain_mine: "The line has more hidden tiles than safe tiles left",
  invalid_shaft: "Shaft outside the row",
  invalid_direction: "Guess is not higher or lower",
  invalid_side: "Side is not heads or tails",
  invalid_hand: "Hand is not rock, paper or scissors",
  invalid_auto_cash_out: "Automatic cash-out multiplier outside the range",
  no_step_taken: "Cash-out before the first step",
  no_skips_left: "No skips left in this round",
  no_wars_left: "No more wars in this round",
  invalid_bets: "Bets not a list of bets",
  invalid_bet: "A bet names no bet of the table",
  invalid_seats: "Seats not a list of one to the table's seats, each an object of known bets",
  side_bet_above_main: "A side bet above the main bet",
  bet_not_allowed: "The bet is not legal at this point of the round",
  bet_above_maximum: "A bet above its limit on the table",
  bet_not_on_table: "No such bet on the table",
  contract_bet: "A contract bet stays until it wins or loses",
  illegal_action: "The action is not open to this hand now",
  insurance_too_small: "Half the bet rounds down to nothing to insure",
  max_win_exceeded: "Winning it could pay more than the session's maximum win",
} as const satisfies Record<string, string>;

export type GameRefusalReason = keyof typeof GAME_REFUSAL_REASONS;

export function isGameRefusalReason(reason: string): reason is GameRefusalReason {
  return Object.hasOwn(GAME_REFUSAL_REASONS, reason);
}
