import { signRequest } from "@rgs/protocol/signing";
import { describe, expect, it } from "vitest";
import { verifyCallback } from "../src/signature.ts";

const SECRET = "Wallet-Secret-2024/Prod+Key==";
const PATH = "/wallet/v2/callback/debit";
const BODY =
  '{"requestId":"r-2","playerId":"p-7","transactionId":"tx-2","roundId":"rd-2","gameCode":"roulette-alpha-gemini","amount":"0.00050000"}';
const TIMESTAMP = "1731500022";

function verify(overrides: Partial<Parameters<typeof verifyCallback>[0]> = {}) {
  return verifyCallback({
    secrets: [SECRET],
    operatorId: undefined,
    windowSeconds: 30,
    headers: {
      "x-timestamp": TIMESTAMP,
      "x-hmac-sha256": "5168e9fe98bf547ea8b20cee23ba0e009523ceb266faaa20ad6db500d3c21b34",
    },
    rawUrl: PATH,
    body: BODY,
    nowSeconds: 1731500022,
    ...overrides,
  });
}

describe("verifyCallback", () => {
  it("accepts the published test vector of a callback under a base-URL prefix", () => {
    expect(verify()).toEqual({ ok: true });
  });

  it("accepts any configured secret", () => {
    expect(verify({ secrets: ["new-secret", SECRET] })).toEqual({ ok: true });
    expect(verify({ secrets: ["new-secret"] })).toMatchObject({ ok: false, reason: "bad_signature" });
  });

  it("ignores the query string and refuses another path", () => {
    expect(verify({ rawUrl: `${PATH}?retry=2` })).toEqual({ ok: true });
    expect(verify({ rawUrl: "/callback/debit" })).toMatchObject({ ok: false, reason: "bad_signature" });
  });

  it("holds the clock window in both directions", () => {
    expect(verify({ nowSeconds: 1731500052 })).toEqual({ ok: true });
    expect(verify({ nowSeconds: 1731500053 })).toMatchObject({ ok: false, reason: "expired_timestamp" });
    expect(verify({ nowSeconds: 1731499991 })).toMatchObject({ ok: false, reason: "expired_timestamp" });
    expect(verify({ nowSeconds: 1731500082, windowSeconds: 60 })).toEqual({ ok: true });
  });

  it("treats a repeated signature header as missing", () => {
    const signature = signRequest(SECRET, TIMESTAMP, PATH, BODY);
    expect(
      verify({ headers: { "x-timestamp": TIMESTAMP, "x-hmac-sha256": [signature, signature] } }),
    ).toMatchObject({
      ok: false,
      reason: "missing_signature",
    });
  });

  it("checks X-Operator-ID only when one is configured", () => {
    const headers = {
      "x-timestamp": TIMESTAMP,
      "x-hmac-sha256": signRequest(SECRET, TIMESTAMP, PATH, BODY),
    };
    expect(verify({ operatorId: "op-1", headers })).toMatchObject({ ok: false, reason: "unknown_operator" });
    expect(verify({ operatorId: "op-1", headers: { ...headers, "x-operator-id": "op-2" } })).toMatchObject({
      ok: false,
    });
    expect(verify({ operatorId: "op-1", headers: { ...headers, "x-operator-id": "op-1" } })).toEqual({
      ok: true,
    });
  });
});
