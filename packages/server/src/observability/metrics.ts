import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

/**
 * Prometheus metrics of one app instance. Each instance gets its own registry (not prom-client's
 * global one), so tests and several apps in one process never see each other's counts.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method">;
  rateLimitRefusals: Counter<"route">;
  render(): Promise<string>;
  contentType: string;
}

/** Seconds; dense below 1 s where API calls live, a few wide buckets for slow wallet round trips. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpRequests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status code.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from receiving a request to finishing its response, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const rateLimitRefusals = new Counter({
    name: "rate_limit_refusals_total",
    help: "Requests refused with 429 by the rate limiter, by route pattern.",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  return {
    registry,
    httpRequests,
    httpDuration,
    rateLimitRefusals,
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
