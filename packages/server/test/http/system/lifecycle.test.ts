import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/app.ts";
import { createMetrics } from "../../../src/observability/metrics.ts";
import { createMemoryRateLimiter } from "../../../src/rate-limit/index.ts";
import { Lifecycle } from "../../../src/shutdown/lifecycle.ts";
import { createHarness, errorOf, type Harness } from "../support.ts";

/** The HTTP side of a stop: readiness, refusal of new requests, and requests in flight counted to their end. */
let h: Harness;
const lifecycle = new Lifecycle();
let app: Awaited<ReturnType<typeof buildApp>>;
let rateLimiter: ReturnType<typeof createMemoryRateLimiter>;

beforeAll(async () => {
  h = await createHarness();
  rateLimiter = createMemoryRateLimiter({ ...h.config.rateLimit, clock: h.clock });
  app = await buildApp({
    config: h.config,
    clock: h.clock,
    store: h.store,
    operators: h.operators,
    rateLimiter,
    metrics: createMetrics(),
    game: h.runtime,
    lifecycle,
  });
});
afterAll(async () => {
  await app.close();
  await rateLimiter.close();
  await h.close();
});

describe("an instance's lifecycle over HTTP", () => {
  it("is ready while serving, not ready once draining, and refuses new requests once refusing", async () => {
    expect((await app.inject({ method: "GET", url: "/readyz" })).json()).toMatchObject({ status: "ready" });

    lifecycle.drain();
    const draining = await app.inject({ method: "GET", url: "/readyz" });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: "draining" });
    expect(draining.headers.connection).toBe("close");
    const served = await app.inject({ method: "GET", url: "/healthz" });
    expect(served.statusCode).toBe(200);
    const stillServed = await app.inject({ method: "POST", url: "/game/current", payload: {} });
    expect(stillServed.statusCode).toBe(401);

    lifecycle.refuse();
    for (const url of ["/game/play", "/operator/launch", "/no/such/path"]) {
      const refused = await app.inject({ method: "POST", url, payload: {} });
      expect(errorOf(refused)).toMatchObject({ status: 503, code: "shutting_down" });
      expect(refused.headers["retry-after"]).toBe("1");
      expect(refused.headers.connection).toBe("close");
    }
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
  });

  it("counts a request in flight until its handler ends", async () => {
    const counted = new Lifecycle();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    counted.track(gate);
    expect(counted.inFlight).toBe(1);
    let idle = false;
    const waiting = counted.idle().then(() => {
      idle = true;
    });
    await Promise.resolve();
    expect(idle).toBe(false);
    release();
    await waiting;
    expect(counted.inFlight).toBe(0);
  });
});
