/**
 * Failures of the game API as the player sees them: each becomes an i18n key; the raw code, detail and
 * any stack stay out of the page.
 */

import type { ErrorCode } from "@rgs/protocol/errors";

/** Codes with their own message (each one the error catalogue's) in the shell catalogs ("shell.error.<code>"). */
export const KNOWN_ERROR_CODES = [
  "invalid_amount",
  "bet_below_minimum",
  "bet_above_maximum",
  "max_win_exceeded",
  "invalid_params",
  "invalid_action",
  "not_enough_money",
  "player_disabled",
  "bet_refused",
  "active_round_exists",
  "previous_bet_settling",
  "round_not_found",
  "round_closed",
  "round_not_finished",
  "round_initializing",
  "round_busy",
  "invalid_client_seed",
  "seed_pair_not_found",
  "seed_pair_not_retired",
  "wallet_unavailable",
  "session_expired",
  "invalid_session",
  "rate_limit_exceeded",
] as const satisfies readonly ErrorCode[];

export type ErrorKind =
  /** The server answered with the error shape. */
  | "api"
  /** No answer: offline, DNS, connection reset, or the time-out passed. */
  | "network"
  /** An answer that is not the error shape (a proxy's HTML page, a 502). */
  | "unexpected";

/** What a refusal of the player-protection rules says beside its code (docs/jurisdictions.md). */
export interface RefusalDetails {
  /** round_too_soon: how long until a round may start, in milliseconds. */
  retryAfterMs?: number;
  /** reality_check_due: the time played in the session, in seconds. */
  playedSeconds?: number;
  /** reality_check_due: the session's net position, a signed decimal string, where the profile shows it. */
  netPosition?: string;
}

export class ApiError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** The API's error code ("not_enough_money"), or "network" / "unexpected". */
    readonly code: string,
    readonly status: number,
    /** The operator wallet's own message for the player, shown as sent. */
    readonly customUserError?: string,
    /** The server's Retry-After, in seconds, when it sent one. */
    readonly retryAfterSeconds?: number,
    readonly details: RefusalDetails = {},
  ) {
    super(code);
    this.name = "ApiError";
  }

  /** The message key in the shell catalogs. */
  get messageKey(): string {
    if (this.kind === "network") return "shell.error.network";
    if ((KNOWN_ERROR_CODES as readonly string[]).includes(this.code)) return `shell.error.${this.code}`;
    return "shell.error.generic";
  }

  /** Whether trying again later may succeed without the player changing anything. */
  get retryable(): boolean {
    return (
      this.kind !== "api" ||
      this.code === "wallet_unavailable" ||
      this.code === "round_initializing" ||
      this.code === "round_busy" ||
      this.code === "rate_limit_exceeded" ||
      this.status >= 500
    );
  }

  /** The session is over: the player must go back to the casino to play again. */
  get sessionEnded(): boolean {
    return this.code === "session_expired" || this.code === "invalid_session";
  }
}

function detailsOf(body: Record<string, unknown>): RefusalDetails {
  const { retryAfterMs, playedSeconds, netPosition } = body;
  const count = (value: unknown) =>
    typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
  const wait = count(retryAfterMs);
  const played = count(playedSeconds);
  return {
    ...(wait !== undefined && { retryAfterMs: wait }),
    ...(played !== undefined && { playedSeconds: played }),
    ...(typeof netPosition === "string" && /^-?\d+(?:\.\d+)?$/.test(netPosition) && { netPosition }),
  };
}

/** Reads an error answer: the error shape when it is one, else an "unexpected" error with the status. */
export function errorFromResponse(status: number, body: unknown, retryAfterSeconds?: number): ApiError {
  if (typeof body === "object" && body !== null) {
    const { code, customUserError } = body as { code?: unknown; customUserError?: unknown };
    if (typeof code === "string" && /^[a-z0-9_]{1,64}$/.test(code)) {
      const message =
        typeof customUserError === "string" && customUserError.trim() !== "" ? customUserError : undefined;
      return new ApiError(
        "api",
        code,
        status,
        message,
        retryAfterSeconds,
        detailsOf(body as Record<string, unknown>),
      );
    }
  }
  return new ApiError("unexpected", "unexpected", status, undefined, retryAfterSeconds);
}
