/**
 * PostgreSQL restarting (or failing over, or the network to it cut) under a running RGS: bets are answered
 * 503 `store_unavailable` in the one error shape with Retry-After, nothing is lost, and once the database is
 * back the same process serves again (the pool reconnects, the group-commit writer is not wedged). The
 * restart is simulated without touching the shared server: the RGS reaches PostgreSQL through a TCP proxy
 * the test cuts (every connection dropped, new ones refused) and restores.
 */
import { randomBytes, randomUUID } from "node:crypto";
import net from "node:net";
import type { RunningWallet } from "@rgs/reference-wallet";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, TEST_DATABASE_URL } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { openPostgresStore, type Store } from "../../src/store/database.ts";
import { cents, DICE, gameRequest, launchReal, ok, type RoundResult } from "../http/game/game-support.ts";
import { referenceWalletOperator } from "../http/reference-wallet.ts";
import { createHarness, errorOf, type Harness, START_MS, type TestOperator } from "../http/support.ts";

const postgres = await postgresAvailable();
const SECRET = "reference-wallet-secret-for-restarts";

/** A TCP proxy to PostgreSQL that can be cut (connections dropped, new ones refused) and restored. */
class CuttableProxy {
  readonly #sockets = new Set<net.Socket>();
  #server: net.Server | undefined;
  port = 0;

  constructor(readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on("close", () => this.#sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }
}

describe.skipIf(!postgres)("PostgreSQL restarting under a running RGS", () => {
  const schema = `restart_${randomBytes(6).toString("hex")}`;
  const target = new URL(TEST_DATABASE_URL);
  const proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const clock = manualClock(START_MS);
  let store: Store;
  let h: Harness;
  let wallet: RunningWallet;
  let operator: TestOperator;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create schema ${schema}`);
    await proxy.open();
    const viaProxy = new URL(TEST_DATABASE_URL);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    store = await openPostgresStore({
      connectionString: viaProxy.toString(),
      clock,
      options: `-c search_path=${schema}`,
      maxConnections: 6,
    });
    h = await createHarness({ store });
    h.clock.set(clock.now());
    ({ wallet, operator } = await referenceWalletOperator(h, {
      name: "Restart operator",
      secret: SECRET,
      players: "rita:USD:100.00,sam:USD:100.00",
      faults: true,
    }));
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    await wallet?.close();
    await store?.close();
    await proxy.cut();
    await admin(`drop schema if exists ${schema} cascade`);
  });

  const token = (playerId = "rita") => launchReal(h, operator, { playerId });

  it("answers 503 store_unavailable while the database is away, and serves again once it is back", async () => {
    const session = await token();
    const bet = { amount: "1.00", params: DICE };
    const played: RoundResult[] = [];
    for (let i = 0; i < 3; i++) {
      played.push(
        ok<RoundResult>(
          await gameRequest(h, session, "POST", "/game/play", bet, { "idempotency-key": randomUUID() }),
        ),
      );
    }

    // The payouts' confirmations are recorded off the answer path: stored before the cut.
    await h.runtime.outbox.settled();
    await proxy.cut();
    const key = randomUUID();
    for (let i = 0; i < 3; i++) {
      const refused = await gameRequest(h, session, "POST", "/game/play", bet, { "idempotency-key": key });
      expect(errorOf(refused)).toMatchObject({ status: 503, code: "store_unavailable" });
      expect(refused.headers["retry-after"]).toBe("2");
    }
    const ready = await h.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);

    await proxy.open();
    // The same process: the pool opens new connections, the writer's lanes take new transactions.
    const resent = ok<RoundResult>(
      await gameRequest(h, session, "POST", "/game/play", bet, { "idempotency-key": key }),
    );
    played.push(resent);
    for (let i = 0; i < 3; i++) {
      played.push(
        ok<RoundResult>(
          await gameRequest(h, session, "POST", "/game/play", bet, { "idempotency-key": randomUUID() }),
        ),
      );
    }
    expect((await h.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);

    // Nothing lost, nothing doubled: the wallet moved exactly the stakes and payouts of the rounds answered.
    const payouts = played.reduce((sum, r) => sum + cents(r.round.payout), 0n);
    const balance = ok<{ balance: string }>(
      await gameRequest(h, await token(), "POST", "/game/current"),
    ).balance;
    expect(cents(balance)).toBe(10_000n - BigInt(played.length) * 100n + payouts);
    const rounds = await store.db.selectFrom("rounds").select(["id", "status"]).execute();
    expect(rounds.map((r) => r.id).sort()).toEqual(played.map((r) => r.round.id).sort());
  }, 60_000);

  async function debitArrived(): Promise<void> {
    for (let polls = 0; polls < 500; polls++) {
      const pending = (await (await fetch(`${wallet.url}/admin/faults`)).json()) as { faults: unknown[] };
      if (pending.faults.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("the debit never reached the wallet");
  }

  it("loses nothing when the database goes away while a bet's debit is with the wallet", async () => {
    const session = await token("sam");
    const bet = { amount: "1.00", params: DICE };
    const key = { "idempotency-key": randomUUID() };
    const fault = await fetch(`${wallet.url}/admin/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ callback: "debit", mode: "slow", delayMs: 1000, count: 1 }),
    });
    expect(fault.status).toBe(201);
    const answer = gameRequest(h, session, "POST", "/game/play", bet, key);
    // The database goes away once the debit is with the wallet, which takes the slow fault as it arrives.
    await debitArrived();
    await proxy.cut();
    // The wallet took the stake, but its outcome could not be recorded: the bet is not confirmed.
    expect(errorOf(await answer)).toMatchObject({ status: 503, code: "store_unavailable" });
    await proxy.open();

    // Its resend waits for the round to be resolved: the sweeper finds it stuck and the stake is returned.
    const pending = await gameRequest(h, session, "POST", "/game/play", bet, key);
    expect(errorOf(pending)).toMatchObject({ status: 409, code: "request_in_progress" });
    h.clock.advance(10 * 60_000);
    expect(await h.runtime.sweeper.runOnce()).toBe(1);
    await h.runtime.outbox.runOnce();
    expect(errorOf(await gameRequest(h, session, "POST", "/game/play", bet, key))).toMatchObject({
      status: 503,
      code: "wallet_unavailable",
    });
    const balance = ok<{ balance: string }>(
      await gameRequest(h, await token("sam"), "POST", "/game/current"),
    );
    expect(balance.balance).toBe("100.00");
  }, 60_000);
});
