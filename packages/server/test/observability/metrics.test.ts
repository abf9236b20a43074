import { describe, expect, it } from "vitest";
import { createMetrics } from "../../src/observability/metrics.ts";

describe("createMetrics", () => {
  it("renders the HTTP and rate-limit metrics in Prometheus text format", async () => {
    const metrics = createMetrics();
    metrics.httpRequests.inc({ route: "/operator/games", method: "GET", status: "200" });
    metrics.httpRequests.inc({ route: "/operator/games", method: "GET", status: "200" });
    metrics.httpDuration.observe({ route: "/operator/games", method: "GET" }, 0.03);
    metrics.rateLimitRefusals.inc({ route: "/operator/launch" });
    const text = await metrics.render();
    expect(text).toContain('http_requests_total{route="/operator/games",method="GET",status="200"} 2');
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.025",route="/operator/games",method="GET"} 0',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.05",route="/operator/games",method="GET"} 1',
    );
    expect(text).toContain('http_request_duration_seconds_count{route="/operator/games",method="GET"} 1');
    expect(text).toContain('rate_limit_refusals_total{route="/operator/launch"} 1');
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(metrics.contentType).toMatch(/^text\/plain/);
  });

  it("keeps the counts of each instance apart", async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.rateLimitRefusals.inc({ route: "/operator/games" });
    expect(await b.render()).not.toContain('rate_limit_refusals_total{route="/operator/games"}');
  });
});
