import { EmptyRequest, SeedsResponse } from "@rgs/protocol/game-api";
import type { FastifyInstance } from "fastify";
import type { SeedService } from "../../seeds/seed-service.ts";
import { sessionOf } from "../plugins/session-auth.ts";
import { GAME_ERROR_RESPONSES, SESSION_SECURITY } from "./route-schema.ts";

export function registerSeedCurrentRoute(scope: FastifyInstance, deps: { seeds: SeedService }): void {
  scope.post(
    "/seed/current",
    {
      schema: {
        summary: "The active and the upcoming seed commitments",
        description:
          "The SHA-256 commitment of the active server seed, the client seed and the next nonce; and the commitment of the next pair's server seed, fixed before the player chooses a client seed.",
        operationId: "getCurrentSeeds",
        tags: ["game"],
        security: SESSION_SECURITY,
        body: EmptyRequest,
        response: { 200: { ...SeedsResponse, description: "The commitments." }, ...GAME_ERROR_RESPONSES },
      },
    },
    async (request) => deps.seeds.current(sessionOf(request)),
  );
}
