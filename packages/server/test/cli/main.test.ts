import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import { createSecretBox, loadOrCreateSecretKey } from "../../src/crypto/secret-box.ts";
import { buildAdminApp, loadOrCreateAdminToken } from "../../src/http/admin/admin-app.ts";
import { OperatorService } from "../../src/operators/operator-service.ts";
import { PackService } from "../../src/operators/pack-service.ts";
import { openStore, type Store } from "../../src/store/database.ts";

/** The CLI as users run it: a separate Node process on a real DATA_DIR. Slow, so only a few runs. */
const MAIN = fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));

function rgs(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, RGS_ENV: "staging" };
  delete env.DATABASE_URL;
  delete env.SECRET_KEY;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", MAIN, ...args],
      { env, cwd: ROOT, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function configFor(dataDir: string): Config {
  const loaded = loadConfig({ DATA_DIR: dataDir, RGS_ENV: "staging" });
  if (!loaded.ok) throw new Error(loaded.errors.join("; "));
  return loaded.config;
}

/** One DATA_DIR for the file: creating the embedded database is the slowest step, so it happens once. */
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "rgs-cli-"));
  await (await openStore({ config: configFor(dataDir), clock: systemClock })).close();
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const SLOW = 120_000;

describe("rgs CLI on its own DATA_DIR", () => {
  it(
    "creates, updates, rotates and lists operators, keeping them in DATA_DIR",
    async () => {
      const created = await rgs(
        dataDir,
        "operator",
        "create",
        "--name",
        "Spawned",
        "--countries",
        "CA-ON",
        "--json",
      );
      expect(created.stderr).toBe("");
      expect(created.code).toBe(0);
      const { operator, secret } = JSON.parse(created.stdout);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const updated = await rgs(
        dataDir,
        "operator",
        "update",
        operator.id,
        "--lobby-url",
        "https://casino.example",
        "--json",
      );
      expect(JSON.parse(updated.stdout)).toMatchObject({
        id: operator.id,
        lobbyUrl: "https://casino.example",
      });

      const rotated = await rgs(
        dataDir,
        "operator",
        "rotate-secret",
        operator.id,
        "--grace-seconds",
        "30",
        "--json",
      );
      const rotation = JSON.parse(rotated.stdout);
      expect(rotation.secret).not.toBe(secret);
      expect(Date.parse(rotation.previousValidUntil)).toBe(Date.parse(rotation.callbackSigningSwitchAt));

      const listed = await rgs(dataDir, "operator", "list", "--json");
      expect(JSON.parse(listed.stdout)).toEqual([
        expect.objectContaining({ id: operator.id, name: "Spawned", allowedCountries: ["CA-ON"] }),
      ]);
    },
    SLOW,
  );

  it(
    "refuses bad arguments with exit code 2, a message and no stack trace",
    async () => {
      const { code, stdout, stderr } = await rgs(dataDir, "pack", "assign", "only-one");
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toBe(
        "error: missing <operator-id>\nusage: rgs pack assign <pack-id> <operator-id> [--json] [--timings]\n",
      );
    },
    SLOW,
  );
});

describe("rgs CLI while a server holds DATA_DIR", () => {
  let store: Store;
  let admin: FastifyInstance;
  let operators: OperatorService;

  beforeAll(async () => {
    const config = configFor(dataDir);
    store = await openStore({ config, clock: systemClock });
    operators = new OperatorService({
      store,
      secretBox: createSecretBox(await loadOrCreateSecretKey(config)),
      clock: systemClock,
      rotationGraceSeconds: 60,
      environment: "staging",
    });
    admin = await buildAdminApp({
      operators,
      packs: new PackService({ store, clock: systemClock }),
      adminToken: await loadOrCreateAdminToken(dataDir),
    });
    const lock = store.lock;
    if (!lock) throw new Error("an embedded store holds the DATA_DIR lock");
    lock.onConnection((socket) => admin.server.emit("connection", socket));
  });
  afterAll(async () => {
    await admin?.close();
    await store?.close();
  });

  it(
    "sends commands to the server's admin interface",
    async () => {
      const created = await rgs(
        dataDir,
        "operator",
        "create",
        "--name",
        "Via Admin",
        "--packs",
        "default",
        "--json",
      );
      expect(created.stderr).toBe("");
      expect(created.code).toBe(0);
      const { operator, secret } = JSON.parse(created.stdout);
      expect((await operators.get(operator.id))?.name).toBe("Via Admin");
      expect((await operators.credentials(operator.id))?.acceptedSecrets).toEqual([secret]);
      // The server records who ran the command, as the CLI tells it in the admin request's header.
      const [recorded] = await store.audit.list({ kind: "operator.created", limit: 1 });
      expect(recorded?.operatorId).toBe(operator.id);
      expect(recorded?.actor).toBe(`cli:${os.userInfo().username}`);

      const refused = await rgs(dataDir, "pack", "show", "missing");
      expect(refused).toEqual({ code: 1, stdout: "", stderr: 'error: No such pack: "missing".\n' });
    },
    SLOW,
  );
});
