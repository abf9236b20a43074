import { signRequest } from "@rgs/protocol/signing";
import { afterAll, describe, expect, it } from "vitest";
import { postgresAvailable, TEST_DATABASE_URL } from "../../../test-support/services.ts";
import { loadConfig } from "../src/config.ts";
import { openPostgres } from "../src/store/postgres.ts";
import { type RunningWallet, startWallet } from "../src/wallet.ts";

const available = await postgresAvailable();
const schema = `reference_wallet_start_${process.pid}_${Date.now().toString(36)}`;
const SECRET = "start-test-secret";

async function signedPost(wallet: RunningWallet, name: string, body: Record<string, unknown>) {
  const text = JSON.stringify(body);
  const path = `/wallet/v2/callback/${name}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${wallet.url}${path}`, {
    method: "POST",
    body: text,
    headers: {
      "content-type": "application/json",
      "x-timestamp": timestamp,
      "x-hmac-sha256": signRequest(SECRET, timestamp, path, text),
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.skipIf(!available)("startWallet on PostgreSQL", () => {
  const config = loadConfig({
    WALLET_PORT: "0",
    WALLET_SECRET: SECRET,
    WALLET_BASE_PATH: "/wallet/v2",
    WALLET_DATABASE_URL: TEST_DATABASE_URL,
    WALLET_DATABASE_SCHEMA: schema,
    WALLET_PLAYERS: "alice:USD:1000.00,bob:RMB:50",
  });

  afterAll(async () => {
    const db = await openPostgres(TEST_DATABASE_URL);
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
  });

  it("listens, serves the configured players and keeps balances across restarts", async () => {
    const first = await startWallet(config);
    try {
      expect(first.callbackBaseUrl).toBe(`${first.url}/wallet/v2`);
      expect(await (await fetch(`${first.url}/health`)).json()).toEqual({ status: "ok" });
      const auth = await signedPost(first, "authenticate", {
        requestId: "r1",
        playerId: "bob",
        currency: "RMB",
        gameCode: "dice-alpha",
      });
      expect(auth).toEqual({
        status: 200,
        body: { requestId: "r1", status: "OK", balance: "50.00", accountCurrency: "RMB", excluded: false },
      });
      const debit = await signedPost(first, "debit", {
        requestId: "r2",
        playerId: "alice",
        transactionId: "tx-1",
        roundId: "round-1",
        gameCode: "dice-alpha",
        amount: "100.00",
      });
      expect(debit.body).toMatchObject({ status: "OK", balance: "900.00" });
    } finally {
      await first.close();
    }

    const second = await startWallet(config);
    try {
      const balance = await signedPost(second, "balance", { requestId: "r3", playerId: "alice" });
      expect(balance.body).toMatchObject({ status: "OK", balance: "900.00" });
    } finally {
      await second.close();
    }
  });
});
