import { ErrorBody, LaunchRequest, LaunchResponse } from "@rgs/protocol/operator-api";
import type { FastifyInstance } from "fastify";
import type { LaunchService } from "../../launch/launch-service.ts";
import { sendError } from "../error-reply.ts";
import { OPERATOR_ERROR_RESPONSES, OPERATOR_SECURITY } from "./route-schema.ts";

const error = (description: string) => ({ ...ErrorBody, description });

export function registerLaunchRoute(scope: FastifyInstance, deps: { launches: LaunchService }): void {
  scope.post<{ Body: LaunchRequest }>(
    "/operator/launch",
    {
      schema: {
        summary: "Launch a game session for a player",
        description:
          "Opens a game session and answers the address to open in the player's browser. With demo true the player gets a virtual balance and no wallet callback is made; otherwise the RGS first calls your authenticate callback (see /docs#callbacks) and opens the session only if it accepts the player. Repeating a launch with the same player, game, currency, country, mode and limits while the session is live returns the same session with a new token.",
        operationId: "launchGame",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        body: LaunchRequest,
        response: {
          200: { ...LaunchResponse, description: "The session is open: send the player to launchUrl." },
          ...OPERATOR_ERROR_RESPONSES,
          400: error(
            "query_not_allowed, malformed_json, invalid_request (the detail names the field), unknown_currency, unknown_game, bet_limits_not_allowed (the detail gives the allowed range), bet_limits_unplayable (minBet above maxBet or above maxWin: no bet could be placed), unknown_jurisdiction, jurisdiction_not_allowed (looser than the player's location allows; the detail names the least strict profile allowed), reality_check_interval_out_of_bounds (the detail gives the profile's bounds) or currency_not_allowed (a SOCIAL session plays in the virtual currencies GC and SC only, and they play under SOCIAL only).",
          ),
          403: error(
            "game_not_enabled (not in your packs), country_not_allowed, operator_not_certified (production: your current callback URL has no passing integration-tester certification), or from the authenticate callback: player_self_excluded (audited), player_disabled, player_refused (the detail names the wallet's status).",
          ),
          409: error(
            "callback_url_required: real play needs your wallet callback base URL; currency_mismatch: the player's account is in another currency.",
          ),
          413: error("payload_too_large."),
          415: error("unsupported_media_type: the body must be JSON (Content-Type: application/json)."),
          502: error(
            "wallet_refused: your wallet refused the authenticate callback itself (syntax, game); wallet_signature_refused: your wallet refused the RGS's signature (HTTP 401 or ERROR_INVALID_SIGNATURE): check the callback secret, retrying will not help; wallet_answer_invalid: the answer's excluded is not a JSON boolean, so the responsible-gaming flag cannot be read (audited).",
          ),
          503: error(
            "wallet_unavailable: your wallet gave no clear answer to authenticate (time-out, connection failure, non-200, ERROR_UNKNOWN); retrying is safe.",
          ),
        },
      },
    },
    async (request, reply) => {
      const outcome = await deps.launches.launch(request.operatorId, request.body);
      if (!outcome.ok) return sendError(reply, outcome.code, outcome.detail);
      return outcome.response;
    },
  );
}
