import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { signedHeaders, signRequest } from "@rgs/protocol/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, DEMO_LAUNCH, errorOf, type Harness, type SignedRequest } from "../support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const ENDPOINTS: SignedRequest[] = [
  { method: "GET", path: "/operator/games" },
  { method: "GET", path: "/operator/currencies" },
  { method: "GET", path: "/operator/integrity" },
  { method: "POST", path: "/operator/launch", body: DEMO_LAUNCH },
];

async function refusal(request: SignedRequest) {
  const response = await h.signed(request);
  return errorOf(response);
}

describe.each(ENDPOINTS)("authentication of $method $path", (endpoint) => {
  it("accepts a correctly signed request", async () => {
    expect((await h.signed(endpoint)).statusCode).toBe(200);
  });

  it("refuses a wrong signature", async () => {
    const error = await refusal({ ...endpoint, headers: { "x-hmac-sha256": "0".repeat(64) } });
    expect(error).toMatchObject({ status: 401, code: "bad_signature" });
  });

  it("refuses a signature over another path", async () => {
    const error = await refusal({ ...endpoint, signPath: "/operator/other" });
    expect(error.code).toBe("bad_signature");
  });

  it("refuses a timestamp 31 s old and one 31 s ahead", async () => {
    expect(await refusal({ ...endpoint, skewSeconds: -31 })).toMatchObject({
      status: 401,
      code: "expired_timestamp",
    });
    expect(await refusal({ ...endpoint, skewSeconds: 31 })).toMatchObject({
      status: 401,
      code: "expired_timestamp",
    });
  });

  it("accepts a timestamp exactly 30 s old or ahead (the window edge)", async () => {
    expect((await h.signed({ ...endpoint, skewSeconds: -30 })).statusCode).toBe(200);
    expect((await h.signed({ ...endpoint, skewSeconds: 30 })).statusCode).toBe(200);
  });

  it("refuses an unknown operator ID and a malformed one alike", async () => {
    const unknown = await refusal({ ...endpoint, operator: { id: randomUUID(), secret: h.operator.secret } });
    const malformed = await refusal({ ...endpoint, headers: { "x-operator-id": "operator-1" } });
    expect(unknown).toMatchObject({ status: 401, code: "unknown_operator" });
    expect(malformed).toEqual(unknown);
  });

  it("refuses a request signed with another operator's secret", async () => {
    const other = await h.createOperator({ name: "Other" });
    const error = await refusal({ ...endpoint, operator: { id: h.operator.id, secret: other.secret } });
    expect(error.code).toBe("bad_signature");
  });

  it.each([
    ["x-operator-id", "missing_operator_id"],
    ["x-timestamp", "missing_timestamp"],
    ["x-hmac-sha256", "missing_signature"],
  ])("refuses a request without %s", async (header, code) => {
    const error = await refusal({ ...endpoint, headers: { [header]: undefined } });
    expect(error).toMatchObject({ status: 401, code });
  });

  it("refuses malformed timestamp and signature headers", async () => {
    expect((await refusal({ ...endpoint, headers: { "x-timestamp": "1.5e9" } })).code).toBe(
      "malformed_timestamp",
    );
    expect((await refusal({ ...endpoint, headers: { "x-hmac-sha256": "zz" } })).code).toBe(
      "malformed_signature",
    );
  });

  it.each(["?a=1", "?sessionToken=x", "?&"])(
    "refuses the query string %j even when signed",
    async (query) => {
      const error = await refusal({ ...endpoint, path: `${endpoint.path}${query}`, signPath: endpoint.path });
      expect(error).toMatchObject({ status: 400, code: "query_not_allowed" });
    },
  );

  it("never reveals the secret or the expected signature in a refusal", async () => {
    const body = endpoint.body === undefined ? "" : JSON.stringify(endpoint.body);
    const timestamp = String(Math.floor(h.clock.now() / 1000));
    const expected = signRequest(h.operator.secret, timestamp, endpoint.path, body);
    const response = await h.signed({ ...endpoint, headers: { "x-hmac-sha256": "a".repeat(64) } });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain(h.operator.secret);
    expect(response.body).not.toContain(expected);
  });
});

describe("authentication of a launch body", () => {
  it("refuses a body changed after signing", async () => {
    const signedBody = JSON.stringify(DEMO_LAUNCH);
    const tampered = JSON.stringify({ ...DEMO_LAUNCH, playerId: "someone-else" });
    const error = await refusal({
      method: "POST",
      path: "/operator/launch",
      body: tampered,
      signBody: signedBody,
    });
    expect(error).toMatchObject({ status: 401, code: "bad_signature" });
  });

  it("refuses a re-serialised body: the exact bytes are signed", async () => {
    const sent = JSON.stringify(DEMO_LAUNCH, null, 2);
    const error = await refusal({
      method: "POST",
      path: "/operator/launch",
      body: sent,
      signBody: JSON.stringify(DEMO_LAUNCH),
    });
    expect(error.code).toBe("bad_signature");
  });

  it("accepts pretty-printed JSON when that is what was signed", async () => {
    const response = await h.signed({
      method: "POST",
      path: "/operator/launch",
      body: JSON.stringify(DEMO_LAUNCH, null, 2),
    });
    expect(response.statusCode).toBe(200);
  });

  it("keeps accepting the previous secret during a rotation grace period", async () => {
    const operator = await h.createOperator({ name: "Rotating" });
    const rotation = await h.operators.rotateSecret(operator.id);
    const old = await h.signed({ method: "GET", path: "/operator/games", operator });
    const current = await h.signed({
      method: "GET",
      path: "/operator/games",
      operator: { id: operator.id, secret: rotation.secret },
    });
    expect(old.statusCode).toBe(200);
    expect(current.statusCode).toBe(200);
  });

  it("accepts an operator ID written in upper case", async () => {
    const response = await h.signed({
      method: "GET",
      path: "/operator/games",
      operator: { id: h.operator.id.toUpperCase(), secret: h.operator.secret },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("a bare '?' over a real connection", () => {
  it("is refused with query_not_allowed", async () => {
    await h.app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const { port } = h.app.server.address() as AddressInfo;
      const headers = signedHeaders({
        operatorId: h.operator.id,
        secret: h.operator.secret,
        path: "/operator/games",
        body: "",
        nowSeconds: h.clock.now() / 1000,
      });
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          { host: "127.0.0.1", port, path: "/operator/games?", headers },
          (response) => {
            let body = "";
            response.on("data", (chunk) => {
              body += chunk;
            });
            response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on("error", reject);
        request.end();
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ status: 400, code: "query_not_allowed" });
    } finally {
      await h.app.close();
    }
  });
});
