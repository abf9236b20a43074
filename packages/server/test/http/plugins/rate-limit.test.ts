import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, errorOf, type Harness } from "../support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { rateLimit: { ratePerSecond: 50, burst: 20 } } });
});
afterAll(async () => h.close());

// Each test sends from its own address, so the budgets of the tests do not mix.

async function refusalCount(): Promise<number> {
  const line = (await h.metrics.render())
    .split("\n")
    .find((l) => !l.startsWith("#") && l.includes('route="/operator/launch"') && l.includes("rate_limit"));
  return line === undefined ? 0 : Number(line.split(" ").pop());
}

async function burst(count: number, request: () => ReturnType<Harness["signed"]>) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await request()).statusCode);
  return statuses;
}

describe("rate limit per client IP and endpoint", () => {
  it("allows a burst of 20, then answers 429 with Retry-After until tokens refill", async () => {
    const games = () => h.signed({ method: "GET", path: "/operator/games", remoteAddress: "192.0.2.1" });
    const statuses = await burst(25, games);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));

    const refused = await games();
    expect(refused.json()).toEqual({
      status: 429,
      title: "Too Many Requests",
      code: "rate_limit_exceeded",
      detail: expect.stringContaining("retry after 1 s"),
    });
    expect(refused.headers["retry-after"]).toBe("1");

    h.clock.advance(100); // 50 per second: 5 tokens
    expect(await burst(6, games)).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("counts floods before authentication, so unsigned requests are refused cheaply too", async () => {
    const unsigned = () =>
      h.signed({
        method: "GET",
        path: "/operator/currencies",
        headers: { "x-hmac-sha256": undefined },
        remoteAddress: "192.0.2.2",
      });
    const statuses = await burst(21, unsigned);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses[20]).toBe(429);
  });

  it("keeps separate budgets per endpoint and per client address", async () => {
    const from = (path: string, remoteAddress: string) => h.signed({ method: "GET", path, remoteAddress });
    await burst(20, () => from("/operator/games", "192.0.2.3"));
    expect((await from("/operator/games", "192.0.2.3")).statusCode).toBe(429);
    expect((await from("/operator/currencies", "192.0.2.3")).statusCode).toBe(200);
    expect((await from("/operator/games", "192.0.2.4")).statusCode).toBe(200);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const spoofed = (n: number) =>
      h.signed({
        method: "GET",
        path: "/operator/games",
        headers: { "x-forwarded-for": `198.51.100.${n}` },
        remoteAddress: "192.0.2.5",
      });
    for (let i = 0; i < 20; i++) await spoofed(i);
    expect(errorOf(await spoofed(99)).code).toBe("rate_limit_exceeded");
  });

  it("counts refusals in the metrics", async () => {
    const before = await refusalCount();
    await burst(22, () =>
      h.signed({ method: "POST", path: "/operator/launch", body: {}, remoteAddress: "192.0.2.6" }),
    );
    expect((await refusalCount()) - before).toBe(2);
  });
});

describe("rate limit behind a trusted proxy", () => {
  it("uses the forwarded client address when TRUST_PROXY is true", async () => {
    const proxied = await createHarness({
      shareStoreOf: h,
      config: { rateLimit: { ratePerSecond: 50, burst: 20 }, trustProxy: true },
    });
    try {
      const from = (ip: string) =>
        proxied.signed({ method: "GET", path: "/operator/games", headers: { "x-forwarded-for": ip } });
      for (let i = 0; i < 20; i++) await from("198.51.100.1");
      expect((await from("198.51.100.1")).statusCode).toBe(429);
      expect((await from("198.51.100.2")).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
