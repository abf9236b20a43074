import { PlayRequest, RoundResult } from "@rgs/protocol/game-api";
import type { FastifyInstance } from "fastify";
import type { GameAccess } from "../../launch/game-access.ts";
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

export function registerPlayRoute(
  scope: FastifyInstance,
  deps: { rounds: RoundEngine; gameAccess: GameAccess },
): void {
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
          403: gameError(
            "player_disabled: the wallet refused the player; game_not_enabled: the operator no longer offers the session's game (taken out of its packs, or the player's country taken off its list); an unfinished round may still be finished.",
          ),
          409: gameError(
            `no_free_rounds: freeRound was asked for and the session has none left (played, or the campaign ended or was cancelled), or the game has several stakes per round; active_round_exists: finish the open round of this game first; previous_bet_settling: the previous bet of this game was cancelled and the wallet has not yet confirmed its refund, the game plays again once it has; bet_refused: the wallet refused the stake for another reason; round_too_soon: the jurisdiction profile's minimum time since the player's previous round start has not passed (Retry-After in whole seconds rounded up, retryAfterMs exact); reality_check_due: acknowledge the reality check (POST /game/reality-check) first, the body gives playedSeconds and netPosition; ${IDEMPOTENCY_RESPONSES[409]}`,
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
      const session = sessionOf(request);
      const withdrawn = await deps.gameAccess(session);
      if (withdrawn) throw withdrawn;
      return deps.rounds.play(session, {
        amount: request.body.amount,
        params: request.body.params,
        ...(request.body.freeRound === true && { freeRound: true }),
        ...(requestKey !== undefined && { requestKey }),
      });
    },
  );
}
