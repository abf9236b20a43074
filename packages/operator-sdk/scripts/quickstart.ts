import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { type CallbackHandlers, createCallbackHandler, OperatorClient } from "@rgs/operator-sdk";

export interface QuickstartEnv {
  /** The RGS, e.g. http://localhost:8080 for `npm start` or `npm run sandbox`. */
  rgsUrl: string;
  operatorId: string;
  /** The operator's secret: it signs your requests and the RGS's callbacks alike. */
  secret: string;
  /** Where this wallet listens; the operator's callback base URL is http://127.0.0.1:{port}/wallet/v2. */
  walletPort: number;
}

/** A wallet with one player and no money movement: each handler gets a checked, typed request. */
const handlers: CallbackHandlers = {
  authenticate: (request) =>
    request.playerId === "player-1"
      ? { status: "OK", balance: "100.00", accountCurrency: "USD", excluded: false }
      : { status: "ERROR_PLAYER_DISABLED" },
  balance: () => ({ status: "OK", balance: "100.00" }),
  debit: () => ({ status: "ERROR_NOT_ENOUGH_MONEY", balance: "100.00" }),
  credit: () => ({ status: "OK", balance: "100.00" }),
  rollback: () => ({ status: "ERROR_TRANSACTION_DOES_NOT_EXIST" }),
};

export async function quickstart(env: QuickstartEnv): Promise<{ demoUrl: string; realUrl: string }> {
  const client = new OperatorClient({ baseUrl: env.rgsUrl, operatorId: env.operatorId, secret: env.secret });
  const launch = { playerId: "player-1", currency: "USD", gameCode: "dice-alpha", countryCode: "DE" };

  // 1. A demo session: signed, retried safely, no wallet involved.
  const demo = await client.launch({ ...launch, demo: true });

  // 2. Serve the wallet callbacks: signature and timestamp verified over the raw body, then the handlers.
  const wallet = createServer(createCallbackHandler({ secrets: env.secret, handlers }));
  await new Promise<void>((resolve) => wallet.listen(env.walletPort, "127.0.0.1", resolve));

  // 3. A real-money session: the RGS calls authenticate on the wallet above before it opens.
  try {
    const real = await client.launch({ ...launch, demo: false });
    return { demoUrl: demo.launchUrl, realUrl: real.launchUrl };
  } finally {
    wallet.close();
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const { RGS_URL, OPERATOR_ID, OPERATOR_SECRET, WALLET_PORT } = process.env;
  if (!RGS_URL || !OPERATOR_ID || !OPERATOR_SECRET) {
    console.error("Set RGS_URL, OPERATOR_ID and OPERATOR_SECRET (and optionally WALLET_PORT, default 4100).");
    process.exitCode = 2;
  } else {
    const result = await quickstart({
      rgsUrl: RGS_URL,
      operatorId: OPERATOR_ID,
      secret: OPERATOR_SECRET,
      walletPort: Number(WALLET_PORT ?? 4100),
    });
    console.log(result);
  }
}
