import type { FastifyInstance } from "fastify";
import type { Metrics } from "../../observability/metrics.ts";
import { tokenMatches } from "../admin/admin-token.ts";
import { sendError } from "../error-reply.ts";

/** Label for requests no route matched, so hostile URLs cannot create unbounded label values. */
const UNMATCHED_ROUTE = "unmatched";

/** Counts every answer of `app` by route pattern, method and status, and times it. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const method = request.method;
    metrics.httpRequests.inc({ route, method, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ route, method }, reply.elapsedTime / 1000);
  });
}

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * `GET /metrics` in Prometheus text. With a `token`, a scrape must send `Authorization: Bearer <token>`
 * (Prometheus' `authorization.credentials_file`); anything else is refused with 401
 * `invalid_metrics_token`, compared in constant time so the token does not leak through timing.
 */
export function registerMetricsRoute(app: FastifyInstance, opts: { metrics: Metrics; token?: string }): void {
  const expected = opts.token;
  // A scrape every few seconds would fill the log at info; failures are still logged.
  app.get("/metrics", { schema: { hide: true }, logLevel: "warn" }, async (request, reply) => {
    if (expected !== undefined) {
      const presented = BEARER.exec(request.headers.authorization ?? "")?.[1];
      if (presented === undefined || !tokenMatches(presented, expected)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        return sendError(
          reply,
          "invalid_metrics_token",
          "Send the metrics token (METRICS_TOKEN) as the header Authorization: Bearer <token>.",
        );
      }
    }
    reply.type(opts.metrics.contentType);
    return opts.metrics.render();
  });
}
