import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SessionService } from "../../sessions/session-service.ts";
import type { GameSession } from "../../store/sessions-repository.ts";
import { sendError } from "../error-reply.ts";
import type { RateBucket } from "./rate-limit.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The game session of a game-API request (null where a route lets a request go without one). */
    gameSession: GameSession | null;
    /** The bearer token the request presented (empty when none). */
    sessionToken: string;
  }
}

/** Tokens are base64url; anything else cannot be one, and is refused without a database read. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
const BEARER = /^Bearer +(\S+) *$/i;

export type BearerToken = { present: false } | { present: true; token: string | undefined };

/** The token of an `Authorization: Bearer <token>` header; `token` undefined when it cannot be one. */
function bearerTokenOf(request: FastifyRequest): BearerToken {
  const header = request.headers.authorization;
  if (header === undefined || header === "") return { present: false };
  const match = BEARER.exec(header);
  const token = match?.[1];
  return { present: true, token: token !== undefined && TOKEN.test(token) ? token : undefined };
}

/**
 * Game-API rate-limit buckets: one per session token (hashed, so raw tokens never sit in the limiter's
 * keys) and one per client address, both per endpoint, so neither one busy tab nor many sessions from
 * one address can starve the others.
 */
export function gameRateBuckets(request: FastifyRequest, route: string): RateBucket[] {
  const buckets: RateBucket[] = [{ key: `game|${route}|ip|${request.ip}`, who: "from this address" }];
  const bearer = bearerTokenOf(request);
  if (bearer.present && bearer.token !== undefined) {
    const id = createHash("sha256").update(bearer.token, "utf8").digest("base64url").slice(0, 22);
    buckets.unshift({ key: `game|${route}|session|${id}`, who: "for this session" });
  }
  return buckets;
}

/**
 * Game-API authentication: the session token as `Authorization: Bearer <token>`. An unknown or replaced
 * token is refused with 401 `invalid_session`, the token of a session that timed out with 401
 * `session_expired`. A request that passes counts as player activity: the session lives another
 * SESSION_TTL_SECONDS. Routes listed in `optional` also serve requests without any Authorization header
 * (`gameSession` null); a header that is present must still be valid.
 */
export function registerSessionAuthentication(
  scope: FastifyInstance,
  deps: { sessions: SessionService; optional?: ReadonlySet<string> },
): void {
  scope.decorateRequest("gameSession", null);
  scope.decorateRequest("sessionToken", "");

  scope.addHook("onRequest", async (request, reply) => {
    const bearer = bearerTokenOf(request);
    if (!bearer.present) {
      if (deps.optional?.has(request.routeOptions.url ?? "")) return;
      return sendError(
        reply,
        "invalid_session",
        "Send the session token of the launch URL as the header Authorization: Bearer <token>.",
      );
    }
    if (bearer.token === undefined) {
      return sendError(reply, "invalid_session", "The Authorization header does not hold a session token.");
    }
    const found = await deps.sessions.authenticate(bearer.token);
    if (!found.ok) {
      return found.reason === "expired"
        ? sendError(
            reply,
            "session_expired",
            "The game session ended after a period without activity; reopen the game from the casino.",
          )
        : sendError(
            reply,
            "invalid_session",
            "The session token is unknown or was replaced by a newer one; reopen the game from the casino.",
          );
    }
    await deps.sessions.touch(found.session.id);
    request.gameSession = found.session;
    request.sessionToken = bearer.token;
  });
}

/** The session of a request that passed `registerSessionAuthentication` on a route that requires one. */
export function sessionOf(request: FastifyRequest): GameSession {
  if (request.gameSession === null) throw new Error("game route without a session");
  return request.gameSession;
}
