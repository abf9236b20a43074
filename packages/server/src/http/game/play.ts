import { PlayRequest, RoundResult } from "@rgs/protocol/game-api";
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

export function registerPlayRoute(scope: FastifyInstance, deps: { rounds: RoundEngine }): void {
  scope.post<{ Body: PlayRequest }>(
    "/game/play",
    {
      schema: {
        summary: "Start a round",
        description:
          "Validates the stake against the session's bet limits and the parameters against the game, takes the stake from the wallet (debit) and plays the round's first step. A single-step game answers the finished round.",
        operationId: "play",
        tags: ["game"],
        security: SESSION_SECURITY,
        body: PlayRequest,
        headers: IDEMPOTENCY_HEADERS,
        response: {
          200: { ...RoundResult, description: "The round as it stands, and the balance after it." },
          ...GAME_ERROR_RESPONSES,
          400: gameError(
            `invalid_amount (not a decimal string, or more decimals than the currency), bet_below_minimum, bet_above_maximum, max_win_exceeded (the bet could pay more than the maximum win), invalid_params (the detail comes from the game), invalid_request; ${IDEMPOTENCY_RESPONSES[400]}`,
          ),
          402: gameError(
            "not_enough_money: the wallet refused the stake; customUserError may hold its message.",
          ),
          403: gameError("player_disabled: the wallet refused the player."),
          409: gameError(
            `active_round_exists: finish the open round of this game first; bet_refused: the wallet refused the stake for another reason; ${IDEMPOTENCY_RESPONSES[409]}`,
          ),
          422: IDEMPOTENCY_RESPONSES[422],
          503: gameError(
            "wallet_unavailable: the wallet did not confirm the stake, the bet is cancelled and any stake taken returned; round_initializing: a previous bet is still being set up; store_unavailable: the database is out of reach for a moment (Retry-After); shutting_down: this instance is stopping (Retry-After).",
          ),
        },
      },
    },
    async (request) => {
      const requestKey = parseRequestKey(request.headers["idempotency-key"]);
      return deps.rounds.play(sessionOf(request), {
        amount: request.body.amount,
        params: request.body.params,
        ...(requestKey !== undefined && { requestKey }),
      });
    },
  );
}
