/**
 * The game client's routes: the game page (/play/:slug), its assets (/assets/*), the games' icons
 * (/thumbnails/*) and, on staging servers, the demo lobby (/lobby).
 */
import type { GameInfo } from "@rgs/protocol/catalog";
import type { FastifyInstance } from "fastify";
import type { LaunchService } from "../../launch/launch-service.ts";
import { hashSessionToken } from "../../sessions/session-service.ts";
import type { Store } from "../../store/database.ts";
import { registerAssets } from "./assets.ts";
import { ClientBuild } from "./client-build.ts";
import { registerGamePage } from "./game-page.ts";
import { registerLobby } from "./lobby.ts";
import { registerThumbnails } from "./thumbnails.ts";

export interface ClientRoutesDeps {
  environment: "staging" | "production";
  publicBaseUrl: string;
  store: Pick<Store, "sessions" | "operators">;
  /** The games enabled for an operator (OperatorService.games). */
  games(operatorId: string): Promise<GameInfo[]>;
  launches: Pick<LaunchService, "launch">;
  /** The built client; packages/client/dist by default. */
  distDir?: string;
  /** The games' icons; packages/client/public/thumbnails by default. */
  thumbnailsDir?: string;
}

export async function registerClientRoutes(app: FastifyInstance, deps: ClientRoutesDeps): Promise<void> {
  const build = new ClientBuild(deps.distDir);
  registerGamePage(app, {
    build,
    async frameAncestorsForToken(token) {
      // An expired session still names its operator, so the page that says "session expired" can be framed.
      const found = await deps.store.sessions.findToken(hashSessionToken(token));
      if (!found) return [];
      return (await deps.store.operators.find(found.session.operatorId))?.frameAncestors ?? [];
    },
  });
  registerAssets(app, { build });
  await registerThumbnails(app, { ...(deps.thumbnailsDir !== undefined && { dir: deps.thumbnailsDir }) });
  if (deps.environment === "staging") {
    registerLobby(app, {
      publicBaseUrl: deps.publicBaseUrl,
      build,
      sandbox: () => deps.store.operators.findSandbox(),
      games: deps.games,
      launch: (operatorId, request) => deps.launches.launch(operatorId, request),
    });
  }
}
