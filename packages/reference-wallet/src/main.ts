import { ConfigError, loadConfig } from "./config.ts";
import { startWallet } from "./wallet.ts";

function fatal(msg: string, extra: Record<string, unknown>): never {
  process.stderr.write(`${JSON.stringify({ level: "fatal", time: Date.now(), msg, ...extra })}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fatal("invalid configuration", { problems: error.problems });
  throw error;
}

const wallet = await startWallet(config, { logger: { level: process.env.WALLET_LOG_LEVEL ?? "info" } }).catch(
  (error: unknown) => fatal("could not start the wallet", { error: String(error) }),
);
wallet.app.log.info(
  {
    url: wallet.url,
    callbackBaseUrl: wallet.callbackBaseUrl,
    store: wallet.ledger.backend,
    players: config.players.map((player) => player.id),
    secrets: config.secrets.length,
    faultInjection: config.faults,
  },
  `reference wallet listening; callback base URL ${wallet.callbackBaseUrl}`,
);
if (config.faults) wallet.app.log.warn("fault injection is ENABLED (WALLET_FAULTS=1): test use only");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    wallet.app.log.info({ signal }, "shutting down");
    wallet.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
