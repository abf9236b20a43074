import { RoundDetails, RoundIdParams } from "@rgs/protocol/game-api";
import type { FastifyInstance } from "fastify";
import type { RoundEngine } from "../../rounds/engine.ts";
import { sessionOf } from "../plugins/session-auth.ts";
import { GAME_ERROR_RESPONSES, gameError, SESSION_SECURITY } from "./route-schema.ts";

export function registerRoundRoute(scope: FastifyInstance, deps: { rounds: RoundEngine }): void {
  scope.get<{ Params: RoundIdParams }>(
    "/game/round/:id",
    {
      schema: {
        summary: "One round in detail",
        description:
          "A round of the player: its parameters, every accepted step with its server time, the fairness data (the server seed once the seed pair is rotated) and, once closed, the whole game state.",
        operationId: "getRound",
        tags: ["game"],
        security: SESSION_SECURITY,
        params: RoundIdParams,
        response: {
          200: { ...RoundDetails, description: "The round." },
          ...GAME_ERROR_RESPONSES,
          404: gameError(
            "round_not_found: no such round of this player (another player's rounds are not shown).",
          ),
          503: gameError("round_initializing: the round is still being set up."),
        },
      },
    },
    async (request) => deps.rounds.round(sessionOf(request), request.params.id),
  );
}
