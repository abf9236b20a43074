import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prepareSandboxOperator } from "../../scripts/sandbox/operator-setup.ts";
import { systemClock } from "../../src/clock.ts";
import { loadConfig } from "../../src/config.ts";
import { readSandboxCredentials, sandboxCredentialsPath } from "../../src/operators/sandbox-credentials.ts";
import { openStore } from "../../src/store/database.ts";
import { StoreLockedError } from "../../src/store/lock.ts";

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "rgs-sandbox-setup-"));
});
afterEach(async () => rm(dataDir, { recursive: true, force: true }));

function config() {
  const loaded = loadConfig({ DATA_DIR: dataDir });
  if (!loaded.ok) throw new Error(loaded.errors.join("; "));
  return loaded.config;
}

const noWarnings = (message: string) => {
  throw new Error(`unexpected warning: ${message}`);
};

describe("the sandbox's operator", () => {
  it("is created with the wallet as callback URL, then reused with its secret, its URL following the wallet", async () => {
    const created = await prepareSandboxOperator(config(), "http://127.0.0.1:9090/wallet/v2", noWarnings);
    expect(created).toMatchObject({ created: true, reissued: false });
    const reused = await prepareSandboxOperator(config(), "http://127.0.0.1:9191/wallet/v2", noWarnings);
    expect(reused).toEqual({ ...created, created: false });

    const store = await openStore({ config: config(), clock: systemClock });
    try {
      const operator = await store.operators.findSandbox();
      expect(operator?.id).toBe(created.credentials.operatorId);
      expect(operator?.callbackUrl).toBe("http://127.0.0.1:9191/wallet/v2");
    } finally {
      await store.close();
    }
  }, 120_000);

  it("gets a new secret, revoking the old one at once, when its secret is not on file", async () => {
    const { credentials } = await prepareSandboxOperator(
      config(),
      "http://127.0.0.1:9090/wallet/v2",
      noWarnings,
    );
    await rm(sandboxCredentialsPath(dataDir));
    const again = await prepareSandboxOperator(config(), "http://127.0.0.1:9090/wallet/v2", noWarnings);
    expect(again).toMatchObject({ created: false, reissued: true });
    expect(again.credentials.operatorId).toBe(credentials.operatorId);
    expect(again.credentials.secret).not.toBe(credentials.secret);
    // No grace: a wallet set up from the file alone verifies every callback signed from now on.
    expect(again.credentials.previous).toBeUndefined();
    expect(await readSandboxCredentials(dataDir)).toEqual(again.credentials);
  }, 120_000);

  it("is refused while a running server holds the data directory", async () => {
    const store = await openStore({ config: config(), clock: systemClock });
    try {
      await expect(
        prepareSandboxOperator(config(), "http://127.0.0.1:9090/wallet/v2", noWarnings),
      ).rejects.toBeInstanceOf(StoreLockedError);
    } finally {
      await store.close();
    }
  }, 120_000);
});
