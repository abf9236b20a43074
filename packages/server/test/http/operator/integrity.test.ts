import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeIntegrity } from "../../../src/integrity/integrity-manifest.ts";
import { createHarness, errorOf, type Harness } from "../support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { rateLimit: { ratePerSecond: 1, burst: 3 } } });
});
afterAll(async () => h.close());

type Integrity = {
  digest: string;
  serverVersion: string;
  apiVersion: string;
  parts: { kind: string; name: string; path: string; digest: string | null; files: number }[];
  auditKey: { keyId: string; algorithm: string; publicKey: string };
};

describe("GET /operator/integrity", () => {
  it("answers the digests of the software running and the key of the audit trail", async () => {
    const response = await h.signed({
      method: "GET",
      path: "/operator/integrity",
      remoteAddress: "192.0.2.10",
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Integrity;
    const disk = await computeIntegrity();
    expect(body.digest).toBe(disk.digest);
    expect(body).toMatchObject({ serverVersion: disk.serverVersion, apiVersion: "1.3.0" });
    expect(body.parts).toContainEqual(expect.objectContaining({ kind: "game", name: "dice", files: 4 }));
    expect(body.parts.find((part) => part.name === "@rgs/server")?.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(body.parts[0] ?? {})).toEqual(["kind", "name", "path", "digest", "files"]);
    expect(body.auditKey).toEqual({
      keyId: h.store.auditKeys.current.keyId,
      algorithm: "Ed25519",
      publicKey: h.store.auditKeys.current.publicKeyPem,
    });
  });

  it("is signed and rate limited like every operator endpoint", async () => {
    const unsigned = await h.signed({
      method: "GET",
      path: "/operator/integrity",
      headers: { "x-hmac-sha256": undefined },
      remoteAddress: "192.0.2.11",
    });
    expect(errorOf(unsigned)).toMatchObject({ status: 401, code: "missing_signature" });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await h.signed({ method: "GET", path: "/operator/integrity", remoteAddress: "192.0.2.12" }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("is in the OpenAPI document, signed, with its answer's schema", async () => {
    const doc = (await h.app.inject({ method: "GET", url: "/openapi.json" })).json() as {
      paths: Record<
        string,
        { get?: { operationId: string; security: unknown[]; responses: Record<string, unknown> } }
      >;
    };
    const operation = doc.paths["/operator/integrity"]?.get;
    expect(operation?.operationId).toBe("getIntegrity");
    expect(operation?.security).toEqual([{ OperatorId: [], Timestamp: [], Signature: [] }]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(["200", "400", "401", "429", "500"]);
  });
});
