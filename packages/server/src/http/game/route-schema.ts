import { GameErrorBody } from "@rgs/protocol/game-api";

/** The OpenAPI security of game-API routes: the session token of the launch URL. */
export const SESSION_SECURITY = [{ SessionToken: [] }];

const error = (description: string) => ({ ...GameErrorBody, description });

/** Answers every authenticated game-API route may give besides its own. */
export const GAME_ERROR_RESPONSES = {
  400: error(
    "invalid_request (the detail names the field), malformed_json, or the route's own validation codes.",
  ),
  401: error(
    "invalid_session (no, an unknown or a replaced token) or session_expired (the session timed out).",
  ),
  415: error("unsupported_media_type: a body must be JSON (Content-Type: application/json)."),
  429: error(
    "rate_limit_exceeded: too many requests for this session or from this address; see Retry-After.",
  ),
};

export { error as gameError };

/**
 * The Idempotency-Key header of the routes that move money, for the OpenAPI document; its value is checked
 * by the route (request-keys.ts), which names what is wrong with it.
 */
export const IDEMPOTENCY_HEADERS = {
  type: "object",
  properties: {
    "idempotency-key": {
      type: "string",
      description:
        "One fresh key per bet or action (a UUID is a good one: 1 to 128 characters among letters, digits, '-', '_', '.', ':'). Resend a request whose answer was lost (network failure, 5xx) with the same key and the same body: it is answered with the original outcome, never placed twice, on any instance. Keys are remembered with the round they protect.",
    },
  },
} as const;

/** What only a route taking an Idempotency-Key answers. */
export const IDEMPOTENCY_RESPONSES = {
  409: "request_in_progress: the request with this Idempotency-Key is still being processed; resend it after Retry-After.",
  422: error(
    "idempotency_key_reused: the Idempotency-Key was already used for a different request (another amount, game, action or round).",
  ),
  400: "idempotency_key_invalid, idempotency_key_too_long: the Idempotency-Key header is malformed.",
} as const;
