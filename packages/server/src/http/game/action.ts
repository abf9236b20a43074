import { ActionRequest, RoundResult } from "@rgs/protocol/game-api";
import type { FastifyInstance } from "fastify";
import type { RoundEngine } from "../../rounds/engine.ts";
import { parseRequestKey } from "../../rounds/request-keys.ts";
import { sessionOf } from "../plugins/session-auth.ts";
import {
  GAME_ERROR_RESPONSES,
  gameError,
  IDEMPOTENCY_HEADERS,
  IDEMPOTENCY_RESPONSES,
  SESSION_SECURITY,
} from "./route-schema.ts";

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
        headers: IDEMPOTENCY_HEADERS,
        response: {
          200: { ...RoundResult, description: "The round after the action, and the balance." },
          ...GAME_ERROR_RESPONSES,
          400: gameError(
            `invalid_action (the detail comes from the game), bet_above_maximum (the stake the action adds is above the session's maximum bet; nothing is taken), invalid_request; ${IDEMPOTENCY_RESPONSES[400]}`,
          ),
          402: gameError(
            "not_enough_money: the wallet refused the extra stake; the round continues without it.",
          ),
          404: gameError("round_not_found: no such round of this player."),
          409: gameError(
            `round_closed: the round is over; round_busy: the previous action is still being processed; ${IDEMPOTENCY_RESPONSES[409]}`,
          ),
          422: IDEMPOTENCY_RESPONSES[422],
          503: gameError(
            "wallet_unavailable, round_initializing, store_unavailable or shutting_down; retry in a moment (Retry-After where given).",
          ),
        },
      },
    },
    async (request) => {
      const requestKey = parseRequestKey(request.headers["idempotency-key"]);
      return deps.rounds.act(sessionOf(request), {
        ...request.body,
        ...(requestKey !== undefined && { requestKey }),
      });
    },
  );
}
