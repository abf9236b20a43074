import { randomUUID } from "node:crypto";
import { BoundedMap } from "./bounded-map.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { SecretBox } from "./crypto/secret-box.ts";
import { InstanceHeartbeat } from "./instances/instance-heartbeat.ts";
import type { EventLogger } from "./observability/event-logger.ts";
import type { Metrics } from "./observability/metrics.ts";
import { registerStoreMetrics } from "./observability/store-metrics.ts";
import { createWalletMetrics, instrumentWalletClient } from "./observability/wallet-metrics.ts";
import type { OperatorService } from "./operators/operator-service.ts";
import { Outbox } from "./outbox/outbox.ts";
import { outboxStats } from "./outbox/stats.ts";
import { GgrRoller } from "./reporting/ggr-roller.ts";
import { debitPolicyOf, OPENING_MARGIN_MS, openingDebitBudgetMs } from "./rounds/debit-policy.ts";
import { RoundEngine } from "./rounds/engine.ts";
import { SeedService } from "./seeds/seed-service.ts";
import { TokenPurger } from "./sessions/token-purger.ts";
import type { Store } from "./store/database.ts";
import { Sweeper } from "./sweeper/sweeper.ts";
import { operatorWallets } from "./wallet/operator-wallets.ts";
import { RemoteWalletGateway } from "./wallet/remote-gateway.ts";
import { createWalletClientPool, type WalletClient, type WalletClientPool } from "./wallet/wallet-client.ts";

/** The services that play rounds and move money, and the background work that settles them. */
export interface GameRuntime {
  /** Names this process in the leases it holds in the store (outbox, sweeper, tester runs). */
  instanceId: string;
  walletPool: WalletClientPool;
  /** An operator's wallet client, from its current callback URL and secret. */
  wallets: (operatorId: string) => Promise<WalletClient>;
  seeds: SeedService;
  rounds: RoundEngine;
  outbox: Outbox;
  sweeper: Sweeper;
  /** Rolls the wallet's confirmations up into the GGR report's aggregates, on its own schedule. */
  reports: GgrRoller;
  /** Starts the outbox's, the sweeper's and the reports' polling. */
  start(): void;
  /** Stops the background work (waiting for a pass in progress) and closes the wallet connections. */
  stop(): Promise<void>;
  /** After `stop` (at shutdown): hands this instance's outbox and sweeper claims back to the others. */
  releaseClaims(): Promise<void>;
}

export interface GameRuntimeDeps {
  config: Config;
  clock: Clock;
  store: Store;
  operators: Pick<OperatorService, "get" | "credentials">;
  secretBox: SecretBox;
  /** Names this process's outbox leases; a random one by default. */
  instanceId?: string;
  logger?: EventLogger;
  /** The app's metrics: wallet calls, the outbox backlog and rounds are registered on its registry. */
  metrics?: Metrics;
  /** Replaces the pause between debit resends (tests). */
  sleep?: (ms: number) => Promise<void>;
}

export function createGameRuntime(deps: GameRuntimeDeps): GameRuntime {
  const { config, clock, store } = deps;
  const instanceId = deps.instanceId ?? `rgs-${randomUUID()}`;
  // A wallet that answers again makes its operator's callbacks waiting out a backoff due at once.
  const walletPool = createWalletClientPool({
    timeoutMs: config.callbackTimeoutMs,
    clock,
    // Production calls public addresses only, unless an operator allows a private network.
    http: { refusePrivateAddresses: config.environment === "production" },
    onAnswered: (operatorId) => outbox.walletAnswered(operatorId),
  });
  const walletMetrics =
    deps.metrics && createWalletMetrics(deps.metrics.registry, { stats: () => outboxStats(store, clock) });
  if (deps.metrics) registerStoreMetrics(deps.metrics.registry, store.writer);
  const plainWallets = operatorWallets({
    operators: deps.operators,
    pool: walletPool,
    clock,
    cacheMs: config.cacheSeconds * 1000,
  });
  // Each wallet call is counted once: the outbox measures its own sends (it knows which are resends), every
  // other call (authenticate, balance, the debits) goes through the measured client.
  const sentDebits = new BoundedMap<string, true>(SENT_DEBITS_REMEMBERED);
  const wallets = walletMetrics
    ? async (operatorId: string) =>
        instrumentWalletClient(await plainWallets(operatorId), walletMetrics, {
          isRetry: (kind, requestId) => kind === "debit" && resent(sentDebits, requestId),
        })
    : plainWallets;
  const policy = debitPolicyOf(config, deps.sleep);
  const outbox = new Outbox({
    store,
    clock,
    wallets: plainWallets,
    options: { instanceId, ...config.outbox },
    inline: { resends: policy.creditResends, delayMs: policy.retryDelayMs, sleep: policy.sleep },
    ...(deps.logger ? { logger: deps.logger } : {}),
    ...(walletMetrics ? { metrics: walletMetrics } : {}),
  });
  const seeds = new SeedService({ store, secretBox: deps.secretBox, clock });
  const rounds = new RoundEngine({
    store,
    clock,
    wallet: new RemoteWalletGateway({ wallets }),
    seeds,
    outbox,
    policy,
    ...(deps.logger ? { logger: deps.logger } : {}),
    ...(walletMetrics ? { metrics: walletMetrics } : {}),
  });
  const tokenPurger = new TokenPurger({
    sessions: store.sessions,
    clock,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  const sweeper = new Sweeper({
    store,
    clock,
    rounds,
    idleMs: config.sweeperIdleSeconds * 1000,
    initializingMs: openingDebitBudgetMs(config) + OPENING_MARGIN_MS,
    instanceId,
    ...(deps.logger ? { logger: deps.logger } : {}),
    ...(walletMetrics ? { metrics: walletMetrics } : {}),
  });
  const reports = new GgrRoller({ store, clock, ...(deps.logger ? { logger: deps.logger } : {}) });
  const heartbeat = new InstanceHeartbeat({
    store,
    clock,
    instanceId,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  return {
    instanceId,
    walletPool,
    wallets,
    seeds,
    rounds,
    outbox,
    sweeper,
    reports,
    start() {
      outbox.start();
      sweeper.start();
      tokenPurger.start();
      reports.start();
      heartbeat.start();
    },
    async stop() {
      await Promise.all([
        outbox.stop(),
        sweeper.stop(),
        tokenPurger.stop(),
        reports.stop(),
        heartbeat.stop(),
      ]);
      walletPool.close();
    },
    async releaseClaims() {
      await Promise.all([outbox.releaseClaims(), sweeper.releaseLeases()]);
    },
  };
}

/**
 * Debits sent by this instance, by request ID: a debit is only ever resent inline by the instance that
 * sent it first (a stuck one is rolled back, never resent elsewhere), so a request ID seen here is a resend.
 */
const SENT_DEBITS_REMEMBERED = 10_000;

function resent(sent: BoundedMap<string, true>, requestId: string): boolean {
  if (sent.has(requestId)) return true;
  sent.set(requestId, true);
  return false;
}
