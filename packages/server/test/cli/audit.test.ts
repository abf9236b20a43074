import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditChain } from "../../src/audit/audit-chain.ts";
import { AuditTrail } from "../../src/audit/audit-trail.ts";
import type { Transport } from "../../src/cli/transport.ts";
import { manualClock } from "../../src/clock.ts";
import { buildAdminApp } from "../../src/http/admin/admin-app.ts";
import { localOnboarding } from "../../src/operators/onboarding.ts";
import type { Store } from "../../src/store/database.ts";
import { operatorServices, runCaptured } from "./support.ts";

const OPERATOR_A = "0b7e6f1c-2d3a-4e5f-8a9b-0c1d2e3f4a5b";
const OPERATOR_B = "9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f";
const TOKEN = "audit-admin-token-0123456789abcdef";

let store: Store;
let transport: Transport;
let admin: FastifyInstance;
const clock = manualClock(Date.UTC(2030, 0, 1));

beforeAll(async () => {
  const services = await operatorServices(clock);
  store = services.store;
  const { operators, packs } = services;
  const audit = new AuditTrail(store.db);
  transport = { api: localOnboarding({ operators, packs, audit }), via: "store", close: async () => {} };
  admin = await buildAdminApp({ operators, packs, audit, adminToken: TOKEN });

  const events: [number, string, string, Record<string, unknown>][] = [
    [0, OPERATOR_A, "player_self_excluded", { playerId: "p-1", gameCode: "dice-alpha", excludedUntil: null }],
    [
      1,
      OPERATOR_A,
      "wallet_answer_invalid",
      { playerId: "p-2", field: "excluded", problem: "not a boolean" },
    ],
    [2, OPERATOR_B, "operator.certification", { passed: true, playerId: "tester-1" }],
    [3, OPERATOR_A, "callback.resolved", { transactionId: "tx-9", by: "alice", note: "paid by hand" }],
  ];
  for (const [day, operatorId, kind, data] of events) {
    clock.set(Date.UTC(2030, 0, 1 + day, 12));
    await store.audit.record({ operatorId, kind, data });
  }
});
afterAll(async () => {
  await admin?.close();
  await store?.close();
});

const cli = (...argv: string[]) => runCaptured(["audit", "list", ...argv], transport);

async function kinds(...argv: string[]): Promise<string[]> {
  const { code, stdout, stderr } = await cli(...argv, "--json");
  expect(stderr).toBe("");
  expect(code).toBe(0);
  return (JSON.parse(stdout) as { kind: string }[]).map((entry) => entry.kind);
}

