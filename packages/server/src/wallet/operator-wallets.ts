import { BoundedMap } from "../bounded-map.ts";
import type { Clock } from "../clock.ts";
import type { OperatorService } from "../operators/operator-service.ts";
import type { WalletClient, WalletClientPool } from "./wallet-client.ts";

/** Operators whose wallet settings are remembered at once; the oldest is forgotten first. */
const REMEMBERED_MAX = 10_000;

/**
 * The engine's and the outbox's `wallets`: an operator's client over the shared per-operator connection
 * pool, built from the operator's callback URL and the secret that signs callbacks. Reading both on every
 * callback cost several statements per bet, so they are reused for `cacheMs`: a new callback URL or a
 * secret rotation reaches the callbacks of every instance within that time (a rotation keeps the previous
 * secret valid for its grace period, so callbacks signed with it meanwhile are still accepted).
 */
export function operatorWallets(deps: {
  operators: Pick<OperatorService, "get" | "credentials">;
  pool: WalletClientPool;
  clock?: Clock;
  cacheMs?: number;
}): (operatorId: string) => Promise<WalletClient> {
  const cacheMs = deps.cacheMs ?? 0;
  const remembered = new BoundedMap<string, { client: Promise<WalletClient>; readAt: number }>(
    REMEMBERED_MAX,
  );
  const read = async (operatorId: string): Promise<WalletClient> => {
    const [operator, credentials] = await Promise.all([
      deps.operators.get(operatorId),
      deps.operators.credentials(operatorId),
    ]);
    if (!operator) throw new Error(`operator ${operatorId} does not exist`);
    if (operator.callbackUrl === null) throw new Error(`operator ${operatorId} has no callback URL`);
    if (!credentials) throw new Error(`operator ${operatorId} has no valid secret`);
    return deps.pool.client({
      operatorId,
      callbackBaseUrl: operator.callbackUrl,
      callbackSecret: () => credentials.callbackSecret,
      allowPrivateNetwork: operator.allowPrivateNetwork,
    });
  };
  return async (operatorId) => {
    if (cacheMs <= 0 || deps.clock === undefined) return read(operatorId);
    const now = deps.clock.now();
    const cached = remembered.get(operatorId);
    if (cached !== undefined && now - cached.readAt < cacheMs) return cached.client;
    const client = read(operatorId);
    remembered.set(operatorId, { client, readAt: now });
    // A failed read is not remembered: the next callback asks again.
    client.catch(() => {
      if (remembered.get(operatorId)?.client === client) remembered.delete(operatorId);
    });
    return client;
  };
}
