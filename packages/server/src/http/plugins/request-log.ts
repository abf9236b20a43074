import type { FastifyInstance } from "fastify";

/** Polled by load balancers and monitors every few seconds: answered without a log line. */
const UNLOGGED_ROUTES = new Set(["/healthz", "/readyz"]);

/** Label of requests no route matched; their path is logged beside it, without its query. */
const UNMATCHED_ROUTE = "unmatched";
const MAX_LOGGED_PATH = 200;

/**
 * One line per request, at `info`, once it is answered: its id (`reqId`, from the request logger), the
 * method, the route pattern, the status and the duration in milliseconds. The route is the pattern
 * (`/game/:slug`), never the URL, and no header is logged, so no session token or signature can reach the
 * log. Fastify's own two lines per request are off (its `LogController`'s `disableRequestLogging`).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url;
    if (route !== undefined && UNLOGGED_ROUTES.has(route)) return;
    request.log.info(
      {
        method: request.method,
        route: route ?? UNMATCHED_ROUTE,
        ...(route === undefined && { path: unmatchedPath(request.url) }),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request completed",
    );
  });
}

function unmatchedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}...` : path;
}
