import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import { genReqId, loggerOptions } from "../../observability/logger.ts";
import type { Metrics } from "../../observability/metrics.ts";
import { guardConnections, httpServerOptions } from "../plugins/connections.ts";
import { frameworkErrorHandler, registerErrorHandling } from "../plugins/errors.ts";
import { registerMetricsRoute } from "../plugins/metrics.ts";
import { registerSecurityHeaders, securityHeaders } from "../plugins/security-headers.ts";

/**
 * The listener of METRICS_PORT: `GET /metrics` only, kept off the game port so that the players'
 * network never reaches it. It has the game port's time limits and error shape, since whoever can
 * reach it is not necessarily Prometheus.
 */
export async function buildMetricsApp(deps: {
  config: Pick<Config, "http" | "publicBaseUrl" | "logLevel" | "metrics">;
  metrics: Metrics;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: NodeJS.WritableStream;
}): Promise<FastifyInstance> {
  const { config } = deps;
  const headers = securityHeaders(config.publicBaseUrl);
  const app = Fastify({
    ...httpServerOptions(config.http, headers),
    frameworkErrors: frameworkErrorHandler(headers),
    logger: loggerOptions({ level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) }),
    genReqId,
    bodyLimit: 1024,
  });
  guardConnections(app.server, { limits: config.http, securityHeaders: headers, log: app.log });
  registerErrorHandling(app, { bodyLimitBytes: 1024 });
  registerSecurityHeaders(app, { publicBaseUrl: config.publicBaseUrl });
  registerMetricsRoute(app, {
    metrics: deps.metrics,
    ...(config.metrics.token !== undefined && { token: config.metrics.token }),
  });
  await app.ready();
  return app;
}
