import swagger from "@fastify/swagger";
import { OPERATOR_API_VERSION } from "@rgs/protocol/operator-api";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import { CampaignRepository } from "./campaigns/campaign-repository.ts";
import { CampaignService, certifiedForFreeRounds } from "./campaigns/campaign-service.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import { registerClientRoutes } from "./http/client/index.ts";
import { registerGameRoutes, SESSIONLESS_GAME_ROUTES } from "./http/game/index.ts";
import { registerCampaignRoutes } from "./http/operator/campaigns.ts";
import { registerCurrenciesRoute } from "./http/operator/currencies.ts";
import { registerGamesRoute } from "./http/operator/games.ts";
import { registerIntegrityRoute } from "./http/operator/integrity.ts";
import { registerLaunchRoute } from "./http/operator/launch.ts";
import { registerReportRoutes } from "./http/operator/reports.ts";
import { registerSearchRoutes } from "./http/operator/search.ts";
import { guardConnections, httpServerOptions } from "./http/plugins/connections.ts";
import { frameworkErrorHandler, registerErrorHandling } from "./http/plugins/errors.ts";
import { registerLifecycle } from "./http/plugins/lifecycle.ts";
import { registerMetrics, registerMetricsRoute } from "./http/plugins/metrics.ts";
import { type CredentialSource, registerOperatorAuthentication } from "./http/plugins/operator-auth.ts";
import { registerRateLimit } from "./http/plugins/rate-limit.ts";
import { registerRawJsonBody } from "./http/plugins/raw-body.ts";
import { registerRequestLog } from "./http/plugins/request-log.ts";
import { registerSecurityHeaders, securityHeaders } from "./http/plugins/security-headers.ts";
import { gameRateBuckets, registerSessionAuthentication } from "./http/plugins/session-auth.ts";
import { registerUtf8JsonBody } from "./http/plugins/utf8-json.ts";
import { registerDocsRoutes } from "./http/system/docs.ts";
import { registerHealthRoutes } from "./http/system/health.ts";
import { computeIntegrity, type IntegrityManifest } from "./integrity/integrity-manifest.ts";
import { gameAccess } from "./launch/game-access.ts";
import { type LaunchOperators, LaunchService } from "./launch/launch-service.ts";
import { sessionPages } from "./launch/session-pages.ts";
import { genReqId, loggerOptions } from "./observability/logger.ts";
import type { Metrics } from "./observability/metrics.ts";
import { CertificationRepository } from "./operators/certification-repository.ts";
import { createMemoryRateLimiter, type RateLimiter } from "./rate-limit/index.ts";
import { createMemoryReplayGuard, type ReplayGuard } from "./replay/index.ts";
import { type ReplayLinks, randomReplayLinks } from "./replay-links/replay-link.ts";
import { randomSearchCursors, type SearchCursors } from "./reporting/search-cursor.ts";
import { SearchService } from "./reporting/search-service.ts";
import type { RoundEngine } from "./rounds/engine.ts";
import { findOperatorOfRound } from "./rounds/history-repository.ts";
import type { SeedService } from "./seeds/seed-service.ts";
import { SessionService } from "./sessions/session-service.ts";
import { Lifecycle } from "./shutdown/lifecycle.ts";
import type { Store } from "./store/database.ts";
import type { WalletClient } from "./wallet/wallet-client.ts";

/** What the HTTP layer uses of the operator service. */
export type AppOperators = CredentialSource & LaunchOperators;

export interface AppDeps {
  config: Config;
  clock: Clock;
  store: Store;
  operators: AppOperators;
  rateLimiter: RateLimiter;
  /** The game API's budget (GAME_RATE_LIMIT_*); an in-memory one, closed with the app, when not given. */
  gameRateLimiter?: RateLimiter;
  /** Signed POSTs already received (REDIS_URL); an in-memory one, closed with the app, when not given. */
  replayGuard?: ReplayGuard;
  metrics: Metrics;
  /** The round engine and the seeds behind the game API, and the operators' wallet clients. */
  game: {
    rounds: RoundEngine;
    seeds: SeedService;
    wallets: (operatorId: string) => Promise<WalletClient>;
  };
  /** The instance's lifecycle, which its shutdown drives (SIGTERM); one that always serves when not given. */
  lifecycle?: Lifecycle;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: NodeJS.WritableStream;
  /** The built game client (default packages/client/dist). */
  clientDistDir?: string;
  /** Signs the searches' cursors (from SECRET_KEY); cursors under a key of their own when not given. */
  searchCursors?: SearchCursors;
  /** Signs the rounds' replay links (from SECRET_KEY); links under a key of their own when not given. */
  replayLinks?: ReplayLinks;
  /** The digests of the software running (GET /operator/integrity): taken at start; computed once when absent. */
  integrity?: () => Promise<IntegrityManifest>;
}

