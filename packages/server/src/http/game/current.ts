import { findGame } from "@rgs/protocol/catalog";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { CurrentResponse, EmptyRequest } from "@rgs/protocol/game-api";
import { jurisdictionInfo } from "@rgs/protocol/jurisdiction-schema";
import { JURISDICTION_PROFILES } from "@rgs/protocol/jurisdictions";
import { formatAmount } from "@rgs/protocol/money";
import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import { playerProtectionOf } from "../../jurisdictions/player-protection.ts";
import type { SessionPages } from "../../launch/session-pages.ts";
import type { RoundEngine } from "../../rounds/engine.ts";
import type { Store } from "../../store/database.ts";
import type { GameSession } from "../../store/sessions-repository.ts";
import { sessionOf } from "../plugins/session-auth.ts";
import { GAME_ERROR_RESPONSES, gameError, SESSION_SECURITY } from "./route-schema.ts";

export function registerCurrentRoute(
  scope: FastifyInstance,
  deps: { rounds: RoundEngine; pagesOf: SessionPages; store: Store; clock: Clock },
): void {
  scope.post(
    "/game/current",
    {
      schema: {
        summary: "Balance and the open round",
        description:
          "What the game needs when it loads or reloads: its session (currency, limits, language, the jurisdiction profile and its rules, the player-protection figures: start, net position, next reality check, earliest next round; the lobby and the operator's responsible-gambling pages), the player's balance (from the wallet's balance callback in real play) and the open round of this game, if any, to resume it.",
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
      const now = new Date(deps.clock.now());
      const [pages, current, protection, freeRounds] = await Promise.all([
        deps.pagesOf(session),
        deps.rounds.current(session),
        playerProtectionOf(deps.store.db, session, now),
        deps.rounds.freeRounds(session),
      ]);
      const { lobbyUrl, links } = pages;
      const info = { ...sessionInfo(session), ...protection, links };
      return {
        session: { ...info, ...(lobbyUrl !== null && { lobbyUrl }) },
        ...(freeRounds !== undefined && { freeRounds }),
        ...current,
      };
    },
  );
}

const languageOf = (session: GameSession): string | undefined =>
  session.language ?? session.profile?.languageCode;

function sessionJurisdiction(session: GameSession) {
  const profile = session.jurisdiction ?? "default";
  const applied = {
    profile,
    rules: JURISDICTION_PROFILES[profile],
    realityCheckMinutes: session.realityCheckMinutes ?? null,
  };
  return jurisdictionInfo(applied, findGame(session.gameCode)?.category ?? "instant");
}

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
    jurisdiction: sessionJurisdiction(session),
  };
}
