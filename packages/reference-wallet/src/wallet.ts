import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { buildWalletApp } from "./app.ts";
import type { WalletConfig } from "./config.ts";
import type { LedgerRepository } from "./store/ledger-repository.ts";
import { openLedger } from "./store/open-store.ts";

export interface Wallet {
  app: FastifyInstance;
  ledger: LedgerRepository;
  close(): Promise<void>;
}

export interface RunningWallet extends Wallet {
  /** e.g. http://127.0.0.1:9090 */
  url: string;
  /** The callback base URL to give the RGS, e.g. http://127.0.0.1:9090/wallet/v2 */
  callbackBaseUrl: string;
}

/** Opens the store, creates the configured players that do not exist yet and builds the app. */
export async function createWallet(
  config: WalletConfig,
  opts: { logger?: FastifyServerOptions["logger"]; clock?: () => number } = {},
): Promise<Wallet> {
  const ledger = await openLedger(config);
  try {
    for (const player of config.players) await ledger.createPlayer(player);
    const app = await buildWalletApp({
      config,
      ledger,
      ...(opts.clock === undefined ? {} : { clock: opts.clock }),
      ...(opts.logger === undefined ? {} : { logger: opts.logger }),
    });
    return {
      app,
      ledger,
      async close() {
        await app.close();
        await ledger.close();
      },
    };
  } catch (error) {
    await ledger.close();
    throw error;
  }
}

/** createWallet, then listens on the configured host and port (port 0 picks a free one). */
export async function startWallet(
  config: WalletConfig,
  opts: { logger?: FastifyServerOptions["logger"]; clock?: () => number } = {},
): Promise<RunningWallet> {
  const wallet = await createWallet(config, opts);
  try {
    await wallet.app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await wallet.close();
    throw error;
  }
  const address = wallet.app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : config.port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  return { ...wallet, url, callbackBaseUrl: `${url}${config.basePath}` };
}
