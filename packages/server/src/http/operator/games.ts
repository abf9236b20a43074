import { GamesResponse } from "@rgs/protocol/operator-api";
import type { FastifyInstance } from "fastify";
import type { LaunchOperators } from "../../launch/launch-service.ts";
import { OPERATOR_ERROR_RESPONSES, OPERATOR_SECURITY } from "./route-schema.ts";

export function registerGamesRoute(scope: FastifyInstance, deps: { operators: LaunchOperators }): void {
  scope.get(
    "/operator/games",
    {
      schema: {
        summary: "List the games available to your operator",
        description:
          "The games of every pack assigned to your operator, in catalog order. Launch one by its code (the RTP variation is part of the code).",
        operationId: "listGames",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        response: {
          200: { ...GamesResponse, description: "The games you can launch." },
          ...OPERATOR_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const games = await deps.operators.games(request.operatorId);
      return {
        games: games.map((game) => ({
          code: game.code,
          name: game.name,
          slug: game.slug,
          rtp: game.rtp,
          category: game.category,
        })),
      };
    },
  );
}
