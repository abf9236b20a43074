import { signedHeaders } from "@rgs/protocol/signing";
import { describe, expect, it } from "vitest";
import { verifyCallbackRequest } from "../src/index.ts";

const NOW = 1_900_000_000;
const OPERATOR = "0b7e6f1c-2d3a-4e5f-8a9b-0c1d2e3f4a5b";
const PATH = "/wallet/v2/callback/balance";
const BODY = '{"requestId":"r-1","playerId":"p-1"}';

function headers(overrides: { secret?: string; path?: string; nowSeconds?: number } = {}) {
  const signed = signedHeaders({
    operatorId: OPERATOR,
    secret: overrides.secret ?? "current",
    path: overrides.path ?? PATH,
    body: BODY,
    nowSeconds: overrides.nowSeconds ?? NOW,
  });
  return Object.fromEntries(Object.entries(signed).map(([name, value]) => [name.toLowerCase(), value]));
}

const verify = (
  h: Record<string, string | string[] | undefined>,
  options: Parameters<typeof verifyCallbackRequest>[0] = { secrets: ["current", "previous"] },
  url = `${PATH}?ignored=1`,
) => verifyCallbackRequest(options, { url, headers: h, body: BODY, nowSeconds: NOW });

describe("verifyCallbackRequest", () => {
  it("accepts the current and the previous secret, saying which matched, and ignores the query", () => {
    expect(verify(headers())).toEqual({ ok: true, secretIndex: 0 });
    expect(verify(headers({ secret: "previous" }))).toEqual({ ok: true, secretIndex: 1 });
  });

  it("refuses another secret, another path, a stale timestamp and a repeated signing header", () => {
    expect(verify(headers({ secret: "other" }))).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(verify(headers({ path: "/callback/balance" }))).toMatchObject({
      ok: false,
      reason: "bad_signature",
    });
    expect(verify(headers({ nowSeconds: NOW - 31 }))).toMatchObject({
      ok: false,
      reason: "expired_timestamp",
    });
    const signed = headers();
    expect(
      verify({ ...signed, "x-hmac-sha256": [signed["x-hmac-sha256"] ?? "", "0".repeat(64)] }),
    ).toMatchObject({
      ok: false,
      reason: "missing_signature",
    });
  });

  it("checks X-Operator-ID when one is configured", () => {
    expect(verify(headers(), { secrets: "current", operatorId: OPERATOR })).toMatchObject({ ok: true });
    expect(
      verify(headers(), { secrets: "current", operatorId: "9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f" }),
    ).toMatchObject({ ok: false, reason: "unknown_operator" });
  });

  it("verifies the full path behind a proxy that strips the prefix", () => {
    expect(
      verify(headers(), { secrets: "current", strippedPrefix: "/wallet/v2" }, "/callback/balance"),
    ).toMatchObject({
      ok: true,
    });
  });
});
