import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../../src/clock.ts";
import { createSecretBox } from "../../../src/crypto/secret-box.ts";
import { buildAdminApp, loadOrCreateAdminToken } from "../../../src/http/admin/admin-app.ts";
import { OperatorService } from "../../../src/operators/operator-service.ts";
import { PackService } from "../../../src/operators/pack-service.ts";
import { openMemoryStore, type Store } from "../../../src/store/database.ts";

const TOKEN = "admin-token-for-tests";
const clock = manualClock(Date.UTC(2030, 0, 1));
const logLines: string[] = [];
let store: Store;
let operators: OperatorService;
let app: FastifyInstance;

beforeAll(async () => {
  store = await openMemoryStore({ clock });
  operators = new OperatorService({
    store,
    secretBox: createSecretBox(randomBytes(32)),
    clock,
    rotationGraceSeconds: 600,
  });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildAdminApp({
    operators,
    packs: new PackService({ store, clock }),
    adminToken: TOKEN,
    logger: { level: "trace", stream },
  });
});
afterAll(async () => {
  await app?.close();
  await store?.close();
});

const auth = { authorization: `Bearer ${TOKEN}` };

describe("admin app", () => {
  it.each([
    ["no token", {}],
    ["a wrong token", { authorization: "Bearer wrong" }],
    ["a token of another length", { authorization: `Bearer ${TOKEN}x` }],
    ["another scheme", { authorization: `Basic ${TOKEN}` }],
  ])("refuses %s with 401", async (_, headers) => {
    const response = await app.inject({ method: "GET", url: "/admin/operators", headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, title: "Unauthorized", code: "unauthorized" });
  });

  it("creates, shows, updates and rotates operators", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/admin/operators",
      headers: auth,
      payload: {
        name: "Admin Casino",
        betLimits: [{ currency: "EUR", minBet: "1", maxBet: "100", maxWin: "1000" }],
      },
    });
    expect(created.statusCode).toBe(201);
    const { operator, secret } = created.json();
    expect(operator.betLimits).toEqual([
      { currency: "EUR", minBet: "1.00", maxBet: "100.00", maxWin: "1000.00" },
    ]);
    expect((await operators.credentials(operator.id))?.acceptedSecrets).toEqual([secret]);

    const shown = await app.inject({ method: "GET", url: `/admin/operators/${operator.id}`, headers: auth });
    expect(shown.json()).toEqual(operator);

    const updated = await app.inject({
      method: "PATCH",
      url: `/admin/operators/${operator.id}`,
      headers: auth,
      payload: { lobbyUrl: "https://casino.example/lobby" },
    });
    expect(updated.json()).toMatchObject({ id: operator.id, lobbyUrl: "https://casino.example/lobby" });

    const rotated = await app.inject({
      method: "POST",
      url: `/admin/operators/${operator.id}/rotate-secret`,
      headers: auth,
      payload: { graceSeconds: 60 },
    });
    expect(rotated.json()).toMatchObject({
      operatorId: operator.id,
      previousValidUntil: new Date(clock.now() + 60_000).toISOString(),
      callbackSigningSwitchAt: new Date(clock.now() + 60_000).toISOString(),
    });
    const log = logLines.join("");
    expect(log).not.toContain(secret);
    expect(log).not.toContain(rotated.json().secret);
    expect(log).not.toContain(TOKEN);
  });

  it("manages packs and assignments", async () => {
    const { operator } = await operators.create({ name: "Packed" });
    const created = await app.inject({
      method: "POST",
      url: "/admin/packs",
      headers: auth,
      payload: { id: "crash", name: "Crash games", games: ["limbo-alpha"] },
    });
    expect(created.statusCode).toBe(201);
    await app.inject({
      method: "POST",
      url: "/admin/packs/crash/games",
      headers: auth,
      payload: { games: ["dice-alpha"] },
    });
    await app.inject({
      method: "POST",
      url: "/admin/packs/crash/games/remove",
      headers: auth,
      payload: { games: ["limbo-alpha"] },
    });
    const assigned = await app.inject({
      method: "PUT",
      url: `/admin/packs/crash/operators/${operator.id}`,
      headers: auth,
    });
    expect(assigned.json().packs).toEqual(["crash", "default"]);
    const pack = await app.inject({ method: "GET", url: "/admin/packs/crash", headers: auth });
    expect(pack.json()).toMatchObject({ games: ["dice-alpha"], operators: [operator.id] });
    const unassigned = await app.inject({
      method: "DELETE",
      url: `/admin/packs/crash/operators/${operator.id}`,
      headers: auth,
    });
    expect(unassigned.json().packs).toEqual(["default"]);
    const list = await app.inject({ method: "GET", url: "/admin/packs", headers: auth });
    expect(list.json().map((p: { id: string }) => p.id)).toEqual(["crash", "default"]);
  });

  it("answers refusals in the error shape with a specific code", async () => {
    const cases: [InjectOptions, number, string][] = [
      [{ method: "POST", url: "/admin/operators", payload: { name: "" } }, 400, "invalid_name"],
      [{ method: "GET", url: "/admin/operators/not-a-uuid" }, 404, "unknown_operator"],
      [{ method: "GET", url: "/admin/packs/nope" }, 404, "unknown_pack"],
      [{ method: "POST", url: "/admin/packs", payload: { id: "default", name: "x" } }, 409, "pack_exists"],
      [{ method: "POST", url: "/admin/operators", payload: [1, 2] }, 400, "invalid_request"],
      [
        {
          method: "POST",
          url: "/admin/operators",
          payload: "{not json",
          headers: { "content-type": "application/json" },
        },
        400,
        "invalid_request",
      ],
      [
        {
          method: "POST",
          url: "/admin/operators",
          payload: { name: "x", betLimits: [{ currency: "USD", minBet: "0.001", maxBet: "1", maxWin: "2" }] },
        },
        400,
        "invalid_bet_limits",
      ],
      [{ method: "GET", url: "/admin/nothing" }, 404, "not_found"],
    ];
    for (const [request, status, code] of cases) {
      const response = await app.inject({ ...request, headers: { ...auth, ...request.headers } });
      expect([response.statusCode, response.json().code], JSON.stringify(request)).toEqual([status, code]);
      expect(response.json().status).toBe(status);
      expect(typeof response.json().title).toBe("string");
    }
  });
});

describe("loadOrCreateAdminToken", () => {
  it("creates a private token once and returns it afterwards", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "rgs-admin-"));
    try {
      const [a, b] = await Promise.all([loadOrCreateAdminToken(dir), loadOrCreateAdminToken(dir)]);
      expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(b).toBe(a);
      expect(await loadOrCreateAdminToken(dir)).toBe(a);
      expect((await readFile(path.join(dir, "admin.token"), "utf8")).trim()).toBe(a);
      expect((await stat(path.join(dir, "admin.token"))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
