import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import { createSecretBox, loadOrCreateSecretKey } from "../crypto/secret-box.ts";
import { readAdminToken } from "../http/admin/admin-token.ts";
import { AuditTrail } from "../operators/audit-trail.ts";
import { CertificationRepository } from "../operators/certification-repository.ts";
import { CertificationService } from "../operators/certification-service.ts";
import { localOnboarding, type OnboardingApi } from "../operators/onboarding.ts";
import { OperatorService } from "../operators/operator-service.ts";
import { PackService } from "../operators/pack-service.ts";
import { sandboxSecretKeeper } from "../operators/sandbox-credentials.ts";
import { DeadLetterService } from "../outbox/dead-letters.ts";
import { HistoryMover } from "../rounds/history-mover.ts";
import { HistoryRetention } from "../rounds/history-retention.ts";
import { openStore } from "../store/database.ts";
import { DatabaseClock, type DatabaseClockDeps, readDatabaseMs } from "../store/database-clock.ts";
import { connectToLockOwner, StoreLockedError } from "../store/lock.ts";
import { adminClient } from "./admin-client.ts";

/** An operational problem (not a usage error) met before a command could run. */
export class CliError extends Error {
  override name = "CliError";
}

export interface Transport {
  api: OnboardingApi;
  /** "store": this process opened the store; "server": the running server executes the commands. */
  via: "store" | "server";
  close(): Promise<void>;
}

/**
 * Opens the store the server uses (PostgreSQL with DATABASE_URL, else DATA_DIR). When a running
 * server holds DATA_DIR, the commands go to it through its admin interface on the lock socket.
 *
 * On PostgreSQL the commands take their time from the database's clock, as the instances do: a secret's
 * rotation grace, an audit event or a certification run stamped by a host whose clock is off would
 * disagree with every instance. `clockDeps` replaces the host's clocks (tests).
 */
export async function openTransport(
  config: Config,
  opts: { clockDeps?: DatabaseClockDeps } = {},
): Promise<Transport> {
  const clock: Clock = config.databaseUrl ? new DatabaseClock(opts.clockDeps) : systemClock;
  let store: Awaited<ReturnType<typeof openStore>>;
  try {
    store = await openStore({ config, clock });
  } catch (error) {
    if (error instanceof StoreLockedError) return serverTransport(config.dataDir);
    throw error;
  }
  try {
    if (clock instanceof DatabaseClock) await clock.sync(() => readDatabaseMs(store));
    const secretBox = createSecretBox(await loadOrCreateSecretKey(config));
    const operators = new OperatorService({
      store,
      secretBox,
      clock,
      rotationGraceSeconds: config.secretRotationGraceSeconds,
      environment: config.environment,
      ...(config.environment === "staging" && {
        sandboxSecrets: sandboxSecretKeeper({
          dataDir: config.dataDir,
          onError: (message) => process.stderr.write(`warning: ${message}\n`),
        }),
      }),
    });
    const packs = new PackService({ store, clock });
    const callbacks = new DeadLetterService({ store, clock });
    const certifications = new CertificationService({
      operators,
      certifications: new CertificationRepository(store.db),
      audit: store.audit,
      clock,
      environment: config.environment,
      timeoutMs: config.callbackTimeoutMs,
    });
    return {
      api: localOnboarding({
        operators,
        packs,
        callbacks,
        certifications,
        audit: new AuditTrail(store.db),
        history: new HistoryMover({ store, clock }),
        retention: new HistoryRetention({ store, secretBox, clock }),
      }),
      via: "store",
      close: () => store.close(),
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

async function serverTransport(dataDir: string): Promise<Transport> {
  const token = await readAdminToken(dataDir);
  if (!token) {
    throw new CliError(
      `Another process holds the data directory ${dataDir} and it has no admin.token: stop that process or run the command against the server that owns it.`,
    );
  }
  const connect = async () => {
    const socket = await connectToLockOwner(dataDir);
    if (!socket) throw new CliError("The process holding the data directory stopped; run the command again.");
    return socket;
  };
  return { api: adminClient({ connect, token }), via: "server", close: async () => {} };
}
