import cookie from "@fastify/cookie";
import { adminErrorBody } from "@rgs/protocol/errors";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { asActor } from "../audit/actor.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import { guardConnections, httpServerOptions } from "../http/plugins/connections.ts";
import { frameworkErrorHandler, registerErrorHandling } from "../http/plugins/errors.ts";
import { registerSecurityHeaders, securityHeaders } from "../http/plugins/security-headers.ts";
import { genReqId, loggerOptions } from "../observability/logger.ts";
import type { CertificationService } from "../operators/certification-service.ts";
import { OperatorError } from "../operators/operator-error.ts";
import type { DeadLetterService } from "../outbox/dead-letters.ts";
import type { SearchService } from "../reporting/search-service.ts";
import type { Store } from "../store/database.ts";
import { registerAppPage } from "./app-page.ts";
import { Approvals, type StuckRounds } from "./approvals.ts";
import { registerAuthRoutes } from "./auth-routes.ts";
import { BackofficeError } from "./backoffice-error.ts";
import { registerCallbackRoutes } from "./callback-routes.ts";
import { registerDataRoutes } from "./data-routes.ts";
import { registerFreeRoundRoutes } from "./free-round-routes.ts";
import { requireSession, userOf } from "./guard.ts";
import { registerOnCallRoutes } from "./oncall-routes.ts";
import { registerOperatorRoutes } from "./operator-routes.ts";
import { type OperatorOperations, registerOperatorSettingsRoutes } from "./operator-settings-routes.ts";
import { registerReportRoutes } from "./report-routes.ts";
import { BackofficeSessions } from "./sessions.ts";
import { registerSettlementRoutes } from "./settlement-routes.ts";
import { registerUserRoutes } from "./user-routes.ts";
import { actorOf, BackofficeUsers } from "./users.ts";

const BODY_LIMIT = 64 * 1024;

/**
 * The listener of BACKOFFICE_PORT (docs/back-office.md): the people's pages and their JSON API, on an origin
 * of their own, never the one operators frame the game on. Same time limits and error shape as the game
 * port; every answer in the error catalogue's codes, an operator's people answered 404 for what is not theirs.
 */
export async function buildBackofficeApp(deps: {
  config: Pick<Config, "http" | "publicBaseUrl" | "logLevel" | "outbox" | "sweeperIdleSeconds">;
  store: Pick<Store, "db" | "audit" | "reporting">;
  clock: Clock;
  secretBox: SecretBox;
  searches: SearchService;
  callbacks: DeadLetterService;
  /** The operations on operators the CLI runs (operators/onboarding.ts), and the tester's runs. */
  operators: OperatorOperations;
  certifications: CertificationService;
  /** The round engine's abandon rule, for settling a stuck round (RoundEngine). */
  rounds: StuckRounds;
  /** The built app (packages/backoffice/dist by default). */
  distDir?: string;
  logStream?: NodeJS.WritableStream;
}): Promise<FastifyInstance> {
  const { config } = deps;
  const headers = securityHeaders(config.publicBaseUrl);
  const app = Fastify({
    ...httpServerOptions(config.http, headers),
    frameworkErrors: frameworkErrorHandler(headers),
    logger: loggerOptions({ level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) }),
    genReqId,
    bodyLimit: BODY_LIMIT,
    // As on the game port: a field no schema knows is refused, not dropped, and nothing is coerced.
    ajv: {
      customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false },
    },
  });
  guardConnections(app.server, { limits: config.http, securityHeaders: headers, log: app.log });
  registerErrorHandling(app, { bodyLimitBytes: BODY_LIMIT });
  registerSecurityHeaders(app, { publicBaseUrl: config.publicBaseUrl });
  await app.register(cookie);
  registerAppPage(app, { ...(deps.distDir !== undefined && { distDir: deps.distDir }) });

  const users = new BackofficeUsers({ store: deps.store, clock: deps.clock, secretBox: deps.secretBox });
  const sessions = new BackofficeSessions({ store: deps.store, clock: deps.clock });
  const limits = { alertAfterMs: config.outbox.alertAfterMs, idleMs: config.sweeperIdleSeconds * 1000 };
  const approvals = new Approvals({
    store: deps.store,
    clock: deps.clock,
    callbacks: deps.callbacks,
    rounds: deps.rounds,
    limits,
  });
  const fallback = app.errorHandler;
  await app.register(async (api) => {
    // The refusals of the services, with the status the catalogue gives people's interfaces (404 for
    // an operator that is not theirs); anything else as the game port answers it.
    api.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof BackofficeError || error instanceof OperatorError) {
        const body = adminErrorBody(error.code, error.message);
        return reply.code(body.status).type("application/json; charset=utf-8").send(body);
      }
      return fallback.call(app, error, request, reply);
    });
    registerAuthRoutes(api, { users, sessions });
    await api.register(async (scope) => {
      requireSession(scope, { users, sessions });
      // What the routes write is recorded in the name of the person signed in.
      scope.addHook("preHandler", (request, _reply, done) => asActor(actorOf(userOf(request)), done));
      registerDataRoutes(scope, {
        store: deps.store,
        searches: deps.searches,
        audit: deps.store.audit,
        clock: deps.clock,
        limits,
      });
      registerCallbackRoutes(scope, { callbacks: deps.callbacks, approvals });
      registerReportRoutes(scope, { store: deps.store, audit: deps.store.audit, clock: deps.clock });
      registerFreeRoundRoutes(scope, { store: deps.store, clock: deps.clock });
      registerSettlementRoutes(scope, { approvals });
      registerOnCallRoutes(scope, { store: deps.store, clock: deps.clock, limits });
      registerUserRoutes(scope, { users });
      registerOperatorRoutes(scope, { store: deps.store, certifications: deps.certifications });
      registerOperatorSettingsRoutes(scope, {
        operators: deps.operators,
        certifications: deps.certifications,
        store: deps.store,
        log: app.log,
      });
    });
  });
  await app.ready();
  return app;
}
