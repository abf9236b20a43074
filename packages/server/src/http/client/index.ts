/**
 * The game client's routes: the game page (/play/:slug), a round's replay page (/replay/:token), its assets (/assets/*), the games' icons
 * (/thumbnails/*) and, on staging servers, the demo lobby (/lobby).
 */
import type { GameInfo } from "@rgs/protocol/catalog";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { LaunchService } from "../../launch/launch-service.ts";
import type { Metrics } from "../../observability/metrics.ts";
import type { RateLimiter } from "../../rate-limit/index.ts";
import type { ReplayLinks } from "../../replay-links/replay-link.ts";
import { hashSessionToken } from "../../sessions/session-service.ts";
import type { Store } from "../../store/database.ts";
import { type RateBucket, registerRateLimit } from "../plugins/rate-limit.ts";
import { registerAssets } from "./assets.ts";
import { ClientBuild } from "./client-build.ts";
import { registerGamePage } from "./game-page.ts";
import { registerLobby } from "./lobby.ts";
import { registerReplayPage } from "./replay-page.ts";
import { registerThumbnails } from "./thumbnails.ts";

export interface ClientRoutesDeps {
  environment: "staging" | "production";
  publicBaseUrl: string;
  store: Pick<Store, "sessions" | "operators">;
  /** The games enabled for an operator (OperatorService.games). */
  games(operatorId: string): Promise<GameInfo[]>;
  launches: Pick<LaunchService, "launch">;
  /** Replay links' pages, rate limited like the game API's routes. */
  replay: {
    links: ReplayLinks;
    rateLimiter: RateLimiter;
    metrics: Metrics;
    /** The operator whose round the ID names, hot or moved to the history. */
    operatorOfRound(roundId: string): Promise<string | undefined>;
  };
  /** The built client; packages/client/dist by default. */
  distDir?: string;
  /** The games' icons; packages/client/public/thumbnails by default. */
  thumbnailsDir?: string;
  /**
   * The game API's budget: each request for the game page with a token-shaped value reads the store, so it
   * is limited per address like the game API.
   */
  pageRateLimit?: { rateLimiter: RateLimiter; metrics: Metrics };
}

export async function registerClientRoutes(app: FastifyInstance, deps: ClientRoutesDeps): Promise<void> {
  const build = new ClientBuild(deps.distDir);
  await app.register(async (scope) => {
    const limit = deps.pageRateLimit;
    if (limit) registerRateLimit(scope, { ...limit, bucketsOf: pageBuckets });
    registerGamePage(scope, {
      build,
      async frameAncestorsForToken(token) {
        // An expired session still names its operator, so the page that says "session expired" can be framed.
        const found = await deps.store.sessions.findToken(hashSessionToken(token));
        if (!found) return [];
        return (await deps.store.operators.find(found.session.operatorId))?.frameAncestors ?? [];
      },
    });
  });
  await app.register(async (scope) => {
    registerRateLimit(scope, { rateLimiter: deps.replay.rateLimiter, metrics: deps.replay.metrics });
    registerReplayPage(scope, {
      build,
      links: deps.replay.links,
      operatorOfRound: deps.replay.operatorOfRound,
      frameAncestorsOf: async (operatorId) =>
        (await deps.store.operators.find(operatorId))?.frameAncestors ?? [],
    });
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

/** The game API's per-address bucket, under the page's own route. */
const pageBuckets = (request: FastifyRequest, route: string): RateBucket[] => [
  { key: `game|${route}|ip|${request.ip}`, who: "from this address" },
];
