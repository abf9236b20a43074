import { createHmac } from "node:crypto";
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SIGNATURE_WINDOW_SECONDS,
  pathForSigning,
  SIGNATURE_HEADERS,
  type SignatureFailure,
  signedHeaders,
  signRequest,
  verifyRequest,
} from "../src/signing.ts";

const SECRET = "k7Qp2vX9mR4tZ8wL3nB6yH1cF5jD0sGa";
const OLD_SECRET = "e3b98a4f1c2d7e6a5b0f9c8d7e6a5b4c";
const NOW = 1_731_500_000;
const PATH = "/operator/launch";
const BODY = '{"playerId":"p-1","currency":"USD","gameCode":"dice-alpha","countryCode":"DE","demo":true}';

function signedAt(timestamp: string, secret = SECRET, path = PATH, body = BODY) {
  return { timestamp, signature: signRequest(secret, timestamp, path, body) };
}

function verify(overrides: Partial<Parameters<typeof verifyRequest>[0]> = {}) {
  const { timestamp, signature } = signedAt(String(NOW));
  return verifyRequest({
    secrets: [SECRET],
    timestamp,
    signature,
    path: PATH,
    body: BODY,
    nowSeconds: NOW,
    windowSeconds: 30,
    ...overrides,
  });
}

function reasonOf(result: ReturnType<typeof verifyRequest>): SignatureFailure | "ok" {
  return result.ok ? "ok" : result.reason;
}

describe("signRequest", () => {
  it("gives 64 lower-case hex characters", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), fc.string(), (secret, path, body) => {
        expect(signRequest(secret, "1700000000", path, body)).toMatch(/^[0-9a-f]{64}$/);
      }),
    );
  });

  it("signs the concatenation with no separators", () => {
    expect(signRequest(SECRET, "1700000000", "/a", "b")).toBe(signRequest(SECRET, "1700000000/ab", "", ""));
    expect(signRequest(SECRET, "1700000000", "/a", "b")).not.toBe(
      signRequest(SECRET, "1700000000", "/a", "c"),
    );
  });
});

describe("signedHeaders", () => {
  it("sends the canonical header names with a whole-second timestamp", () => {
    const headers = signedHeaders({
      operatorId: "0f8fad5b-d9cb-469f-a165-70867728950e",
      secret: SECRET,
      path: PATH,
      body: BODY,
      nowSeconds: NOW + 0.73,
    });
    expect(headers).toEqual({
      "X-Operator-ID": "0f8fad5b-d9cb-469f-a165-70867728950e",
      "X-Timestamp": String(NOW),
      "X-HMAC-SHA256": signRequest(SECRET, String(NOW), PATH, BODY),
    });
  });

  it("omits X-Operator-ID when none is given", () => {
    const headers = signedHeaders({ secret: SECRET, path: "/callback/balance", body: "{}", nowSeconds: NOW });
    expect(Object.keys(headers)).toEqual(["X-Timestamp", "X-HMAC-SHA256"]);
  });

  it("produces headers that verify, read back case-insensitively as a server sees them", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.string(),
        fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
        (secret, path, body, now) => {
          const sent = signedHeaders({ operatorId: "op", secret, path, body, nowSeconds: now });
          const received = Object.fromEntries(Object.entries(sent).map(([k, v]) => [k.toLowerCase(), v]));
          expect(received[SIGNATURE_HEADERS.operatorId]).toBe("op");
          const result = verifyRequest({
            secrets: [secret],
            timestamp: received[SIGNATURE_HEADERS.timestamp],
            signature: received[SIGNATURE_HEADERS.signature],
            path,
            body,
            nowSeconds: now,
            windowSeconds: 30,
          });
          expect(result).toEqual({ ok: true, secretIndex: 0 });
        },
      ),
    );
  });
});

