import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, errorOf, type Harness } from "../http/support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { gameRateLimit: { ratePerSecond: 1, burst: 3 } } });
});
afterAll(async () => h.close());

describe("GET /play/:slug", () => {
  it("draws from the game API's per-address budget, so token-shaped values cannot flood the store", async () => {
    const page = (token: string, remoteAddress = "203.0.113.7") =>
      h.app.inject({ method: "GET", url: `/play/dice?sessionToken=${token}`, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await page(`${"T".repeat(40)}${i}`)).statusCode).not.toBe(429);
    const refused = await page("U".repeat(43));
    expect(errorOf(refused)).toMatchObject({ status: 429, code: "rate_limit_exceeded" });
    expect(refused.headers["retry-after"]).toBeDefined();
    // Another address has a budget of its own.
    expect((await page("V".repeat(43), "203.0.113.8")).statusCode).not.toBe(429);
  });
});
