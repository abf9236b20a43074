/**
 * The one JSON error shape of the operator API and the game API, extending the spec's 429 body
 * (`status`, `title`, `code`) to every error, with an optional human `detail`.
 */

export interface ErrorBody {
  status: number;
  title: string;
  code: string;
  detail?: string;
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
  query_not_allowed: { status: 400, title: "Query string not allowed" },
  malformed_json: { status: 400, title: "Malformed JSON body" },
  invalid_request: { status: 400, title: "Invalid request" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  payload_too_large: { status: 413, title: "Payload too large" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  game_not_enabled: { status: 403, title: "Game not enabled for this operator" },
  country_not_allowed: { status: 403, title: "Country not allowed" },
  player_self_excluded: { status: 403, title: "Player is self-excluded" },
  unknown_game: { status: 400, title: "Unknown game" },
  unknown_currency: { status: 400, title: "Unknown currency" },
  bet_limits_not_allowed: { status: 400, title: "Bet limits not allowed" },
  real_play_unavailable: { status: 501, title: "Real play is not available yet" },
  callback_url_required: { status: 409, title: "Callback base URL required" },
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
