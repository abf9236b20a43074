import { readAdminToken } from "../http/admin/admin-token.ts";
import type { OnboardingApi } from "../operators/onboarding.ts";
import { connectToLockOwner } from "../store/lock.ts";
import { adminClient } from "./admin-client.ts";

/** An operational problem (not a usage error) met before a command could run. */
class CliError extends Error {
  override name = "CliError";
}

export interface Transport {
  api: OnboardingApi;
  /** "store": this process opened the store; "server": the running server executes the commands. */
  via: "store" | "server";
  close(): Promise<void>;
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
