import type { FastifyInstance } from "fastify";
import type { Metrics } from "../../observability/metrics.ts";
import type { RateLimiter } from "../../rate-limit/index.ts";
import { sendError } from "../error-reply.ts";

/**
 * Token bucket per client IP and endpoint, checked before anything else of the request is looked
 * at (authentication costs a database read and an HMAC), so a flood is refused cheaply. The client
 * IP is `request.ip`: the socket address unless TRUST_PROXY says which proxies to believe.
 */
export function registerRateLimit(
  scope: FastifyInstance,
  deps: { rateLimiter: RateLimiter; metrics: Metrics },
): void {
  scope.addHook("onRequest", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const decision = await deps.rateLimiter.take(`${route}|${request.ip}`);
    if (decision.allowed) return;
    deps.metrics.rateLimitRefusals.inc({ route });
    const retryAfter = Math.max(1, Math.ceil(decision.retryAfterSeconds));
    reply.header("retry-after", String(retryAfter));
    return sendError(
      reply,
      "rate_limit_exceeded",
      `Too many requests to ${route} from this address; retry after ${retryAfter} s, backing off exponentially if refused again.`,
    );
  });
}
