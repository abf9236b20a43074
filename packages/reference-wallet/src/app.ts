import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import { registerAdminRoutes } from "./admin-routes.ts";
import { registerCallbackRoutes } from "./callback-routes.ts";
import type { WalletConfig } from "./config.ts";
import { FaultSchedule } from "./faults.ts";
import type { LedgerRepository } from "./store/ledger-repository.ts";

export interface WalletAppOptions {
  config: Pick<
    WalletConfig,
    | "secrets"
    | "operatorId"
    | "basePath"
    | "signatureWindowSeconds"
    | "adminToken"
    | "faults"
    | "notEnoughMoneyMessage"
  >;
  ledger: LedgerRepository;
  /** Unix seconds; the signature window is checked against it. */
  clock?: () => number;
  logger?: FastifyServerOptions["logger"];
}

const BODY_LIMIT_BYTES = 256 * 1024;

/** The wallet's HTTP application: callbacks, admin endpoints and a health check. */
export async function buildWalletApp(opts: WalletAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Each callback writes one line of its own (callback, ids, status); the default pair adds nothing.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
  });
  // The signature covers the exact bytes received, so every body is kept raw and parsed by the routes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const code = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 500;
    if (code >= 500) request.log.error({ err: error }, "request failed");
    return reply.code(code).send({ status: code >= 500 ? "ERROR_UNKNOWN" : "ERROR_WRONG_SYNTAX" });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: "not_found" }));

  const faults = opts.config.faults ? new FaultSchedule() : undefined;
  registerCallbackRoutes(app, {
    basePath: opts.config.basePath,
    secrets: opts.config.secrets,
    operatorId: opts.config.operatorId,
    signatureWindowSeconds: opts.config.signatureWindowSeconds,
    context: { ledger: opts.ledger, notEnoughMoneyMessage: opts.config.notEnoughMoneyMessage },
    clock: opts.clock ?? (() => Date.now() / 1000),
    faults,
  });
  registerAdminRoutes(app, { ledger: opts.ledger, adminToken: opts.config.adminToken, faults });
  app.get("/health", async () => ({ status: "ok" }));
  await app.ready();
  return app;
}
