import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

function sample(text: string, name: string, labels: string): number | undefined {
  const line = text
    .split("\n")
    .find((l) => l.startsWith(`${name}{`) && labels.split(",").every((label) => l.includes(label)));
  return line === undefined ? undefined : Number(line.split(" ").pop());
}

describe("GET /metrics", () => {
  it("counts requests by route pattern, method and status, never by raw URL", async () => {
    await h.signed({ method: "GET", path: "/operator/games" });
    await h.signed({ method: "GET", path: "/operator/games" });
    await h.signed({ method: "GET", path: "/operator/games", headers: { "x-hmac-sha256": undefined } });
    await h.app.inject({ method: "GET", url: "/player/123/secret-path?token=abc" });

    const response = await h.app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    const text = response.body;
    expect(sample(text, "http_requests_total", 'route="/operator/games",method="GET",status="200"')).toBe(2);
    expect(sample(text, "http_requests_total", 'route="/operator/games",method="GET",status="401"')).toBe(1);
    expect(sample(text, "http_requests_total", 'route="unmatched",method="GET",status="404"')).toBe(1);
    expect(sample(text, "http_request_duration_seconds_count", 'route="/operator/games",method="GET"')).toBe(
      3,
    );
    expect(text).not.toContain("/player/123");
    expect(text).not.toContain("token=abc");
  });
});
