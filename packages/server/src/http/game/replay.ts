import { ReplayParams, ReplayResponse } from "@rgs/protocol/game-api";
import type { FastifyInstance } from "fastify";
import type { ReplayLinks } from "../../replay-links/replay-link.ts";
import { readReplay } from "../../replay-links/replay-round.ts";
import type { SeedService } from "../../seeds/seed-service.ts";
import type { Store } from "../../store/database.ts";
import { sendError } from "../error-reply.ts";
import { gameError } from "./route-schema.ts";

/**
 * GET /game/replay/:token: the round a replay link names, for the replay page. It needs no session (the
 * signed token is the credential) and is rate limited per address like every game-API route.
 */
export function registerReplayRoute(
  scope: FastifyInstance,
  deps: { store: Store; seeds: SeedService; replayLinks: ReplayLinks },
): void {
  scope.get<{ Params: ReplayParams }>(
    "/game/replay/:token",
    {
      schema: {
        summary: "A round by its replay link",
        description:
          "The finished round a replay link names (GET /game/history gives each round's `replayUrl`; the operator's round search gives it too), read-only and without a session: its game, stake, payout, steps and fairness data, never its player. The server seed appears once the round's seed pair is retired. A cancelled round shows no outcome.",
        operationId: "getReplay",
        tags: ["game"],
        security: [{}],
        params: ReplayParams,
        response: {
          200: { ...ReplayResponse, description: "The round." },
          400: gameError("invalid_request: the token is malformed."),
          404: gameError("round_not_found: the link was not made by this server, or names no round."),
          409: gameError("round_not_finished: the round is still being played."),
          429: gameError("rate_limit_exceeded: too many requests from this address; see Retry-After."),
        },
      },
    },
    async (request, reply) => {
      const roundId = deps.replayLinks.roundIdOf(request.params.token);
      const read = roundId === undefined ? { found: "none" as const } : await readReplay(deps, roundId);
      if (read.found === "none") {
        return sendError(reply, "round_not_found", "No round has this replay link.");
      }
      if (read.found === "unfinished") {
        return sendError(reply, "round_not_finished", "The round is still being played; reload it later.");
      }
      reply.header("cache-control", "no-store");
      return read.replay;
    },
  );
}
