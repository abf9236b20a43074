import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { AuditChain } from "./audit/audit-chain.ts";
import { AuditTrail } from "./audit/audit-trail.ts";
import { buildBackofficeApp } from "./backoffice/backoffice-app.ts";
import { BackofficeUsers } from "./backoffice/users.ts";
import { systemClock } from "./clock.ts";
import { type Config, loadConfig } from "./config.ts";
import { createSecretBox, loadOrCreateSecretKey } from "./crypto/secret-box.ts";
import { buildAdminApp, loadOrCreateAdminToken } from "./http/admin/admin-app.ts";
import { buildMetricsApp } from "./http/admin/metrics-app.ts";
import { computeIntegrity, type IntegrityManifest } from "./integrity/integrity-manifest.ts";
import { createMetrics } from "./observability/metrics.ts";
import { CertificationRepository } from "./operators/certification-repository.ts";
import { CertificationRuns } from "./operators/certification-runs.ts";
import { CertificationService } from "./operators/certification-service.ts";
import { localOnboarding } from "./operators/onboarding.ts";
import { OperatorService } from "./operators/operator-service.ts";
import { PackService } from "./operators/pack-service.ts";
import { type LaunchBody, launchCommand } from "./operators/sandbox-commands.ts";
import {
  readSandboxCredentials,
  sandboxCredentialsPath,
  sandboxSecretKeeper,
} from "./operators/sandbox-credentials.ts";
import { DeadLetterService } from "./outbox/dead-letters.ts";
import { createRateLimiter } from "./rate-limit/index.ts";
import { createReplayGuard } from "./replay/index.ts";
import { createReplayLinks } from "./replay-links/replay-link.ts";
import { Reconciliation } from "./reporting/reconciliation.ts";
import { createSearchCursors } from "./reporting/search-cursor.ts";
import { SearchService } from "./reporting/search-service.ts";
import { HistoryMover } from "./rounds/history-mover.ts";
import { HistoryRetention } from "./rounds/history-retention.ts";
import { createGameRuntime } from "./runtime.ts";
import { shutDown, timerWait } from "./shutdown/graceful-shutdown.ts";
import { Lifecycle } from "./shutdown/lifecycle.ts";
import { openStore, type Store } from "./store/database.ts";
import { DatabaseClock } from "./store/database-clock.ts";
import { StoreLockedError } from "./store/lock.ts";
import type { Operator } from "./store/operators-repository.ts";

/**
 * `npm start`: configuration from the environment, the store (embedded in DATA_DIR or PostgreSQL),
 * the HTTP server, and on a staging server a sandbox operator ready for a first demo launch.
 * Problems an operator of the server can fix (bad configuration, a data directory in use) are
 * printed as plain sentences and exit with status 1.
 */

const DEMO_LAUNCH: LaunchBody = {
  playerId: "demo-player",
  currency: "USD",
  gameCode: "dice-alpha",
  countryCode: "DE",
  demo: true,
};

function fail(lines: string[]): never {
  for (const line of lines) process.stderr.write(`${line}\n`);
  process.exit(1);
}

