import { loadConfig, type RunningWallet, startWallet } from "@rgs/reference-wallet";
import type { Harness, TestOperator } from "./support.ts";

/**
 * The reference wallet on the harness's clock (signatures are dated by it) with `players`
 * ("id:CURRENCY:balance,..."), and an operator whose callbacks go to it.
 */
export async function referenceWalletOperator(
  h: Harness,
  opts: { name: string; secret: string; players: string; faults?: boolean; freeRounds?: boolean },
): Promise<{ wallet: RunningWallet; operator: TestOperator }> {
  const wallet = await startWallet(
    loadConfig({
      WALLET_SECRET: opts.secret,
      WALLET_PORT: "0",
      WALLET_BASE_PATH: "/wallet/v2",
      WALLET_PLAYERS: opts.players,
      ...(opts.faults && { WALLET_FAULTS: "1" }),
    }),
    { logger: false, clock: () => h.clock.now() / 1000 },
  );
  const { operator } = await h.operators.create({
    name: opts.name,
    callbackUrl: wallet.callbackBaseUrl,
    secret: opts.secret,
    ...(opts.freeRounds && { freeRounds: true }),
  });
  return { wallet, operator: { id: operator.id, secret: opts.secret } };
}
