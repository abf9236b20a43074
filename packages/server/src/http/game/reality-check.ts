import { EmptyRequest, RealityCheckResponse } from "@rgs/protocol/game-api";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import { playerProtectionOf } from "../../jurisdictions/player-protection.ts";
import { acknowledgeRealityCheck } from "../../jurisdictions/reality-checks.ts";
import type { Store } from "../../store/database.ts";
import { sessionOf } from "../plugins/session-auth.ts";
import { GAME_ERROR_RESPONSES, gameError, SESSION_SECURITY } from "./route-schema.ts";

export function registerRealityCheckRoute(
  scope: FastifyInstance,
  deps: { store: Store; clock: Clock },
): void {
  scope.post(
    "/game/reality-check",
    {
      schema: {
        summary: "Acknowledge the reality check",
        description:
          "The player saw the reality check (time played, net position) and chose to go on: the check is recorded with what was shown, and the next one falls due one interval from now. Until then POST /game/play answers reality_check_due; an open round can always be finished.",
        operationId: "acknowledgeRealityCheck",
        tags: ["game"],
        security: SESSION_SECURITY,
        body: EmptyRequest,
        response: {
          200: { ...RealityCheckResponse, description: "The session's figures, with the next due time." },
          ...GAME_ERROR_RESPONSES,
          409: gameError(
            "reality_check_not_due: no reality check is due (none in this session, not yet, or acknowledged already in another tab); nothing is recorded.",
          ),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { acknowledgedAt } = await acknowledgeRealityCheck(
        deps.store.db,
        session,
        new Date(deps.clock.now()),
      );
      const acknowledged = { ...session, realityCheckAckedAt: acknowledgedAt };
      return { session: await playerProtectionOf(deps.store.db, acknowledged, acknowledgedAt) };
    },
  );
}
