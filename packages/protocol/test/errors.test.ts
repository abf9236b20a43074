import { describe, expect, it } from "vitest";
import { adminErrorBody, ERROR_CATALOG, errorBody, isErrorCode } from "../src/errors.ts";
import type { SignatureFailure } from "../src/signing.ts";

describe("errorBody", () => {
  it("gives the spec's 429 body", () => {
    expect(errorBody("rate_limit_exceeded")).toEqual({
      status: 429,
      title: "Too Many Requests",
      code: "rate_limit_exceeded",
    });
  });

  it("adds a detail when given", () => {
    expect(errorBody("game_not_enabled", "dice-alpha is not in your packs")).toEqual({
      status: 403,
      title: "Game not enabled for this operator",
      code: "game_not_enabled",
      detail: "dice-alpha is not in your packs",
    });
    expect(Object.keys(errorBody("not_found"))).toEqual(["status", "title", "code"]);
  });

  it.each([
    ["missing_operator_id", 401],
    ["unknown_operator", 401],
    ["query_not_allowed", 400],
    ["malformed_json", 400],
    ["invalid_request", 400],
    ["unsupported_media_type", 415],
    ["unsupported_charset", 415],
    ["invalid_encoding", 400],
    ["replayed_request", 401],
    ["request_timeout", 408],
    ["too_many_connections", 429],
    ["uri_too_long", 414],
    ["headers_too_large", 431],
    ["payload_too_large", 413],
    ["not_found", 404],
    ["method_not_allowed", 405],
    ["game_not_enabled", 403],
    ["country_not_allowed", 403],
    ["unknown_game", 400],
    ["unknown_currency", 400],
    ["bet_limits_not_allowed", 400],
    ["callback_url_required", 409],
    ["currency_mismatch", 409],
    ["player_self_excluded", 403],
    ["wallet_signature_refused", 502],
    ["wallet_answer_invalid", 502],
    ["wallet_unavailable", 503],
    ["session_expired", 401],
    ["invalid_session", 401],
    ["active_round_exists", 409],
    ["round_initializing", 503],
    ["internal_error", 500],
  ] as const)("answers %s with HTTP %i", (code, status) => {
    expect(errorBody(code).status).toBe(status);
  });

  it("has a 401 entry for every signature failure", () => {
    const failures: Record<SignatureFailure, true> = {
      missing_timestamp: true,
      missing_signature: true,
      malformed_timestamp: true,
      malformed_signature: true,
      expired_timestamp: true,
      bad_signature: true,
    };
    for (const code of Object.keys(failures)) expect(errorBody(code)).toMatchObject({ status: 401, code });
  });

  it("keeps an unlisted code but answers it as a server error", () => {
    expect(errorBody("something_new")).toEqual({
      status: 500,
      title: "Internal server error",
      code: "something_new",
    });
    expect(isErrorCode("something_new")).toBe(false);
    expect(isErrorCode("toString")).toBe(false);
  });

  it("uses snake_case codes with a client or server error status", () => {
    for (const [code, { status, title }] of Object.entries(ERROR_CATALOG)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
      expect(title.length).toBeGreaterThan(0);
    }
  });

  it("answers an unknown operator on the admin interface as a missing resource", () => {
    expect(adminErrorBody("unknown_operator", "No operator.")).toEqual({
      status: 404,
      title: "Unknown operator",
      code: "unknown_operator",
      detail: "No operator.",
    });
    expect(adminErrorBody("pack_exists").status).toBe(409);
    expect(adminErrorBody("something_new").status).toBe(500);
  });
});
