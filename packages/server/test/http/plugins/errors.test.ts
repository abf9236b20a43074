import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, DEMO_LAUNCH, errorOf, type Harness } from "../support.ts";

let h: Harness;
let failing: Harness;
const failingLogs: string[] = [];

beforeAll(async () => {
  h = await createHarness();
  failing = await createHarness({
    shareStoreOf: h,
    config: { logLevel: "error" },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        failingLogs.push(String(chunk));
        done();
      },
    }),
    wrapOperators: (operators) => ({
      credentials: (id) => operators.credentials(id),
      get: (id) => operators.get(id),
      games: async () => {
        throw new Error("database exploded at /var/lib/secret-path");
      },
    }),
  });
});
afterAll(async () => {
  await failing.close();
  await h.close();
});

const launch = (body: unknown) => h.signed({ method: "POST", path: "/operator/launch", body });

describe("one error shape", () => {
  it("answers unknown paths with 404 not_found", async () => {
    const response = await h.app.inject({ method: "GET", url: "/nowhere?x=1" });
    expect(errorOf(response)).toMatchObject({
      status: 404,
      code: "not_found",
      detail: 'There is no endpoint at "/nowhere".',
    });
  });

  it("answers a wrong method on a known path with 405 and Allow", async () => {
    const response = await h.app.inject({ method: "DELETE", url: "/operator/launch" });
    expect(errorOf(response)).toMatchObject({ status: 405, code: "method_not_allowed" });
    expect(response.headers.allow).toBe("POST");
    const get = await h.app.inject({ method: "POST", url: "/operator/games", payload: {} });
    expect(errorOf(get).code).toBe("method_not_allowed");
    expect(get.headers.allow).toBe("GET, HEAD");
  });

  it("answers 500 internal_error quoting the request id, without the cause, and logs it", async () => {
    const response = await failing.signed({
      method: "GET",
      path: "/operator/games",
      headers: { "x-request-id": "trace-123" },
    });
    const error = errorOf(response);
    expect(error).toMatchObject({ status: 500, code: "internal_error" });
    expect(error.detail).toContain("trace-123");
    expect(response.body).not.toContain("exploded");
    expect(response.body).not.toMatch(/at .*\.ts/);
    expect(failingLogs.join("")).toContain("database exploded");
    expect(failingLogs.join("")).toContain("trace-123");
  });
});

describe("schema validation errors name the field", () => {
  it.each([
    [{ ...DEMO_LAUNCH, extra: 1 }, 'Unknown field "extra"'],
    [{ ...DEMO_LAUNCH, betLimits: { minBet: "1.00", lowest: "1" } }, 'Unknown field "betLimits.lowest"'],
    [{ ...DEMO_LAUNCH, demo: "true" }, 'Field "demo" must be a boolean.'],
    [{ ...DEMO_LAUNCH, playerId: 42 }, 'Field "playerId" must be a string.'],
    [{ ...DEMO_LAUNCH, playerId: "" }, 'Field "playerId" must not be empty.'],
    [{ ...DEMO_LAUNCH, playerId: "x".repeat(257) }, 'Field "playerId" must be at most 256 characters long.'],
    [{ ...DEMO_LAUNCH, playerId: "a\u0007b" }, 'Field "playerId" must not contain control characters'],
    [{ ...DEMO_LAUNCH, countryCode: "de" }, 'Field "countryCode" must be an upper-case ISO 3166-1'],
    [{ ...DEMO_LAUNCH, betLimits: { minBet: 1 } }, 'Field "betLimits.minBet" must be a string.'],
    [{ ...DEMO_LAUNCH, details: [1] }, 'Field "details" must be a JSON object.'],
    [{ currency: "USD", gameCode: "dice-alpha", countryCode: "DE" }, 'Missing required field "playerId".'],
  ])("%j -> %s", async (body, detail) => {
    const response = await launch(body);
    const error = errorOf(response);
    expect(error).toMatchObject({ status: 400, code: "invalid_request" });
    expect(error.detail).toContain(detail);
  });

  it('does not coerce types: the number 1 is not the string "1"', async () => {
    expect(errorOf(await launch({ ...DEMO_LAUNCH, currency: 1 })).detail).toBe(
      'Field "currency" must be a string.',
    );
  });

  it("accepts a player ID of 256 characters of any script", async () => {
    const playerId = "玩家🎲é".repeat(64);
    const response = await launch({ ...DEMO_LAUNCH, playerId });
    expect(response.statusCode).toBe(200);
  });
});

describe("headers of every answer", () => {
  it.each([
    ["an operator endpoint", "GET", "/operator/games"],
    ["an error", "GET", "/missing"],
    ["health", "GET", "/healthz"],
  ])("%s carries the security headers and a request id", async (_name, method, url) => {
    const response = await h.app.inject({ method: method as "GET", url });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["strict-transport-security"]).toContain("max-age=");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("echoes a plausible X-Request-ID and replaces a hostile one", async () => {
    const kept = await h.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "abc-123" },
    });
    expect(kept.headers["x-request-id"]).toBe("abc-123");
    const replaced = await h.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": 'a"b<script>' },
    });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("errors the framework raises before routing", () => {
  it.each([
    ["a 5,000-character round ID", `/game/round/${"r".repeat(5000)}`, 414, "uri_too_long"],
    ["a malformed percent-encoding", "/game/round/%E0%A4%A", 400, "invalid_request"],
  ])(
    "answer %s in the error shape with the security headers, without the path",
    async (_name, url, status, code) => {
      const response = await h.app.inject({ method: "GET", url });
      expect(errorOf(response)).toMatchObject({ status, code });
      expect(response.body).not.toContain("FST_ERR");
      expect(response.body).not.toContain("rrrrrrrrrr");
      expect(response.body).not.toContain("%E0");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    },
  );
});