describe("verifyRequest", () => {
  it("accepts a correctly signed request", () => {
    expect(verify()).toEqual({ ok: true, secretIndex: 0 });
  });

  it("uses a 30-second window by default", () => {
    expect(DEFAULT_SIGNATURE_WINDOW_SECONDS).toBe(30);
    const request = { secrets: [SECRET], path: PATH, body: BODY, nowSeconds: NOW };
    expect(reasonOf(verifyRequest({ ...request, ...signedAt(String(NOW - 30)) }))).toBe("ok");
    expect(reasonOf(verifyRequest({ ...request, ...signedAt(String(NOW - 31)) }))).toBe("expired_timestamp");
  });

  it.each([
    [-30, "ok"],
    [30, "ok"],
    [-31, "expired_timestamp"],
    [31, "expired_timestamp"],
    [0, "ok"],
  ] as const)("timestamp %i s from server time gives %s", (offset, expected) => {
    expect(reasonOf(verify(signedAt(String(NOW + offset))))).toBe(expected);
  });

  it("honours a configured window in both directions", () => {
    expect(reasonOf(verify({ ...signedAt(String(NOW - 60)), windowSeconds: 60 }))).toBe("ok");
    expect(reasonOf(verify({ ...signedAt(String(NOW + 61)), windowSeconds: 60 }))).toBe("expired_timestamp");
  });

  it("ignores the fraction of the server clock", () => {
    expect(reasonOf(verify({ ...signedAt(String(NOW - 30)), nowSeconds: NOW + 0.999 }))).toBe("ok");
  });

  it("explains a clock skew without revealing anything secret", () => {
    const result = verify(signedAt(String(NOW - 45)));
    expect(result).toMatchObject({ ok: false, reason: "expired_timestamp" });
    if (result.ok) return;
    expect(result.detail).toContain("45 s behind server time");
    expect(result.detail).toContain("±30 s");
    const ahead = verify(signedAt(String(NOW + 100)));
    expect(ahead.ok ? "" : ahead.detail).toContain("100 s ahead of server time");
  });

  it.each([
    [undefined, "missing_timestamp"],
    ["", "missing_timestamp"],
    ["abc", "malformed_timestamp"],
    ["-1731500000", "malformed_timestamp"],
    ["+1731500000", "malformed_timestamp"],
    [" 1731500000", "malformed_timestamp"],
    ["1731500000 ", "malformed_timestamp"],
    ["1731500000.0", "malformed_timestamp"],
    ["1.7315e9", "malformed_timestamp"],
    ["01731500000", "malformed_timestamp"],
    ["0x67353f20", "malformed_timestamp"],
    ["1731500000000", "malformed_timestamp"],
    ["１７３１５００００００", "malformed_timestamp"],
  ] as const)("timestamp %j is refused as %s", (timestamp, expected) => {
    const signature =
      timestamp === undefined ? signRequest(SECRET, "", PATH, BODY) : signedAt(timestamp).signature;
    expect(reasonOf(verify({ timestamp, signature }))).toBe(expected);
  });

  it("reports a missing timestamp before a missing signature", () => {
    expect(reasonOf(verify({ timestamp: undefined, signature: undefined }))).toBe("missing_timestamp");
  });

  it.each([
    [undefined, "missing_signature"],
    ["", "missing_signature"],
    ["abc", "malformed_signature"],
    ["z".repeat(64), "malformed_signature"],
    [`${"a".repeat(64)}0`, "malformed_signature"],
    ["a".repeat(63), "malformed_signature"],
    [` ${"a".repeat(63)}`, "malformed_signature"],
    ["a".repeat(64), "bad_signature"],
  ] as const)("signature %j is refused as %s", (signature, expected) => {
    expect(reasonOf(verify({ signature }))).toBe(expected);
  });

  it("accepts an upper-case hex signature", () => {
    const { timestamp, signature } = signedAt(String(NOW));
    expect(reasonOf(verify({ timestamp, signature: signature.toUpperCase() }))).toBe("ok");
  });

  it("refuses a tampered body, path or timestamp, and a wrong secret", () => {
    expect(reasonOf(verify({ body: BODY.replace("dice-alpha", "dice-delta") }))).toBe("bad_signature");
    expect(reasonOf(verify({ body: `${BODY} ` }))).toBe("bad_signature");
    expect(reasonOf(verify({ path: "/operator/games" }))).toBe("bad_signature");
    expect(reasonOf(verify({ path: `${PATH}?demo=1` }))).toBe("bad_signature");
    const { signature } = signedAt(String(NOW));
    expect(reasonOf(verify({ timestamp: String(NOW + 1), signature }))).toBe("bad_signature");
    expect(reasonOf(verify({ secrets: ["another-secret"] }))).toBe("bad_signature");
    expect(reasonOf(verify({ secrets: [] }))).toBe("bad_signature");
  });

  it("verifies a body given as bytes over exactly those bytes, whatever their encoding", () => {
    const latin1 = Buffer.from('{"playerId":"J\u00fcrgen"}', "latin1");
    const timestamp = String(NOW);
    const signature = createHmac("sha256", SECRET)
      .update(Buffer.concat([Buffer.from(timestamp + PATH), latin1]))
      .digest("hex");
    expect(reasonOf(verify({ timestamp, signature, body: latin1 }))).toBe("ok");
    expect(reasonOf(verify({ timestamp, signature, body: latin1.toString("utf8") }))).toBe("bad_signature");
    expect(reasonOf(verify({ body: Buffer.from(BODY, "utf8") }))).toBe("ok");
  });

  it("refuses any single-character change to the signed body", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: BODY.length - 1 }),
        fc.string({ minLength: 1, maxLength: 1 }),
        (index, replacement) => {
          fc.pre(BODY[index] !== replacement);
          const tampered = BODY.slice(0, index) + replacement + BODY.slice(index + 1);
          expect(reasonOf(verify({ body: tampered }))).toBe("bad_signature");
        },
      ),
    );
  });

  it("explains a bad signature without the expected signature or any secret", () => {
    const expected = signRequest(SECRET, String(NOW), PATH, BODY);
    const result = verify({ signature: "b".repeat(64) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.detail).not.toContain(expected);
    expect(result.detail).not.toContain(SECRET);
    expect(result.detail).toContain(`"${PATH}"`);
  });

  it("never puts a secret or the expected signature into any failure detail", () => {
    fc.assert(
      fc.property(
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.oneof(fc.string(), fc.stringMatching(/^[0-9a-f]{64}$/)), { nil: undefined }),
        fc.integer({ min: NOW - 100, max: NOW + 100 }),
        (timestamp, signature, now) => {
          const result = verify({ timestamp, signature, nowSeconds: now, secrets: [SECRET, OLD_SECRET] });
          if (result.ok) return;
          expect(result.detail).not.toContain(SECRET);
          expect(result.detail).not.toContain(OLD_SECRET);
          if (timestamp !== undefined) {
            expect(result.detail).not.toContain(signRequest(SECRET, timestamp, PATH, BODY));
          }
        },
      ),
    );
  });

  it("accepts either secret during a rotation and tells which one matched", () => {
    expect(verify({ secrets: [SECRET, OLD_SECRET] })).toEqual({ ok: true, secretIndex: 0 });
    expect(verify({ secrets: [OLD_SECRET, SECRET] })).toEqual({ ok: true, secretIndex: 1 });
    const byOld = signedAt(String(NOW), OLD_SECRET);
    expect(verify({ ...byOld, secrets: [SECRET, OLD_SECRET] })).toEqual({ ok: true, secretIndex: 1 });
    expect(reasonOf(verify({ ...byOld, secrets: [SECRET] }))).toBe("bad_signature");
  });

  it("verifies every signature it makes and no other", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.string(),
        fc.integer({ min: -30, max: 30 }),
        (secret, other, path, body, offset) => {
          fc.pre(secret !== other);
          const timestamp = String(NOW + offset);
          const signature = signRequest(secret, timestamp, path, body);
          const base = { timestamp, signature, path, body, nowSeconds: NOW, windowSeconds: 30 };
          expect(verifyRequest({ ...base, secrets: [secret] }).ok).toBe(true);
          expect(verifyRequest({ ...base, secrets: [other] }).ok).toBe(false);
        },
      ),
    );
  });
});

describe("pathForSigning", () => {
  it.each([
    ["https://wallet.example.com/wallet/v2/callback/debit", "/wallet/v2/callback/debit"],
    ["https://wallet.example.com/wallet/v2/callback/debit?x=1#frag", "/wallet/v2/callback/debit"],
    ["https://wallet.example.com:8443/callback/credit", "/callback/credit"],
    ["https://wallet.example.com", "/"],
    ["/operator/games", "/operator/games"],
    ["/operator/games?page=2", "/operator/games"],
    ["/operator/games#top", "/operator/games"],
  ])("%s signs %s", (url, expected) => {
    expect(pathForSigning(url)).toBe(expected);
  });

  it("signs an absolute URL's path as fetch sends it (percent-encoded)", () => {
    expect(pathForSigning("https://w.example/cb/débit")).toBe("/cb/d%C3%A9bit");
  });
});
