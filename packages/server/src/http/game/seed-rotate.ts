import { EmptyRequest, SeedsResponse } from "@rgs/protocol/game-api";
import type { FastifyInstance } from "fastify";
import type { SeedService } from "../../seeds/seed-service.ts";
import { sessionOf } from "../plugins/session-auth.ts";
import { GAME_ERROR_RESPONSES, gameError, SESSION_SECURITY } from "./route-schema.ts";

export function registerSeedRotateRoute(scope: FastifyInstance, deps: { seeds: SeedService }): void {
  scope.post(
    "/seed/rotate",
    {
      schema: {
        summary: "Rotate the seeds",
        description:
          "Retires the active pair, revealing its server seed so its rounds can be verified, and makes the announced next pair active; a new next pair is committed to.",
        operationId: "rotateSeeds",
        tags: ["game"],
        security: SESSION_SECURITY,
        body: EmptyRequest,
        response: {
          200: { ...SeedsResponse, description: "The revealed pair and the new commitments." },
          ...GAME_ERROR_RESPONSES,
          409: gameError("active_round_exists: a round is open; finish it first."),
        },
      },
    },
    async (request) => deps.seeds.rotate(sessionOf(request)),
  );
}
