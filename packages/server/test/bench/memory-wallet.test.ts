import { randomUUID } from "node:crypto";
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import { signedHeaders } from "@rgs/protocol/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "../../bench/load.ts";
import { baseEnv, Child, freePort } from "../e2e/support/processes.ts";

const SECRET = "benchmark-wallet-secret";
const BASE_PATH = "/wallet";

function cents(answer: { body: Record<string, unknown> }): bigint {
  const parsed = parseAmount(answer.body.balance, 2, { allowZero: true });
  if (!parsed.ok) throw new Error(`no balance in ${JSON.stringify(answer.body)}`);
  return parsed.minor;
}

const usd = (minor: bigint) => formatAmount(minor, 2);

describe("the benchmark's in-memory wallet", () => {
  let wallet: Child;
  let baseUrl = "";

  beforeAll(async () => {
    const port = await freePort();
    wallet = await Child.start({
      name: "the in-memory wallet",
      entry: "packages/server/bench/memory-wallet.ts",
      env: {
        ...baseEnv(),
        PORT: String(port),
        BENCH_WALLET_SECRET: SECRET,
        BENCH_WALLET_BASE_PATH: BASE_PATH,
      },
      ready: /listening/,
    });
    baseUrl = `http://127.0.0.1:${port}${BASE_PATH}`;
  });
  afterAll(async () => {
    await wallet?.stop();
  });

  async function call(name: string, fields: Record<string, unknown>, secret = SECRET) {
    const path = `${BASE_PATH}/callback/${name}`;
    const body = JSON.stringify({ requestId: randomUUID(), ...fields });
    const answer = await request(`${baseUrl}/callback/${name}`, {
      method: "POST",
      body,
      headers: signedHeaders({ operatorId: "op", secret, path, body, nowSeconds: Date.now() / 1000 }),
    });
    return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
  }

  it("refuses a callback signed with another secret", async () => {
    const answer = await call("balance", { playerId: "p-signature" }, "another-secret");
    expect(answer).toMatchObject({ status: 401, body: { status: "ERROR_INVALID_SIGNATURE" } });
  });

  it("moves money once per transactionId, however often a callback is resent", async () => {
    const playerId = `p-${randomUUID()}`;
    const opening = await call("authenticate", { playerId, currency: "USD", gameCode: "dice-alpha" });
    expect(opening.body).toMatchObject({ status: "OK", accountCurrency: "USD", excluded: false });
    const start = cents(opening);
    const debit = {
      playerId,
      transactionId: randomUUID(),
      roundId: "r1",
      gameCode: "dice-alpha",
      amount: "1.00",
    };
    const credit = {
      playerId,
      transactionId: randomUUID(),
      roundId: "r1",
      roundClosed: true,
      gameId: "dice-alpha",
      amount: "1.98",
    };
    await call("debit", debit);
    expect((await call("debit", debit)).body.balance).toBe(usd(start - 100n));
    await call("credit", credit);
    expect((await call("credit", credit)).body.balance).toBe(usd(start + 98n));
    expect((await call("balance", { playerId })).body).toMatchObject({
      status: "OK",
      balance: usd(start + 98n),
    });
  });

  it("returns a rolled-back stake once, and refuses a debit whose rollback came first", async () => {
    const playerId = `p-${randomUUID()}`;
    const start = cents(await call("balance", { playerId }));
    const debit = {
      playerId,
      transactionId: randomUUID(),
      roundId: "r2",
      gameCode: "dice-alpha",
      amount: "5.00",
    };
    await call("debit", debit);
    const rollback = {
      playerId,
      transactionId: randomUUID(),
      reverseTransactionId: debit.transactionId,
      roundId: "r2",
      roundClosed: true,
      gameId: "dice-alpha",
    };
    await call("rollback", rollback);
    expect((await call("rollback", rollback)).body.balance).toBe(usd(start));
    expect((await call("debit", debit)).body.status).toBe("ERROR_DUPLICATE_TRANSACTION");

    const late = { ...debit, transactionId: randomUUID() };
    await call("rollback", {
      ...rollback,
      transactionId: randomUUID(),
      reverseTransactionId: late.transactionId,
    });
    expect((await call("debit", late)).body.status).toBe("ERROR_DUPLICATE_TRANSACTION");
    expect((await call("balance", { playerId })).body.balance).toBe(usd(start));
  });
});
