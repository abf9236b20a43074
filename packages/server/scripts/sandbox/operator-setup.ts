import { systemClock } from "../../src/clock.ts";
import type { Config } from "../../src/config.ts";
import { createSecretBox, loadOrCreateSecretKey } from "../../src/crypto/secret-box.ts";
import { OperatorService } from "../../src/operators/operator-service.ts";
import {
  readSandboxCredentials,
  type SandboxCredentials,
  sandboxSecretKeeper,
} from "../../src/operators/sandbox-credentials.ts";
import { openStore } from "../../src/store/database.ts";
import { DatabaseClock, readDatabaseMs } from "../../src/store/database-clock.ts";

export interface SandboxOperator {
  credentials: SandboxCredentials;
  /** True when this run created the sandbox operator. */
  created: boolean;
  /** True when its secret was not on file and a new one replaced it. */
  reissued: boolean;
}

/**
 * The staging server's sandbox operator, created when missing, with its callback URL set to `callbackUrl`
 * and its secret on file in DATA_DIR. A secret that is not on file (an operator created before the file
 * existed) cannot be read back, so it is replaced, without grace: the wallet started next knows only the
 * new one. Runs on the store directly, before the server starts; an embedded store held by a running
 * server is refused with StoreLockedError.
 */
export async function prepareSandboxOperator(
  config: Config,
  callbackUrl: string,
  warn: (message: string) => void,
): Promise<SandboxOperator> {
  const clock = config.databaseUrl ? new DatabaseClock() : systemClock;
  const store = await openStore({ config, clock });
  try {
    if (clock instanceof DatabaseClock) await clock.sync(() => readDatabaseMs(store));
    const operators = new OperatorService({
      store,
      secretBox: createSecretBox(await loadOrCreateSecretKey(config)),
      clock,
      rotationGraceSeconds: config.secretRotationGraceSeconds,
      environment: config.environment,
      sandboxSecrets: sandboxSecretKeeper({ dataDir: config.dataDir, onError: warn }),
    });
    const { operator, created } = await operators.ensureSandboxOperator();
    if (operator.callbackUrl !== callbackUrl) await operators.update(operator.id, { callbackUrl });
    let credentials = await readSandboxCredentials(config.dataDir);
    const reissued = credentials?.operatorId !== operator.id;
    if (reissued) {
      await operators.rotateSecret(operator.id, { graceSeconds: 0 });
      credentials = await readSandboxCredentials(config.dataDir);
    }
    if (credentials?.operatorId !== operator.id) {
      throw new Error(`the sandbox operator's secret could not be kept in ${config.dataDir}`);
    }
    return { credentials, created, reissued };
  } finally {
    await store.close();
  }
}
