import { hostname } from "node:os";
import { AuditChain } from "../audit/audit-chain.ts";
import { AuditTrail } from "../audit/audit-trail.ts";
import { BackofficeUsers } from "../backoffice/users.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import { createSecretBox, loadOrCreateSecretKey } from "../crypto/secret-box.ts";
import { CertificationRepository } from "../operators/certification-repository.ts";
import { CertificationRuns } from "../operators/certification-runs.ts";
import { CertificationService } from "../operators/certification-service.ts";
import { localOnboarding } from "../operators/onboarding.ts";
import { OperatorService } from "../operators/operator-service.ts";
import { PackService } from "../operators/pack-service.ts";
import { sandboxSecretKeeper } from "../operators/sandbox-credentials.ts";
import { DeadLetterService } from "../outbox/dead-letters.ts";
import { GgrRollup } from "../reporting/ggr-rollup.ts";
import { Reconciliation } from "../reporting/reconciliation.ts";
import { HistoryMover } from "../rounds/history-mover.ts";
import { HistoryRetention } from "../rounds/history-retention.ts";
import { openStore } from "../store/database.ts";
import { DatabaseClock, type DatabaseClockDeps, readDatabaseMs } from "../store/database-clock.ts";
import { StoreLockedError } from "../store/lock.ts";
import { preferQuickWasmStartup } from "./quick-wasm.ts";
import { serverTransport, type Transport } from "./server-transport.ts";

/**
 * The commands run in this process, on the store the server uses (PostgreSQL with DATABASE_URL, else
 * DATA_DIR). A server that took DATA_DIR meanwhile gets them through its admin interface.
 *
 * On PostgreSQL the commands take their time from the database's clock, as the instances do: a secret's
 * rotation grace, an audit event or a certification run stamped by a host whose clock is off would
 * disagree with every instance. `clockDeps` replaces the host's clocks (tests).
 */
export async function openLocalTransport(
  config: Config,
  opts: { clockDeps?: DatabaseClockDeps } = {},
): Promise<Transport> {
  preferQuickWasmStartup();
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
      runs: new CertificationRuns(store),
      // The command's own name on a lease: no server runs on this store, but one may start meanwhile.
      instanceId: `cli-${hostname()}-${process.pid}`,
      audit: store.audit,
      clock,
      environment: config.environment,
      timeoutMs: config.callbackTimeoutMs,
    });
    const auditChain = new AuditChain({ store, clock });
    return {
      api: localOnboarding({
        operators,
        packs,
        callbacks,
        certifications,
        audit: new AuditTrail(store.db),
        auditChain,
        auditLog: store.audit,
        history: new HistoryMover({ store, clock }),
        retention: new HistoryRetention({ store, secretBox, clock }),
        reports: {
          rollup: new GgrRollup({ store, clock }),
          reconciliation: new Reconciliation({ db: store.db }),
          clock,
        },
        backofficeUsers: new BackofficeUsers({ store, clock, secretBox }),
      }),
      via: "store",
      // What the command recorded is sealed before it exits: no server may be running to do it.
      close: async () => {
        try {
          await certifications.close();
          await auditChain.sealer.sealPending();
        } finally {
          await store.close();
        }
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
