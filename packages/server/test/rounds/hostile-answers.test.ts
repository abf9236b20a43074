import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { listTransactions } from "../../src/rounds/transaction-repository.ts";
import type { Store } from "../../src/store/database.ts";
import { createWalletClientPool } from "../../src/wallet/wallet-client.ts";
import { storeBackends } from "../store/store-backends.ts";
import { engine, newOperator, newSession, SCRIPTED_CODE } from "./support.ts";

const T0 = Date.UTC(2030, 0, 1);
const backends = storeBackends(await postgresAvailable());

/** A wallet whose every answer carries an escaped NUL character: in an unknown field, or in its message. */
async function nulWallet(refuse: () => boolean) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { requestId: string };
      const answer = refuse()
        ? `{"requestId":"${body.requestId}","status":"ERROR_NOT_ENOUGH_MONEY","customUserError":"low\\u0000"}`
        : `{"requestId":"${body.requestId}","status":"OK","balance":"999.00","x":"a\\u0000b"}`;
      res.writeHead(200, { "Content-Type": "application/json" }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends)("wallet answers holding a NUL character ($name)", (backend) => {
  const clock = manualClock(T0);
  const pool = createWalletClientPool({ timeoutMs: 500, clock });
  let store: Store;
  let operatorId: string;
  let refusing = false;
  let wallet: Awaited<ReturnType<typeof nulWallet>>;
  beforeAll(async () => {
    store = await backend.open(clock);
    operatorId = await newOperator(store, new Date(T0));
    wallet = await nulWallet(() => refusing);
  });
  afterAll(async () => {
    pool.close();
    await wallet.close();
    await store?.close();
    await backend.dispose();
  });

  const rounds = () =>
    engine({
      store,
      clock,
      wallets: async (id) =>
        pool.client({ operatorId: id, callbackBaseUrl: wallet.origin, callbackSecret: () => "s" }),
    }).rounds;

  it("plays and settles the round, storing each answer's exact text", async () => {
    refusing = false;
    const s = await newSession(store, {
      operatorId,
      mode: "real",
      gameCode: SCRIPTED_CODE,
      now: new Date(T0),
    });
    const engineOf = rounds();
    const opened = await engineOf.play(s, { amount: "1.00", params: {} });
    const closed = await engineOf.act(s, { roundId: opened.round.id, action: "finish" });
    expect(closed.round.status).toBe("closed");
    expect(closed.balance).toBe("999.00");
    const read = () =>
      store.db
        .selectFrom("wallet_transactions")
        .select(["kind", "status", "answer_raw"])
        .where("round_id", "=", opened.round.id)
        .orderBy("seq")
        .execute();
    // The credit's confirmation is recorded after the answer, in the ledger's next batch.
    let rows = await read();
    for (let wait = 0; wait < 50 && rows.some((r) => r.status === "pending"); wait++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      rows = await read();
    }
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ["debit", "ok"],
      ["credit", "ok"],
    ]);
    for (const row of rows)
      expect(Buffer.from(row.answer_raw ?? []).toString("utf8")).toContain('"x":"a\\u0000b"');
    expect((await listTransactions(store.db, opened.round.id))[0]?.answer).toMatchObject({ x: "a\ufffdb" });
  });

  it("tells the player the wallet's refusal, not an internal error", async () => {
    refusing = true;
    const s = await newSession(store, {
      operatorId,
      mode: "real",
      gameCode: SCRIPTED_CODE,
      now: new Date(T0),
    });
    await expect(rounds().play(s, { amount: "1.00", params: {} })).rejects.toMatchObject({
      code: "not_enough_money",
      status: 402,
    });
  });
});
