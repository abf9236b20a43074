import { ClientSeedRequest, SeedsResponse } from "@rgs/protocol/game-api";
import type { FastifyInstance } from "fastify";
import type { SeedService } from "../../seeds/seed-service.ts";
import { sessionOf } from "../plugins/session-auth.ts";
import { GAME_ERROR_RESPONSES, gameError, SESSION_SECURITY } from "./route-schema.ts";

export function registerSeedClientRoute(scope: FastifyInstance, deps: { seeds: SeedService }): void {
  scope.post<{ Body: ClientSeedRequest }>(
    "/seed/client",
    {
      schema: {
        summary: "Set the client seed",
        description:
          "Applies from the next round. If the active pair has already numbered rounds, the pair is rotated with the new client seed and the old server seed is revealed (`revealed`).",
        operationId: "setClientSeed",
        tags: ["game"],
        security: SESSION_SECURITY,
        body: ClientSeedRequest,
        response: {
          200: { ...SeedsResponse, description: "The commitments after the change." },
          ...GAME_ERROR_RESPONSES,
          400: gameError("invalid_client_seed: 1 to 64 printable ASCII characters without spaces."),
          409: gameError("active_round_exists: finish the open round first."),
        },
      },
    },
    async (request) => deps.seeds.setClientSeed(sessionOf(request), request.body.clientSeed),
  );
}
