import { ActionRequest, RoundResult } from "@rgs/protocol/game-api";
import type { FastifyInstance } from "fastify";
import type { RoundEngine } from "../../rounds/engine.ts";
import { sessionOf } from "../plugins/session-auth.ts";
import { GAME_ERROR_RESPONSES, gameError, SESSION_SECURITY } from "./route-schema.ts";

export function registerActionRoute(scope: FastifyInstance, deps: { rounds: RoundEngine }): void {
  scope.post<{ Body: ActionRequest }>(
    "/game/action",
    {
      schema: {
        summary: "Play the next action of an open round",
        description:
          "Reveal a tile, cash out, double, split... An action that adds a stake takes it from the wallet first; if the wallet refuses it, the round stays open without that action.",
        operationId: "act",
        tags: ["game"],
        security: SESSION_SECURITY,
        body: ActionRequest,
        response: {
          200: { ...RoundResult, description: "The round after the action, and the balance." },
          ...GAME_ERROR_RESPONSES,
          400: gameError("invalid_action (the detail comes from the game), invalid_request."),
          402: gameError(
            "not_enough_money: the wallet refused the extra stake; the round continues without it.",
          ),
          404: gameError("round_not_found: no such round of this player."),
          409: gameError(
            "round_closed: the round is over; round_busy: the previous action is still being processed.",
          ),
          503: gameError("wallet_unavailable or round_initializing; retry in a moment."),
        },
      },
    },
    async (request) => deps.rounds.act(sessionOf(request), request.body),
  );
}
