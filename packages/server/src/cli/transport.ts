import type { Config } from "../config.ts";
import { readAdminToken } from "../http/admin/admin-token.ts";
import type { OnboardingApi } from "../operators/onboarding.ts";
import type { DatabaseClockDeps } from "../store/database-clock.ts";
import { connectToLockOwner } from "../store/lock.ts";
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

/** The commands sent to the server holding `dataDir`, authenticated by DATA_DIR/admin.token. */
export async function serverTransport(dataDir: string): Promise<Transport> {
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
