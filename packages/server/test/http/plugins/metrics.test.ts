import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.ts";
import { buildMetricsApp } from "../../../src/http/admin/metrics-app.ts";
import { createHarness, errorOf, type Harness, testConfig } from "../support.ts";

const TOKEN = "scrape-token-0123456789abcdef";

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

function expectSecurityHeaders(response: LightMyRequestResponse) {
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["cache-control"]).toBe("no-store");
  expect(response.headers["x-request-id"]).toBeTruthy();
}

describe("metrics of the game port", () => {
  it("counts requests by route pattern, method and status, never by raw URL", async () => {
    await h.signed({ method: "GET", path: "/operator/games" });
    await h.signed({ method: "GET", path: "/operator/games" });
    await h.signed({ method: "GET", path: "/operator/games", headers: { "x-hmac-sha256": undefined } });
    await h.app.inject({ method: "GET", url: "/player/123/secret-path?token=abc" });

    const text = await h.metrics.render();
    expect(sample(text, "http_requests_total", 'route="/operator/games",method="GET",status="200"')).toBe(2);
    expect(sample(text, "http_requests_total", 'route="/operator/games",method="GET",status="401"')).toBe(1);
    expect(sample(text, "http_requests_total", 'route="unmatched",method="GET",status="404"')).toBe(1);
    expect(sample(text, "http_request_duration_seconds_count", 'route="/operator/games",method="GET"')).toBe(
      3,
    );
    expect(text).not.toContain("/player/123");
    expect(text).not.toContain("token=abc");
  });

  it("are not served on the game port by default", async () => {
    const response = await h.app.inject({ method: "GET", url: "/metrics" });
    expect(errorOf(response).code).toBe("not_found");
    expect(response.body).not.toContain("process_resident_memory_bytes");
  });

  it("are not served on the game port when a metrics listener is configured, even with a token", async () => {
    const other = await createHarness({
      shareStoreOf: h,
      config: { metrics: { host: "127.0.0.1", port: 9464, token: TOKEN } },
    });
    try {
      const response = await other.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(errorOf(response).code).toBe("not_found");
    } finally {
      await other.close();
    }
  });
});

describe("metrics on the game port behind METRICS_TOKEN (no METRICS_PORT)", () => {
  let guarded: Harness;
  beforeAll(async () => {
    guarded = await createHarness({
      shareStoreOf: h,
      config: { metrics: { host: "127.0.0.1", token: TOKEN } },
    });
  });
  afterAll(async () => guarded.close());

  it("answer a scrape with the token", async () => {
    const response = await guarded.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    expect(response.body).toContain("process_resident_memory_bytes");
  });

  it.each([
    ["no Authorization header", undefined],
    ["a wrong token", `Bearer ${TOKEN}x`],
    ["a prefix of the token", `Bearer ${TOKEN.slice(0, 20)}`],
    ["another scheme", `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString("base64")}`],
    ["an empty bearer", "Bearer "],
  ])("refuse %s with 401 invalid_metrics_token in the error shape", async (_name, authorization) => {
    const response = await guarded.app.inject({
      method: "GET",
      url: "/metrics",
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(errorOf(response)).toMatchObject({ status: 401, code: "invalid_metrics_token" });
    expect(response.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    expectSecurityHeaders(response);
    expect(response.body).not.toContain("process_");
    expect(response.body).not.toContain(TOKEN);
  });
});

describe("the metrics listener (METRICS_PORT)", () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    app = await buildMetricsApp({
      config: testConfig({ metrics: { host: "127.0.0.1", port: 1, token: TOKEN } }),
      metrics: h.metrics,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => app.close());

  function get(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        http
          .get(`${origin}${path}`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString("utf8"),
              }),
            );
          })
          .on("error", reject);
      },
    );
  }

  it("serves the app's metrics over TCP to a scrape with the token", async () => {
    await h.signed({ method: "GET", path: "/operator/games" });
    const answer = await get("/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/plain");
    expect(answer.body).toContain('http_requests_total{route="/operator/games"');
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("refuses a scrape without the token in the error shape", async () => {
    const answer = await get("/metrics");
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 401, code: "invalid_metrics_token" });
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("serves nothing but /metrics", async () => {
    for (const path of ["/healthz", "/operator/games", "/docs", "/"]) {
      const answer = await get(path, { authorization: `Bearer ${TOKEN}` });
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 404, code: "not_found" });
    }
  });

  it("asks no token when METRICS_TOKEN is unset", async () => {
    const open = await buildMetricsApp({
      config: testConfig({ metrics: { host: "127.0.0.1", port: 1 } }),
      metrics: h.metrics,
    });
    try {
      const response = await open.inject({ method: "GET", url: "/metrics" });
      expect(response.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe("metrics configuration", () => {
  const base = { PUBLIC_BASE_URL: "https://rgs.test", DATA_DIR: "/nonexistent" };

  it("serves no metrics anywhere by default, and binds a listener to loopback", () => {
    const loaded = loadConfig(base);
    expect(loaded.ok && loaded.config.metrics).toEqual({ host: "127.0.0.1" });
    const listener = loadConfig({ ...base, METRICS_PORT: "9464", METRICS_TOKEN: TOKEN });
    expect(listener.ok && listener.config.metrics).toEqual({ host: "127.0.0.1", port: 9464, token: TOKEN });
  });

  it.each([
    [{ METRICS_PORT: "8080" }, "METRICS_PORT (8080) must differ from PORT"],
    [{ METRICS_PORT: "0" }, "METRICS_PORT must be an integer between 1 and 65535"],
    [{ METRICS_TOKEN: "short" }, "METRICS_TOKEN must be 16 to 256 visible ASCII characters"],
  ])("refuses %o", (env, message) => {
    const loaded = loadConfig({ ...base, ...env });
    expect(loaded.ok).toBe(false);
    expect(!loaded.ok && loaded.errors.join("\n")).toContain(message);
    expect(!loaded.ok && loaded.errors.join("\n")).not.toContain("'short'");
  });
});
