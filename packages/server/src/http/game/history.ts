import { HistoryQuery, HistoryResponse } from "@rgs/protocol/game-api";
import type { FastifyInstance } from "fastify";
import type { ReplayLinks } from "../../replay-links/replay-link.ts";
import type { RoundEngine } from "../../rounds/engine.ts";
import { sendError } from "../error-reply.ts";
import { sessionOf } from "../plugins/session-auth.ts";
import { GAME_ERROR_RESPONSES, SESSION_SECURITY } from "./route-schema.ts";

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

export function registerHistoryRoute(
  scope: FastifyInstance,
  deps: { rounds: RoundEngine; replayLinks: ReplayLinks },
): void {
  scope.get<{ Querystring: HistoryQuery }>(
    "/game/history",
    {
      schema: {
        summary: "The player's finished rounds",
        description:
          "Finished rounds of the player in this game, newest first, a page at a time: pass the answer's `next` as `before` for the next page. Each round carries its replay link. The game API takes query strings (it is authenticated by the session token, not signed).",
        operationId: "listHistory",
        tags: ["game"],
        security: SESSION_SECURITY,
        querystring: HistoryQuery,
        response: {
          200: { ...HistoryResponse, description: "One page of rounds." },
          ...GAME_ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const limit = request.query.limit === undefined ? DEFAULT_LIMIT : Number(request.query.limit);
      if (limit < 1 || limit > MAX_LIMIT) {
        return sendError(reply, "invalid_request", `limit must be from 1 to ${MAX_LIMIT}.`);
      }
      const page = await deps.rounds.history(sessionOf(request), {
        limit,
        ...(request.query.before !== undefined ? { before: request.query.before } : {}),
      });
      return {
        ...page,
        rounds: page.rounds.map((round) => ({ ...round, replayUrl: deps.replayLinks.urlOf(round.id) })),
      };
    },
  );
}
