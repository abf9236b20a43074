import { catalogMetadata } from "@rgs/games/catalog/metadata";
import { GAMES, type GameInfo } from "@rgs/protocol/catalog";
import { type GameEntry, GamesResponse } from "@rgs/protocol/operator-api";
import type { FastifyInstance } from "fastify";
import type { LaunchOperators } from "../../launch/launch-service.ts";
import { OPERATOR_ERROR_RESPONSES, OPERATOR_SECURITY } from "./route-schema.ts";

/** Every code's entry, built once at start: its figures are generated, never computed per request. */
function catalogEntries(publicBaseUrl: string): ReadonlyMap<string, GameEntry> {
  const entries = new Map<string, GameEntry>();
  for (const info of GAMES) {
    const metadata = catalogMetadata(info);
    if (!metadata) throw new Error(`no catalog metadata for ${info.code}: run npm run catalog:metrics`);
    const { thumbnailPath, ...figures } = metadata;
    entries.set(info.code, {
      code: info.code,
      name: info.name,
      slug: info.slug,
      rtp: info.rtp,
      category: info.category,
      ...figures,
      thumbnailUrl: `${publicBaseUrl.replace(/\/+$/, "")}${thumbnailPath}`,
    });
  }
  return entries;
}

export function registerGamesRoute(
  scope: FastifyInstance,
  deps: { operators: LaunchOperators; publicBaseUrl: string },
): void {
  const entries = catalogEntries(deps.publicBaseUrl);
  const entryOf = (game: GameInfo) => entries.get(game.code) as GameEntry;
  scope.get(
    "/operator/games",
    {
      schema: {
        summary: "List the games available to your operator",
        description:
          "The games of every pack assigned to your operator, in catalog order. Launch one by its code (the RTP variation is part of the code). Each entry gives the code's maximum multiplier, volatility and hit frequency as ranges over its player-selectable configurations (with the strategy they assume for games where the player decides), its parameters, whether free rounds can be offered on it and its icon.",
        operationId: "listGames",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        response: {
          200: { ...GamesResponse, description: "The games you can launch." },
          ...OPERATOR_ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const games = await deps.operators.games(request.operatorId);
      return { games: games.map(entryOf) };
    },
  );
}
