import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import { OperatorService } from "../../src/operators/operator-service.ts";
import {
  formatSandboxCredentials,
  parseSandboxCredentials,
  readSandboxCredentials,
  SANDBOX_CREDENTIALS_FILE,
  sandboxSecretKeeper,
} from "../../src/operators/sandbox-credentials.ts";
import type { Environment } from "../../src/operators/validation.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";

const START = Date.UTC(2030, 0, 1);
let dataDir: string;
let store: Store;
const warnings: string[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "rgs-sandbox-credentials-"));
  store = await openMemoryStore();
  warnings.length = 0;
});
afterEach(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

function service(environment: Environment, clock = manualClock(START)) {
  return new OperatorService({
    store,
    secretBox: createSecretBox(randomBytes(32)),
    clock,
    rotationGraceSeconds: 3600,
    environment,
    sandboxSecrets: sandboxSecretKeeper({ dataDir, onError: (message) => warnings.push(message) }),
  });
}

const file = () => path.join(dataDir, SANDBOX_CREDENTIALS_FILE);

describe("the sandbox operator's credentials file", () => {
  it("is written owner-only when a staging server creates the sandbox operator", async () => {
    const { operator, secret } = await service("staging").ensureSandboxOperator();
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    expect(await readSandboxCredentials(dataDir)).toEqual({ operatorId: operator.id, secret });
    expect(await readFile(file(), "utf8")).toContain(
      `OPERATOR_ID=${operator.id}\nOPERATOR_SECRET=${secret}\n`,
    );
  });

  it("is rewritten on each rotation, keeping the replaced secret while it still signs callbacks", async () => {
    const clock = manualClock(START);
    const operators = service("staging", clock);
    const { operator, secret: first } = await operators.ensureSandboxOperator();
    const rotation = await operators.rotateSecret(operator.id);
    expect(await readSandboxCredentials(dataDir)).toEqual({
      operatorId: operator.id,
      secret: rotation.secret,
      previous: { secret: first, validUntil: rotation.callbackSigningSwitchAt },
    });
    clock.advance(10_000);
    const revoking = await operators.rotateSecret(operator.id, { graceSeconds: 0 });
    expect(await readSandboxCredentials(dataDir)).toEqual({
      operatorId: operator.id,
      secret: revoking.secret,
    });
    expect((await stat(file())).mode & 0o777).toBe(0o600);
  });

  it("is left alone when another operator's secret rotates", async () => {
    const operators = service("staging");
    await operators.ensureSandboxOperator();
    const before = await readFile(file(), "utf8");
    const { operator } = await operators.create({ name: "Casino" });
    await operators.rotateSecret(operator.id);
    expect(await readFile(file(), "utf8")).toBe(before);
  });

  it("is never written in production, even for a sandbox operator a staging database brought along", async () => {
    const { operator } = await service("staging").ensureSandboxOperator();
    await rm(file());
    await service("production").rotateSecret(operator.id);
    await expect(stat(file())).rejects.toThrow(/ENOENT/);
  });

  it("reports a file it cannot write, and the rotation still succeeds", async () => {
    const operators = service("staging");
    const { operator } = await operators.ensureSandboxOperator();
    await rm(file());
    await writeFile(path.join(dataDir, "blocker"), "");
    const blocked = new OperatorService({
      store,
      secretBox: createSecretBox(randomBytes(32)),
      clock: manualClock(START),
      rotationGraceSeconds: 0,
      environment: "staging",
      sandboxSecrets: sandboxSecretKeeper({
        dataDir: path.join(dataDir, "blocker"),
        onError: (message) => warnings.push(message),
      }),
    });
    const rotation = await blocked.rotateSecret(operator.id);
    expect(rotation.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(warnings).toEqual([expect.stringContaining("Could not write the sandbox operator's secret")]);
  });

  it("reads back what it writes, and nothing from a file without an operator and its secret", () => {
    const credentials = {
      operatorId: "6f1c2d3e-0000-4000-8000-000000000001",
      secret: "a".repeat(43),
      previous: { secret: "b".repeat(43), validUntil: new Date(START) },
    };
    expect(parseSandboxCredentials(formatSandboxCredentials(credentials))).toEqual(credentials);
    expect(parseSandboxCredentials("OPERATOR_ID=6f1c2d3e-0000-4000-8000-000000000001\n")).toBeUndefined();
    expect(parseSandboxCredentials("# nothing\n")).toBeUndefined();
    expect(() => formatSandboxCredentials({ ...credentials, secret: "with space" })).toThrow(
      /OPERATOR_SECRET/,
    );
  });
});
