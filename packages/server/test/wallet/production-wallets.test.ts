/**
 * The check at call time: an operator whose callback URL points into a private network (set before the
 * rule, or by a name that resolves there later) gets no callback from a production RGS until the operator
 * allows a private network; a staging RGS calls it as before.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newRequestId } from "../../src/wallet/wallet-client.ts";
import { createHarness, type Harness, type TestOperator } from "../http/support.ts";

let server: Server;
let received = 0;
let staging: Harness;
let production: Harness;
let operator: TestOperator;

beforeAll(async () => {
  server = createServer((request, response) => {
    received++;
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const { requestId } = JSON.parse(body) as { requestId: string };
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ requestId, status: "OK", balance: "12.34" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const walletUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wallet`;
  staging = await createHarness();
  production = await createHarness({ shareStoreOf: staging, config: { environment: "production" } });
  // Accepted by staging's rules: as an operator stored before production refused private addresses.
  operator = await staging.createOperator({ name: "Wallet next door", callbackUrl: walletUrl });
});
afterAll(async () => {
  await production.close();
  await staging.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const balance = async (harness: Harness) =>
  (await harness.runtime.wallets(operator.id)).balance({
    requestId: newRequestId(),
    playerId: "player-1",
    sessionToken: "session-1",
    decimals: 2,
  });

describe("callbacks to an internal address at call time", () => {
  it("are refused by production, without a connection, until the operator allows a private network", async () => {
    const before = received;
    const refused = await balance(production);
    expect(refused.answer).toMatchObject({ outcome: "ambiguous", reason: "private_address" });
    expect(received).toBe(before);

    await production.operators.update(operator.id, { allowPrivateNetwork: true });
    production.clock.advance(production.config.cacheSeconds * 1000);
    const allowed = await balance(production);
    expect(allowed.answer).toMatchObject({ outcome: "ok" });
    expect(received).toBe(before + 1);
  });

  it("go out from staging as before", async () => {
    const before = received;
    expect((await balance(staging)).answer).toMatchObject({ outcome: "ok" });
    expect(received).toBe(before + 1);
  });
});
