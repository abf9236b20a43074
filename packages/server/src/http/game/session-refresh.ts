import { EmptyRequest, RefreshResponse } from "@rgs/protocol/game-api";
import type { FastifyInstance } from "fastify";
import type { SessionService } from "../../sessions/session-service.ts";
import { sendError } from "../error-reply.ts";
import { sessionOf } from "../plugins/session-auth.ts";
import { GAME_ERROR_RESPONSES, SESSION_SECURITY } from "./route-schema.ts";

export function registerSessionRefreshRoute(
  scope: FastifyInstance,
  deps: { sessions: SessionService; graceSeconds: number },
): void {
  scope.post(
    "/session/refresh",
    {
      schema: {
        summary: "Rotate the session token",
        description: `Answers a new token for the session and extends it. The token used for this request keeps working for ${deps.graceSeconds} s more (requests already on their way), then stops. The session itself, and the ID wallet callbacks carry, stay the same.`,
        operationId: "refreshSession",
        tags: ["game"],
        security: SESSION_SECURITY,
        body: EmptyRequest,
        response: { 200: { ...RefreshResponse, description: "The new token." }, ...GAME_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const refreshed = await deps.sessions.refresh(sessionOf(request), request.sessionToken);
      if (refreshed === undefined) {
        return sendError(
          reply,
          "invalid_session",
          "The session token is unknown or was replaced by a newer one; reopen the game from the casino.",
        );
      }
      return {
        sessionToken: refreshed.token,
        expiresAt: refreshed.expiresAt.toISOString(),
        previousTokenValidUntil: refreshed.previousValidUntil.toISOString(),
      };
    },
  );
}
