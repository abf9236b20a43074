import type { FastifyInstance } from "fastify";
import type { Metrics } from "../../observability/metrics.ts";

/** Label for requests no route matched, so hostile URLs cannot create unbounded label values. */
const UNMATCHED_ROUTE = "unmatched";

export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const method = request.method;
    metrics.httpRequests.inc({ route, method, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ route, method }, reply.elapsedTime / 1000);
  });

  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    reply.type(metrics.contentType);
    return metrics.render();
  });
}