function listeningUrl(address: AddressInfo): string {
  const host = address.address === "0.0.0.0" || address.address === "::" ? "localhost" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

/** Listens without Fastify's "Server listening at" lines: the start-up facts, printed last, say it once. */
async function listenQuietly(app: FastifyInstance, options: { port: number; host: string }): Promise<void> {
  const level = app.log.level;
  app.log.level = "warn";
  try {
    await app.listen(options);
  } finally {
    app.log.level = level;
  }
}

/** The staging sandbox operator (created on the first start of an empty store) and how to try it. */
async function sandboxBanner(
  config: Config,
  store: Store,
  operators: OperatorService,
  baseUrl: string,
): Promise<string[]> {
  if (config.environment !== "staging") return [];
  const empty = (await operators.list()).length === 0;
  const sandbox: { operator: Operator; secret?: string } | undefined = empty
    ? await operators.ensureSandboxOperator()
    : await store.operators.findSandbox().then((operator) => operator && { operator });
  if (!sandbox) return [];
  const { id } = sandbox.operator;
  const file = sandboxCredentialsPath(config.dataDir);
  const onFile = (await readSandboxCredentials(config.dataDir).catch(() => undefined))?.operatorId === id;
  const lines = ["", "Sandbox operator (staging only):", `  Operator ID: ${id}`];
  if (sandbox.secret !== undefined) {
    lines.push(`  HMAC secret: ${sandbox.secret}`, "  (shown this once; store it now)");
  }
  if (onFile) {
    lines.push(`  Its secret is in ${file} (owner-only; rewritten when the secret rotates).`);
  } else {
    lines.push(
      "  Its secret was shown when it was created; if it is lost,",
      `  \`npm run rgs -- operator rotate-secret ${id}\` issues a new one and writes it to ${file}.`,
    );
  }
  const credentials = onFile ? { file } : { operatorId: id, secret: sandbox.secret ?? "<HMAC_SECRET>" };
  lines.push(
    "",
    "Signed demo launch (paste into a shell; it signs when it runs):",
    `  ${launchCommand({ baseUrl, credentials, body: DEMO_LAUNCH })}`,
    "",
    "Real money with a wallet: `npm run sandbox` starts this server with the reference wallet.",
  );
  return lines;
}

/** The audit trail's record of this start: which software, by its version and the digests of its files. */
async function recordStart(store: Store, config: Config, manifest: IntegrityManifest): Promise<void> {
  await store.audit.record({
    operatorId: null,
    kind: "server.started",
    data: {
      serverVersion: manifest.serverVersion,
      apiVersion: manifest.apiVersion,
      environment: config.environment,
      node: process.version,
      store: store.kind,
      integrity: {
        digest: manifest.digest,
        computedAt: manifest.computedAt,
        parts: manifest.parts.map(({ kind, name, digest, files }) => ({ kind, name, digest, files })),
      },
    },
  });
}

/** The back office's listener when BACKOFFICE_PORT is set (docs/back-office.md). */
async function listenBackoffice(
  deps: Omit<Parameters<typeof buildBackofficeApp>[0], "config"> & { config: Config },
): Promise<FastifyInstance | undefined> {
  const { port, host } = deps.config.backoffice;
  if (port === undefined) return undefined;
  const app = await buildBackofficeApp(deps);
  await listenQuietly(app, { port, host });
  return app;
}

async function main(): Promise<void> {
  const loaded = loadConfig(process.env);
  if (!loaded.ok) {
    fail([
      "The RGS cannot start: its configuration is invalid.",
      ...loaded.errors.map((error) => `  - ${error}`),
    ]);
  }
  const config = loaded.config;
  // Read while the store opens; the start record and GET /operator/integrity carry it.
  const integrity = computeIntegrity();
  integrity.catch(() => {});
  // On PostgreSQL, instances hand each other leases, deadlines and expiries through the database: they all
  // take their time from its clock, not from each host's.
  const clock = config.databaseUrl ? new DatabaseClock() : systemClock;

  let store: Store;
  try {
    store = await openStore({ config, clock });
  } catch (error) {
    if (error instanceof StoreLockedError) fail([`The RGS cannot start: ${error.message}`]);
    throw error;
  }
  if (clock instanceof DatabaseClock) {
    await clock.follow(store, (error) => {
      process.stderr.write(
        `Reading the database's clock failed; keeping the last offset: ${error.message}\n`,
      );
    });
  }

  let secretKey: Buffer;
  try {
    secretKey = await loadOrCreateSecretKey(config);
  } catch (error) {
    await store.close();
    fail([`The RGS cannot start: ${(error as Error).message}`]);
  }

  const secretBox = createSecretBox(secretKey);
  const operators = new OperatorService({
    store,
    secretBox,
    clock,
    rotationGraceSeconds: config.secretRotationGraceSeconds,
    environment: config.environment,
    ...(config.environment === "staging" && {
      sandboxSecrets: sandboxSecretKeeper({ dataDir: config.dataDir, onError: (message) => warn(message) }),
    }),
  });
  const packs = new PackService({ store, clock });
  let warn: (message: string) => void = (message) => process.stderr.write(`${message}\n`);
  const rateLimiter = await createRateLimiter({
    config,
    clock,
    onRedisError: (error) =>
      warn(`Redis rate limiter unavailable, using in-memory buckets: ${error.message}`),
  });
  const gameRateLimiter = await createRateLimiter({
    config: { ...config, rateLimit: config.gameRateLimit },
    clock,
    onRedisError: (error) =>
      warn(`Redis rate limiter unavailable, using in-memory buckets: ${error.message}`),
  });
  const replayGuard = await createReplayGuard({
    config,
    clock,
    onRedisError: (error) =>
      warn(`Redis replay guard unavailable, refusing replays seen by this instance only: ${error.message}`),
  });
  const metrics = createMetrics();
  // Log lines of the background work go through the app's logger once it exists.
  const logger = {
    info: (fields: object, message: string) => app.log.info(fields, message),
    warn: (fields: object, message: string) => app.log.warn(fields, message),
    error: (fields: object, message: string) => app.log.error(fields, message),
  };
  const runtime = createGameRuntime({ config, clock, store, operators, secretBox, logger, metrics });
  const lifecycle = new Lifecycle();
  const replayLinks = createReplayLinks(secretKey, config.publicBaseUrl);
  const searchCursors = createSearchCursors(secretKey);
  const app = await buildApp({
    searchCursors,
    lifecycle,
    replayLinks,
    config,
    clock,
    store,
    operators,
    rateLimiter,
    gameRateLimiter,
    replayGuard,
    metrics,
    game: runtime,
    integrity: () => integrity,
  });
  warn = (message) => app.log.warn(message);
  const auditChain = new AuditChain({ store, clock, logger });
  // One for the admin interface and the back office: its limits on tester runs hold across both.
  const certifications = new CertificationService({
    operators,
    certifications: new CertificationRepository(store.db),
    runs: new CertificationRuns(store),
    instanceId: runtime.instanceId,
    audit: store.audit,
    clock,
    environment: config.environment,
    timeoutMs: config.callbackTimeoutMs,
  });

  const adminApp = store.lock
    ? await buildAdminApp({
        operators,
        packs,
        callbacks: new DeadLetterService({ store, clock }),
        audit: new AuditTrail(store.db),
        auditChain,
        auditLog: store.audit,
        history: new HistoryMover({ store, clock }),
        retention: new HistoryRetention({ store, secretBox, clock }),
        reports: {
          rollup: runtime.reports.rollup,
          reconciliation: new Reconciliation({ db: store.db }),
          clock,
        },
        backofficeUsers: new BackofficeUsers({ store, clock, secretBox }),
        certifications,
        adminToken: await loadOrCreateAdminToken(config.dataDir),
      })
    : undefined;
  if (store.lock && adminApp) {
    await adminApp.ready();
    store.lock.onConnection((socket) => adminApp.server.emit("connection", socket));
  }

  let manifest: IntegrityManifest;
  try {
    manifest = await integrity;
  } catch (error) {
    await runtime.stop();
    await store.close();
    fail([`The RGS cannot read the files it runs, to digest them: ${(error as Error).message}`]);
  }

  try {
    await listenQuietly(app, { port: config.port, host: config.host });
  } catch (error) {
    await runtime.stop();
    await store.close();
    fail([`The RGS cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`]);
  }
  const metricsPort = config.metrics.port;
  const metricsApp = metricsPort === undefined ? undefined : await buildMetricsApp({ config, metrics });
  if (metricsApp && metricsPort !== undefined) {
    try {
      await listenQuietly(metricsApp, { port: metricsPort, host: config.metrics.host });
    } catch (error) {
      await app.close();
      await runtime.stop();
      await store.close();
      fail([
        `The RGS cannot listen for metrics on ${config.metrics.host}:${metricsPort}: ${(error as Error).message}`,
      ]);
    }
  }
  const backofficeApp = await listenBackoffice({
    config,
    store,
    clock,
    secretBox,
    searches: new SearchService({
      pool: store.reporting,
      cursors: searchCursors,
      clock,
      fairness: (db, ids) => runtime.seeds.fairnessOfPairs(db, ids),
      replayUrl: (roundId) => replayLinks.urlOf(roundId),
    }),
    callbacks: new DeadLetterService({ store, clock }),
    operators: localOnboarding({ operators, packs, certifications }),
    certifications,
    rounds: runtime.rounds,
  }).catch(async (error: Error) => {
    await app.close();
    await metricsApp?.close();
    await runtime.stop();
    await store.close();
    fail([
      `The RGS cannot listen for the back office on ${config.backoffice.host}:${config.backoffice.port}: ${error.message}`,
    ]);
  });
  const baseUrl = listeningUrl(app.server.address() as AddressInfo);
  runtime.start();
  auditChain.start();
  await recordStart(store, config, manifest);

  const banner = [
    `RGS ${config.environment} listening on ${baseUrl}`,
    `  Public base URL: ${config.publicBaseUrl}`,
    `  API reference:   ${baseUrl}/docs`,
    ...(config.environment === "staging" ? [`  Demo lobby:      ${config.publicBaseUrl}/lobby`] : []),
    `  Store:           ${store.kind === "pglite" ? `embedded (${config.dataDir})` : "PostgreSQL"}`,
    ...(metricsApp
      ? [`  Metrics:         ${listeningUrl(metricsApp.server.address() as AddressInfo)}/metrics`]
      : []),
    ...(backofficeApp
      ? [`  Back office:     ${listeningUrl(backofficeApp.server.address() as AddressInfo)}/`]
      : []),
    ...(await sandboxBanner(config, store, operators, baseUrl)),
  ];
  process.stdout.write(`${banner.join("\n")}\n`);

  // A second signal stops at once. SIGINT (a person at a terminal) skips the balancer's drain delay.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    const { graceMs, drainMs } = config.shutdown;
    process.stdout.write(`${signal} received: shutting down within ${graceMs} ms\n`);
    // The host's own clock: the stop's deadlines are local timers, whatever the database's clock says.
    const { clean } = await shutDown({
      clock: systemClock,
      wait: timerWait,
      lifecycle,
      graceMs,
      drainMs: signal === "SIGINT" ? 0 : drainMs,
      closeHttp: () => app.close(),
      forceCloseHttp: () => app.server.closeAllConnections(),
      stopBackground: async () => {
        // A tester run still going ends refused, before the store it would record into closes.
        await Promise.all([runtime.stop(), auditChain.stop(), certifications.close()]);
      },
      releaseClaims: () => runtime.releaseClaims(),
      close: async () => {
        await adminApp?.close();
        await metricsApp?.close();
        await backofficeApp?.close();
        await rateLimiter.close();
        await gameRateLimiter.close();
        await replayGuard.close();
        await store.close();
      },
      log: (message) => process.stderr.write(`${message}\n`),
    });
    process.stdout.write(clean ? "Stopped\n" : "Stopped with requests cut off\n");
    process.exit(clean ? 0 : 1);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The RGS failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
