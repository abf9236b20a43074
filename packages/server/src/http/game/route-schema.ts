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
