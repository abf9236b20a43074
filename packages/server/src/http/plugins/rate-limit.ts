import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Metrics } from "../../observability/metrics.ts";
import type { RateLimiter } from "../../rate-limit/index.ts";
import { sendError } from "../error-reply.ts";

/** A bucket a request draws from, and how a refusal names it to the client. */
export interface RateBucket {
  key: string;
  /** e.g. "from this address" or "for this session". */
  who: string;
}

const byAddress = (request: FastifyRequest, route: string): RateBucket[] => [
  { key: `${route}|${request.ip}`, who: "from this address" },
];

/**
 * Token bucket per client IP and endpoint (or the buckets `bucketsOf` names), checked before anything
 * else of the request is looked at (authentication costs a database read), so a flood is refused
 * cheaply. The client IP is `request.ip`: the socket address unless TRUST_PROXY says which proxies to
 * believe. A request must find room in every one of its buckets.
 */
export function registerRateLimit(
  scope: FastifyInstance,
  deps: {
    rateLimiter: RateLimiter;
    metrics: Metrics;
    bucketsOf?: (request: FastifyRequest, route: string) => RateBucket[];
  },
): void {
  const bucketsOf = deps.bucketsOf ?? byAddress;
  scope.addHook("onRequest", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    for (const bucket of bucketsOf(request, route)) {
      const decision = await deps.rateLimiter.take(bucket.key);
      if (decision.allowed) continue;
      deps.metrics.rateLimitRefusals.inc({ route });
      const retryAfter = Math.max(1, Math.ceil(decision.retryAfterSeconds));
      reply.header("retry-after", String(retryAfter));
      return sendError(
        reply,
        "rate_limit_exceeded",
        `Too many requests to ${route} ${bucket.who}; retry after ${retryAfter} s, backing off exponentially if refused again.`,
      );
    }
  });
}
