import type { FastifyInstance } from "fastify";
import type { Clock } from "../../clock.ts";
import type { GameAccess } from "../../launch/game-access.ts";
import type { SessionPages } from "../../launch/session-pages.ts";
import type { ReplayLinks } from "../../replay-links/replay-link.ts";
import type { RoundEngine } from "../../rounds/engine.ts";
import type { SeedService } from "../../seeds/seed-service.ts";
import type { SessionService } from "../../sessions/session-service.ts";
import type { Store } from "../../store/database.ts";
import { registerActionRoute } from "./action.ts";
import { registerCurrentRoute } from "./current.ts";
import { registerHistoryRoute } from "./history.ts";
import { registerPlayRoute } from "./play.ts";
import { registerRealityCheckRoute } from "./reality-check.ts";
import { registerReplayRoute } from "./replay.ts";
import { registerRoundRoute } from "./round.ts";
import { registerSeedClientRoute } from "./seed-client.ts";
import { registerSeedCurrentRoute } from "./seed-current.ts";
import { registerSeedRevealRoute } from "./seed-reveal.ts";
import { registerSeedRotateRoute } from "./seed-rotate.ts";
import { registerSessionRefreshRoute } from "./session-refresh.ts";
import { registerVerifyRoute } from "./verify.ts";

export interface GameRouteDeps {
  rounds: RoundEngine;
  gameAccess: GameAccess;
  /** The lobby and responsible-gambling pages of a session, from the operator's settings (never from the page's address). */
  pagesOf: SessionPages;
  seeds: SeedService;
  sessions: SessionService;
  store: Store;
  clock: Clock;
  replayLinks: ReplayLinks;
  refreshGraceSeconds: number;
}

/** Routes of the game API whose requests may come without a session token. */
export const SESSIONLESS_GAME_ROUTES: ReadonlySet<string> = new Set(["/game/verify", "/game/replay/:token"]);

/** Every endpoint of the game API, into a scope that authenticates the session token. */
export function registerGameRoutes(scope: FastifyInstance, deps: GameRouteDeps): void {
  // Bodies are JSON only: any other content type is answered 415.
  scope.removeContentTypeParser("text/plain");
  // Requests without parameters may come without a body; they are checked as an empty object.
  scope.addHook("preValidation", async (request) => {
    if (request.method === "POST" && request.body === undefined) request.body = {};
  });
  registerPlayRoute(scope, deps);
  registerActionRoute(scope, deps);
  registerCurrentRoute(scope, deps);
  registerRealityCheckRoute(scope, deps);
  registerHistoryRoute(scope, deps);
  registerRoundRoute(scope, deps);
  registerSeedCurrentRoute(scope, deps);
  registerSeedClientRoute(scope, deps);
  registerSeedRotateRoute(scope, deps);
  registerSeedRevealRoute(scope, deps);
  registerVerifyRoute(scope, deps);
  registerReplayRoute(scope, deps);
  registerSessionRefreshRoute(scope, { sessions: deps.sessions, graceSeconds: deps.refreshGraceSeconds });
}
