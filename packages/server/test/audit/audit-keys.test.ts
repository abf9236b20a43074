import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditChain } from "../../src/audit/audit-chain.ts";
import { AuditKeyring, deriveAuditKey, keyVersionOf, signatureMatches } from "../../src/audit/audit-keys.ts";
import { AuditLog } from "../../src/audit/audit-log.ts";
import { asStoredJson, canonicalJson } from "../../src/audit/canonical-json.ts";
import { manualClock } from "../../src/clock.ts";
import type { Store } from "../../src/store/database.ts";
import { pgliteBackend } from "../store/store-backends.ts";
import { findingsOf, OPERATOR_A, openAuditStore, TEST_SECRET, testKeyring } from "./support.ts";

describe("the audit keys", () => {
  it("derive the same keys from the same secret and version, and name them by version and fingerprint", () => {
    const a = deriveAuditKey(TEST_SECRET, 1);
    const b = deriveAuditKey(TEST_SECRET, 1);
    expect(a.keyId).toMatch(/^v1\.[0-9a-f]{16}$/);
    expect(b.keyId).toBe(a.keyId);
    expect(b.mac("rgs-audit-link", "x")).toBe(a.mac("rgs-audit-link", "x"));
    expect(deriveAuditKey(TEST_SECRET, 2).keyId).toMatch(/^v2\./);
    expect(deriveAuditKey(randomBytes(32), 1).keyId).not.toBe(a.keyId);
    expect(a.mac("rgs-audit-link", "x")).not.toBe(a.mac("rgs-audit-pass", "x"));
    expect(signatureMatches(a.publicKeyPem, "statement", a.sign("statement"))).toBe(true);
    expect(signatureMatches(a.publicKeyPem, "statement!", a.sign("statement"))).toBe(false);
    expect(signatureMatches("not a key", "statement", a.sign("statement"))).toBe(false);
  });

  it("find an earlier or later version's key from its id, and no key of another secret", () => {
    const ring = new AuditKeyring(TEST_SECRET, 2);
    expect(ring.byId(deriveAuditKey(TEST_SECRET, 1).keyId)?.version).toBe(1);
    expect(ring.byId(deriveAuditKey(TEST_SECRET, 7).keyId)?.version).toBe(7);
    expect(ring.byId(deriveAuditKey(randomBytes(32), 1).keyId)).toBeUndefined();
    for (const id of ["", "v0.0123456789abcdef", "v1001.0123456789abcdef", "v1.xyz", "1.0123456789abcdef"]) {
      expect(ring.byId(id)).toBeUndefined();
    }
    expect(keyVersionOf("v12.0123456789abcdef")).toBe(12);
    expect(() => deriveAuditKey(Buffer.alloc(16), 1)).toThrow(/32 bytes/);
    expect(() => deriveAuditKey(TEST_SECRET, 0)).toThrow(/version/);
  });

  it("never seal under an older version than the last pass's", () => {
    const ring = new AuditKeyring(TEST_SECRET, 1);
    expect(ring.sealingAfter(undefined).version).toBe(1);
    expect(ring.sealingAfter(deriveAuditKey(TEST_SECRET, 3).keyId).version).toBe(3);
    expect(new AuditKeyring(TEST_SECRET, 4).sealingAfter(deriveAuditKey(TEST_SECRET, 3).keyId).version).toBe(
      4,
    );
  });
});

describe("canonical JSON", () => {
  it("gives one text per value, whatever its key order, as a jsonb column gives it back", () => {
    expect(canonicalJson({ b: 1, a: [true, null, { d: "x", c: 1.5 }], "10": 2 })).toBe(
      '{"10":2,"a":[true,null,{"c":1.5,"d":"x"}],"b":1}',
    );
    expect(canonicalJson(asStoredJson({ at: new Date(0), skipped: undefined, n: -0 }))).toBe(
      '{"at":"1970-01-01T00:00:00.000Z","n":0}',
    );
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
  });
});

describe("rotating the audit keys (AUDIT_KEY_VERSION)", () => {
  const clock = manualClock(Date.UTC(2030, 0, 1));
  let store: Store;
  beforeAll(async () => {
    ({ store } = await openAuditStore(pgliteBackend(), clock));
  });
  afterAll(async () => store?.close());

  /** What an instance with this keyring sees of the same database. */
  const instance = (keys: AuditKeyring) => {
    const audit = new AuditLog({ db: store.db, clock, key: keys.current });
    return { audit, chain: new AuditChain({ store: { db: store.db, audit, auditKeys: keys }, clock }) };
  };

  it("seals under the new version from then on, while what came before still verifies", async () => {
    const v1 = instance(testKeyring(1));
    await v1.audit.record({ operatorId: OPERATOR_A, kind: "operator.updated", data: { n: 1 } });
    await v1.chain.sealer.sealPending();
    const v2 = instance(testKeyring(2));
    await v2.audit.record({ operatorId: OPERATOR_A, kind: "operator.updated", data: { n: 2 } });
    await v2.chain.sealer.sealPending();
    // An instance not yet restarted with the new version keeps sealing under it, not under the old one.
    await v1.audit.record({ operatorId: OPERATOR_A, kind: "operator.updated", data: { n: 3 } });
    await v1.chain.sealer.sealPending();

    const macs = await store.db.selectFrom("audit_events").select("mac").orderBy("seq").execute();
    expect(macs.map((row) => row.mac?.slice(0, 2))).toEqual(["v1", "v2", "v2"]);
    for (const keys of [testKeyring(1), testKeyring(2)]) {
      expect(findingsOf(await instance(keys).chain.verify())).toEqual([]);
    }
    const head = await v1.chain.head();
    expect(head?.head.keyId).toMatch(/^v2\./);

    const foreign = await instance(new AuditKeyring(randomBytes(32))).chain.verify();
    expect(foreign.ok).toBe(false);
    expect(findingsOf(foreign)[0]).toMatchObject({ kind: "key_unknown", generation: 1 });
  });
});
