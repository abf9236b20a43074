import { findGame } from "@rgs/protocol/catalog";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { CurrentResponse, EmptyRequest } from "@rgs/protocol/game-api";
import { formatAmount } from "@rgs/protocol/money";
import type { FastifyInstance } from "fastify";
import type { RoundEngine } from "../../rounds/engine.ts";
import type { GameSession } from "../../store/sessions-repository.ts";
import { sessionOf } from "../plugins/session-auth.ts";
import { GAME_ERROR_RESPONSES, gameError, SESSION_SECURITY } from "./route-schema.ts";

export function registerCurrentRoute(scope: FastifyInstance, deps: { rounds: RoundEngine }): void {
  scope.post(
    "/game/current",
    {
      schema: {
        summary: "Balance and the open round",
        description:
          "What the game needs when it loads or reloads: its session (currency, limits, language), the player's balance (from the wallet's balance callback in real play) and the open round of this game, if any, to resume it.",
        operationId: "getCurrentRound",
        tags: ["game"],
        security: SESSION_SECURITY,
        body: EmptyRequest,
        response: {
          200: { ...CurrentResponse, description: "The balance and the open round (null when none)." },
          ...GAME_ERROR_RESPONSES,
          503: gameError(
            "round_initializing: a round is still being set up with the wallet; retry in a moment.",
          ),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return { session: sessionInfo(session), ...(await deps.rounds.current(session)) };
    },
  );
}

const languageOf = (session: GameSession): string | undefined =>
  session.language ?? session.profile?.languageCode;

function sessionInfo(session: GameSession) {
  const decimals = resolveCurrency(session.currency)?.decimals ?? 2;
  const amount = (minor: bigint) => formatAmount(minor, decimals);
  return {
    gameCode: session.gameCode,
    currency: session.currency,
    decimals,
    minBet: amount(session.betLimits.minBet),
    maxBet: amount(session.betLimits.maxBet),
    maxWin: amount(session.betLimits.maxWin),
    rtp: findGame(session.gameCode)?.rtp ?? "",
    mode: session.mode,
    // The launch request's language, else the wallet's: the client puts its URL's `lang` before both.
    ...(languageOf(session) ? { languageCode: languageOf(session) } : {}),
    expiresAt: session.expiresAt.toISOString(),
  };
}
