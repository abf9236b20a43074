import { randomUUID } from "node:crypto";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { SecretBox } from "./crypto/secret-box.ts";
import type { Metrics } from "./observability/metrics.ts";
import { registerStoreMetrics } from "./observability/store-metrics.ts";
import { createWalletMetrics, instrumentWalletClient } from "./observability/wallet-metrics.ts";
import type { OperatorService } from "./operators/operator-service.ts";
import type { EventLogger } from "./outbox/logger.ts";
import { operatorWallets } from "./outbox/operator-wallets.ts";
import { Outbox } from "./outbox/outbox.ts";
import { outboxStats } from "./outbox/stats.ts";
import { debitPolicyOf, OPENING_MARGIN_MS, openingDebitBudgetMs } from "./rounds/debit-policy.ts";
import { RoundEngine } from "./rounds/engine.ts";
import { SeedService } from "./seeds/seed-service.ts";
import { TokenPurger } from "./sessions/token-purger.ts";
import type { Store } from "./store/database.ts";
import { Sweeper } from "./sweeper/sweeper.ts";
import { createWalletClientPool, type WalletClient, type WalletClientPool } from "./wallet/wallet-client.ts";
import { RemoteWalletGateway } from "./wallet-gateway/remote-gateway.ts";

/** The services that play rounds and move money, and the background work that settles them. */
export interface GameRuntime {
  walletPool: WalletClientPool;
  /** An operator's wallet client, from its current callback URL and secret. */
  wallets: (operatorId: string) => Promise<WalletClient>;
  seeds: SeedService;
  rounds: RoundEngine;
  outbox: Outbox;
  sweeper: Sweeper;
  /** Starts the outbox's and the sweeper's polling. */
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
  const walletPool = createWalletClientPool({ timeoutMs: config.callbackTimeoutMs, clock });
  const walletMetrics =
    deps.metrics && createWalletMetrics(deps.metrics.registry, { stats: () => outboxStats(store, clock) });
  if (deps.metrics) registerStoreMetrics(deps.metrics.registry, store.writer);
  const plainWallets = operatorWallets({
    operators: deps.operators,
    pool: walletPool,
    clock,
    cacheMs: config.cacheSeconds * 1000,
  });
  const wallets = walletMetrics
    ? async (operatorId: string) => instrumentWalletClient(await plainWallets(operatorId), walletMetrics)
    : plainWallets;
  const policy = debitPolicyOf(config, deps.sleep);
  const outbox = new Outbox({
    store,
    clock,
    wallets,
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
  return {
    walletPool,
    wallets,
    seeds,
    rounds,
    outbox,
    sweeper,
    start() {
      outbox.start();
      sweeper.start();
      tokenPurger.start();
    },
    async stop() {
      await Promise.all([outbox.stop(), sweeper.stop(), tokenPurger.stop()]);
      walletPool.close();
    },
    async releaseClaims() {
      await Promise.all([outbox.releaseClaims(), sweeper.releaseLeases()]);
    },
  };
}