describe("rgs audit list", () => {
  it("lists every event newest first, as text and as JSON", async () => {
    expect(await kinds()).toEqual([
      "callback.resolved",
      "operator.certification",
      "wallet_answer_invalid",
      "player_self_excluded",
    ]);
    const { stdout } = await cli("--limit", "1");
    expect(stdout).toContain(`2030-01-04T12:00:00.000Z  callback.resolved  (event `);
    expect(stdout).toContain(`operator ${OPERATOR_A}, by rgs, not sealed yet)`);
    expect(stdout).toContain('"note": "paid by hand"');
  });

  it("filters by kind or group, operator, player and time", async () => {
    expect(await kinds("--kind", "self-exclusion")).toEqual([
      "wallet_answer_invalid",
      "player_self_excluded",
    ]);
    expect(await kinds("--kind", "certification,dead-letter")).toEqual([
      "callback.resolved",
      "operator.certification",
    ]);
    expect(await kinds("--operator", OPERATOR_B)).toEqual(["operator.certification"]);
    expect(await kinds("--player", "p-1")).toEqual(["player_self_excluded"]);
    expect(await kinds("--since", "2030-01-02", "--until", "2030-01-03T12:00:00Z")).toEqual([
      "operator.certification",
      "wallet_answer_invalid",
    ]);
    expect(await kinds("--player", "nobody")).toEqual([]);
    expect(await kinds("--actor", "rgs")).toHaveLength(4);
    expect(await kinds("--actor", "cli:mallory")).toEqual([]);
    expect((await cli("--player", "nobody")).stdout).toBe("No audit events match.\n");
  });

  it("refuses a malformed filter with a clear message and no stack trace", async () => {
    const since = await cli("--since", "last tuesday");
    expect(since.code).toBe(2);
    expect(since.stderr).toMatch(/--since must be an ISO 8601 date/);
    expect((await cli("--kind", "DROP TABLE")).stderr).toMatch(/is not an audit event kind/);
    const limit = await cli("--limit", "lots");
    expect(limit.code).toBe(2);
    expect(limit.stderr).toMatch(/--limit must be a whole number/);
    expect(limit.stderr).not.toMatch(/\n\s+at /);
  });

  it("is served by the admin interface too, for a CLI talking to the running server", async () => {
    const response = await admin.inject({
      method: "POST",
      url: "/admin/audit/list",
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { kind: "self-exclusion", player: "p-2" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject([
      { kind: "wallet_answer_invalid", operatorId: OPERATOR_A, data: { playerId: "p-2", field: "excluded" } },
    ]);
  });
});

describe("rgs audit verify and audit head", () => {
  const tokens = "verify-admin-token-0123456789abcdef";
  let own: Store;
  let api: Transport;
  let server: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    const services = await operatorServices(clock);
    own = services.store;
    const auditChain = new AuditChain({ store: own, clock });
    const deps = { operators: services.operators, packs: services.packs, auditChain, auditLog: own.audit };
    api = { api: localOnboarding(deps), via: "store", close: async () => {} };
    server = await buildAdminApp({ ...deps, adminToken: tokens });
    dir = await mkdtemp(join(tmpdir(), "rgs-audit-cli-"));
    await services.operators.create({ name: "Casino A" });
    await services.operators.create({ name: "Casino B" });
    await auditChain.sealer.sealPending();
  });
  afterAll(async () => {
    await server?.close();
    await own?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("says the trail is intact, exit code 0", async () => {
    const { code, stdout } = await runCaptured(["audit", "verify"], api);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Seal passes: 1, intact\.$/m);
    expect(stdout).toContain("The audit trail is intact.");
  });

  it("checks a head kept outside the database, as printed or as a seal pass logged it", async () => {
    const head = await runCaptured(["audit", "head", "--json"], api);
    const printed = JSON.parse(head.stdout) as { statement: string; signature: string; publicKey: string };
    expect(printed.publicKey).toContain("BEGIN PUBLIC KEY");
    await writeFile(join(dir, "head.json"), head.stdout);
    await writeFile(
      join(dir, "log-line.json"),
      JSON.stringify({ level: 30, msg: "audit: records sealed", audit: { records: 2, head: printed } }),
    );
    for (const file of ["head.json", "log-line.json"]) {
      const { code, stdout } = await runCaptured(["audit", "verify", "--head", join(dir, file)], api);
      expect(code).toBe(0);
      expect(stdout).toContain("Published head of seal pass 1: in the database.");
    }
    await writeFile(
      join(dir, "forged.json"),
      JSON.stringify({ ...printed, signature: printed.signature.replace(/^./, "A") }),
    );
    const forged = await runCaptured(["audit", "verify", "--head", join(dir, "forged.json")], api);
    expect(forged.code).toBe(1);
    expect(forged.stderr).toContain("signature does not match");
    expect((await runCaptured(["audit", "verify", "--head", join(dir, "none.json")], api)).stderr).toContain(
      "Cannot read",
    );
  });

  it("records who ran a command through the admin interface", async () => {
    const response = await server.inject({
      method: "POST",
      url: "/admin/operators",
      headers: { authorization: `Bearer ${tokens}`, "x-rgs-actor": encodeURIComponent("cli:zoë") },
      payload: { name: "Casino C" },
    });
    expect(response.statusCode).toBe(201);
    const [created] = await own.audit.list({ kind: "operator.created", limit: 1 });
    expect(created?.actor).toBe("cli:zoë");
    const verified = await server.inject({
      method: "POST",
      url: "/admin/audit/verify",
      headers: { authorization: `Bearer ${tokens}` },
      payload: {},
    });
    expect(verified.json()).toMatchObject({ ok: true });
  });

  it("names the first broken link and exits 1 once a record is changed by SQL", async () => {
    await own.db
      .updateTable("audit_events")
      .set({ kind: "operator.deleted" })
      .where("kind", "=", "operator.created")
      .where("seq", "=", 1n)
      .execute();
    const { code, stdout } = await runCaptured(["audit", "verify"], api);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /Chain of operator [0-9a-f-]{36}: 1 link, BROKEN: link 1 \(record \d+\) was changed after it was sealed/,
    );
    expect(stdout).toMatch(/The audit trail is BROKEN: [1-9]\d* problems?\./);
    const unknown = await runCaptured(["audit", "verify", "--operator", OPERATOR_A, "--json"], api);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: { code: "unknown_operator" } });
  });
});