const API_DESCRIPTION = `Operator API of the remote game server: list your games and currencies, launch game sessions for your players, find their rounds and wallet transactions, and check the digests of the software that serves them. Every operator request is signed with HMAC-SHA256 (see /docs#signing). Real-money play calls your wallet through five callbacks (see /docs#callbacks). The game API (tag game) is what the game client in the player's browser calls, with the session token of the launch URL. Versioning: semantic versions; changes within a major version are additive only, and a major version is deprecated at least 6 months before removal, announced with Deprecation and Sunset headers.`;

/**
 * The HTTP application, not listening. Schemas drive both request validation and the OpenAPI
 * document. Operator endpoints live in one encapsulated scope with, in this order: rate limit,
 * query-string refusal, raw-body parsing (415/413), authentication over the raw body, JSON parsing,
 * schema validation, handler.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const headers = securityHeaders(config.publicBaseUrl);
  const options: FastifyServerOptions = {
    ...httpServerOptions(config.http, headers),
    frameworkErrors: frameworkErrorHandler(headers),
    logger: loggerOptions({ level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) }),
    genReqId,
    // One line per request instead of Fastify's two (http/plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count is supported at runtime although Fastify's type omits numbers.
    trustProxy: config.trustProxy as FastifyServerOptions["trustProxy"],
    bodyLimit: config.bodyLimitBytes,
    // Validation must not rewrite input: no type coercion, no silently dropped unknown fields.
    ajv: {
      customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false },
    },
  };
  const app = Fastify(options);
  guardConnections(app.server, { limits: config.http, securityHeaders: headers, log: app.log });

  registerErrorHandling(app, { bodyLimitBytes: config.bodyLimitBytes });
  const lifecycle = deps.lifecycle ?? new Lifecycle();
  registerLifecycle(app, lifecycle);
  registerSecurityHeaders(app, { publicBaseUrl: config.publicBaseUrl });
  registerMetrics(app, deps.metrics);
  registerRequestLog(app);
  // On the game port only behind a token, for platforms that expose one port; METRICS_PORT is better.
  if (config.metrics.port === undefined && config.metrics.token !== undefined) {
    registerMetricsRoute(app, { metrics: deps.metrics, token: config.metrics.token });
  }

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "RGS Operator API",
        version: OPERATOR_API_VERSION,
        description: API_DESCRIPTION,
        "x-api-version": OPERATOR_API_VERSION,
        "x-environment": config.environment,
      } as { title: string; version: string; description: string },
      servers: [{ url: config.publicBaseUrl, description: config.environment }],
      tags: [
        { name: "operator", description: "Signed endpoints for operator backends." },
        {
          name: "game",
          description:
            "The game API, called by the game client in the player's browser (served from this server's origin, so no CORS) with Authorization: Bearer <session token>.",
        },
        { name: "service", description: "Health checks for load balancers and monitoring." },
      ],
      components: {
        securitySchemes: {
          OperatorId: {
            type: "apiKey",
            in: "header",
            name: "X-Operator-ID",
            description: "Your operator ID (UUID).",
          },
          Timestamp: {
            type: "apiKey",
            in: "header",
            name: "X-Timestamp",
            description: `Current Unix time in seconds; accepted within ±${config.signatureWindowSeconds} s.`,
          },
          Signature: {
            type: "apiKey",
            in: "header",
            name: "X-HMAC-SHA256",
            description: "Hex HMAC-SHA256 of timestamp + path + body, keyed with your secret.",
          },
          SessionToken: {
            type: "http",
            scheme: "bearer",
            description:
              "The sessionToken of the launch URL, or the latest one POST /session/refresh answered.",
          },
        },
      },
    },
  });

  const sessions = new SessionService({
    sessions: deps.store.sessions,
    clock: deps.clock,
    ttlSeconds: config.sessionTtlSeconds,
    refreshGraceSeconds: config.sessionRefreshGraceSeconds,
    cacheSeconds: config.cacheSeconds,
  });
  const launches = new LaunchService({
    config,
    operators: deps.operators,
    sessions,
    wallets: deps.game.wallets,
    audit: deps.store.audit,
    certifications: new CertificationRepository(deps.store.db),
    freeRoundsOf: async (session) => (await deps.game.rounds.freeRounds(session))?.roundsRemaining ?? 0,
  });

  const replayLinks = deps.replayLinks ?? randomReplayLinks(config.publicBaseUrl);
  const replays = deps.replayGuard ?? createMemoryReplayGuard({ clock: deps.clock });
  if (deps.replayGuard === undefined) app.addHook("onClose", () => replays.close());
  await app.register(async (scope) => {
    registerRateLimit(scope, { rateLimiter: deps.rateLimiter, metrics: deps.metrics });
    registerOperatorAuthentication(scope, {
      operators: deps.operators,
      clock: deps.clock,
      windowSeconds: config.signatureWindowSeconds,
      replays,
    });
    registerRawJsonBody(scope, { bodyLimitBytes: config.bodyLimitBytes });
    registerGamesRoute(scope, { operators: deps.operators, publicBaseUrl: config.publicBaseUrl });
    registerCurrenciesRoute(scope);
    registerLaunchRoute(scope, { launches });
    registerSearchRoutes(scope, {
      searches: new SearchService({
        pool: deps.store.reporting,
        cursors: deps.searchCursors ?? randomSearchCursors(),
        clock: deps.clock,
        fairness: (db, ids) => deps.game.seeds.fairnessOfPairs(db, ids),
        replayUrl: (roundId) => replayLinks.urlOf(roundId),
      }),
    });
    registerIntegrityRoute(scope, {
      integrity: deps.integrity ?? once(computeIntegrity),
      auditKey: deps.store.auditKeys.current,
    });
    registerReportRoutes(scope, {
      operators: deps.store.operators,
      reporting: deps.store.reporting,
      clock: deps.clock,
    });
    registerCampaignRoutes(scope, {
      operators: deps.store.operators,
      campaigns: new CampaignService({
        campaigns: new CampaignRepository(deps.store.db),
        gamesOfPacks: (ids) => deps.store.packs.gamesOf(ids),
        certifiedForFreeRounds: (operator) =>
          certifiedForFreeRounds(new CertificationRepository(deps.store.db), operator),
        production: config.environment === "production",
        clock: deps.clock,
      }),
    });
  });

  const gameRateLimiter =
    deps.gameRateLimiter ?? createMemoryRateLimiter({ ...config.gameRateLimit, clock: deps.clock });
  if (deps.gameRateLimiter === undefined) app.addHook("onClose", () => gameRateLimiter.close());
  // The game client is served from this origin, so the game API needs (and sends) no CORS headers.
  await app.register(async (scope) => {
    registerRateLimit(scope, {
      rateLimiter: gameRateLimiter,
      metrics: deps.metrics,
      bucketsOf: gameRateBuckets,
    });
    registerSessionAuthentication(scope, { sessions, optional: SESSIONLESS_GAME_ROUTES });
    registerUtf8JsonBody(scope, { bodyLimitBytes: config.bodyLimitBytes });
    registerGameRoutes(scope, {
      rounds: deps.game.rounds,
      gameAccess: gameAccess({
        operators: deps.operators,
        clock: deps.clock,
        cacheMs: config.cacheSeconds * 1000,
      }),
      pagesOf: sessionPages({
        operators: deps.operators,
        ...(config.environment !== "production" && {
          sandbox: {
            find: () => deps.store.operators.findSandbox(),
            lobbyUrl: `${config.publicBaseUrl.replace(/\/+$/, "")}/lobby`,
          },
        }),
        clock: deps.clock,
        cacheMs: config.cacheSeconds * 1000,
      }),
      seeds: deps.game.seeds,
      sessions,
      store: deps.store,
      clock: deps.clock,
      replayLinks,
      refreshGraceSeconds: config.sessionRefreshGraceSeconds,
    });
  });

  await registerClientRoutes(app, {
    environment: config.environment,
    publicBaseUrl: config.publicBaseUrl,
    store: deps.store,
    games: (operatorId) => deps.operators.games(operatorId),
    launches,
    pageRateLimit: { rateLimiter: gameRateLimiter, metrics: deps.metrics },
    replay: {
      links: replayLinks,
      rateLimiter: gameRateLimiter,
      metrics: deps.metrics,
      operatorOfRound: (roundId) => findOperatorOfRound(deps.store, roundId),
    },
    ...(deps.clientDistDir !== undefined && { distDir: deps.clientDistDir }),
  });
  registerHealthRoutes(app, { store: deps.store, environment: config.environment, lifecycle });
  registerDocsRoutes(app, {
    environment: config.environment,
    publicBaseUrl: config.publicBaseUrl,
    signatureWindowSeconds: config.signatureWindowSeconds,
    rateLimit: config.rateLimit,
    bodyLimitBytes: config.bodyLimitBytes,
    launchDetailsMaxBytes: config.launchDetailsMaxBytes,
    callbackTimeoutMs: config.callbackTimeoutMs,
    debitRetries: config.debitRetries,
    outboxBaseDelayMs: config.outbox.baseDelayMs,
    outboxMaxDelayMs: config.outbox.maxDelayMs,
    outboxAlertAfterMs: config.outbox.alertAfterMs,
    sessionTtlSeconds: config.sessionTtlSeconds,
    sessionRefreshGraceSeconds: config.sessionRefreshGraceSeconds,
  });

  await app.ready();
  return app;
}

function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => {
    result ??= compute();
    return result;
  };
}
