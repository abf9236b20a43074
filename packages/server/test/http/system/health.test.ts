import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe("health endpoints", () => {
  it("GET /healthz answers ok with environment and API version, without signing", async () => {
    const response = await h.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", environment: "staging", version: "1.3.0" });
  });

  it("GET /readyz answers 200 while the store answers and 503 once it is gone", async () => {
    expect((await h.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    await h.store.close();
    const down = await h.app.inject({ method: "GET", url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: "unavailable" });
  });
});
