import type { Config } from "../config.ts";
import type { DatabaseClockDeps } from "../store/database-clock.ts";
import { connectToLockOwner } from "../store/lock.ts";
import { serverTransport, type Transport } from "./server-transport.ts";

export type { Transport } from "./server-transport.ts";

/** Runs `work`, recording its duration under `name` (the CLI's --timings). */
export type Phase = <T>(name: string, work: () => Promise<T>) => Promise<T>;

const untimed: Phase = (_name, work) => work();

/**
 * Where the commands run. When a running server holds DATA_DIR they go to it through its admin interface on
 * the lock socket, and this process never loads the store's code (PGlite, Kysely, the migrations); otherwise
 * it opens the store the server uses (local-transport.ts).
 */
export async function openTransport(
  config: Config,
  opts: { clockDeps?: DatabaseClockDeps; phase?: Phase } = {},
): Promise<Transport> {
  const phase = opts.phase ?? untimed;
  if (!config.databaseUrl) {
    const owner = await phase(`looking for a server holding ${config.dataDir}`, () =>
      connectToLockOwner(config.dataDir),
    );
    if (owner) {
      owner.destroy();
      return serverTransport(config.dataDir);
    }
  }
  const { openLocalTransport } = await phase(
    "loading the store's code",
    () => import("./local-transport.ts"),
  );
  const where = config.databaseUrl ? "opening PostgreSQL" : `opening the embedded store in ${config.dataDir}`;
  return phase(where, () => openLocalTransport(config, opts));
}
