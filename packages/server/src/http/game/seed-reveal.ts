import { RevealedPair, RevealRequest } from "@rgs/protocol/game-api";
import type { FastifyInstance } from "fastify";
import type { SeedService } from "../../seeds/seed-service.ts";
import { sessionOf } from "../plugins/session-auth.ts";
import { GAME_ERROR_RESPONSES, gameError, SESSION_SECURITY } from "./route-schema.ts";

export function registerSeedRevealRoute(scope: FastifyInstance, deps: { seeds: SeedService }): void {
  scope.post<{ Body: RevealRequest }>(
    "/seed/reveal",
    {
      schema: {
        summary: "Reveal a retired seed pair",
        description:
          "The server seed of one of the player's retired pairs, with its client seed and nonce count.",
        operationId: "revealSeed",
        tags: ["game"],
        security: SESSION_SECURITY,
        body: RevealRequest,
        response: {
          200: { ...RevealedPair, description: "The pair." },
          ...GAME_ERROR_RESPONSES,
          404: gameError("seed_pair_not_found: no such pair of this player."),
          409: gameError("seed_pair_not_retired: the pair is still in use; rotate the seeds first."),
        },
      },
    },
    async (request) => deps.seeds.reveal(sessionOf(request), request.body.seedPairId),
  );
}
