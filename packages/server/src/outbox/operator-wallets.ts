import type { OperatorService } from "../operators/operator-service.ts";
import type { WalletClient, WalletClientPool } from "../wallet/wallet-client.ts";

/**
 * The outbox's `wallets`: an operator's client over the shared per-operator connection pool, built from
 * the operator's settings at the moment of the call. The callback secret is read on every call because it
 * changes at the switch time of a secret rotation.
 */
export function operatorWallets(deps: {
  operators: Pick<OperatorService, "get" | "credentials">;
  pool: WalletClientPool;
}): (operatorId: string) => Promise<WalletClient> {
  return async (operatorId) => {
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
    });
  };
}
