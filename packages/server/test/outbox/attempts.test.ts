import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { CallbackLedger } from "../../src/outbox/callback-ledger.ts";
import { Outbox } from "../../src/outbox/outbox.ts";
import { ATTEMPT_ANSWER_MAX, ATTEMPTS_KEPT } from "../../src/rounds/failed-attempts.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";
import { operatorWallets } from "../../src/wallet/operator-wallets.ts";
import {
  addCallback,
  addRound,
  clearRounds,
  createWorld,
  type FakeWallet,
  newOutbox,
  type ScriptedAnswer,
  startFakeWallet,
  TEST_OPTIONS,
  transaction,
  type World,
} from "./support.ts";

const clock = manualClock(Date.UTC(2030, 0, 1));
let wallet: FakeWallet;
let store: Store;
let world: World;

beforeAll(async () => {
  wallet = await startFakeWallet();
  store = await openMemoryStore({ clock });
  world = await createWorld(store, clock, wallet.url);
});
afterAll(async () => {
  world?.pool.close();
  await store?.close();
  await wallet?.close();
});
beforeEach(async () => {
  wallet.calls.length = 0;
  wallet.script.length = 0;
  await clearRounds(store);
  clock.set(Math.ceil((clock.now() + 86_400_000) / 1000) * 1000);
});

/** The wallet takes `ms` by the test's clock to answer: the clock moves when the request arrives. */
function taking(ms: number, answer: Exclude<ScriptedAnswer, "reset">): ScriptedAnswer {
  const after = {
    // biome-ignore lint/suspicious/noThenProperty: a thenable the fake wallet awaits when the call arrives
    then(resolve: () => void) {
      clock.advance(ms);
      resolve();
    },
  } as unknown as Promise<void>;
  return { ...answer, after };
}

const attemptsOf = (transactionId: string) =>
  store.db
    .selectFrom("wallet_attempts")
    .selectAll()
    .where("transaction_id", "=", transactionId)
    .orderBy("attempt")
    .execute();

/** Runs the outbox's passes until the callback is no longer pending, past each backoff. */
async function deliverAll(outbox: Outbox, transactionId: string): Promise<void> {
  for (let pass = 0; pass < 30; pass++) {
    if ((await transaction(store, transactionId)).status !== "pending") return;
    await outbox.runOnce();
    clock.advance(10_000);
  }
}

describe("A callback's attempts", () => {
  it("keeps each failed attempt of a retried credit and the latency of the answer that confirmed it", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    const started = clock.now();
    wallet.script.push(
      taking(1_500, { http: 503, body: "Service Unavailable" }),
      taking(40, { http: 200, status: "ERROR_UNKNOWN" }),
      taking(85, { http: 200, status: "OK" }),
    );
    const outbox = newOutbox(world);

    await deliverAll(outbox, credit.transactionId);

    const row = await transaction(store, credit.transactionId);
    expect(row).toMatchObject({ status: "ok", attempts: 3, latency_ms: 85 });
    const attempts = await attemptsOf(credit.transactionId);
    expect(attempts).toMatchObject([
      {
        attempt: 1,
        sent_at: new Date(started),
        latency_ms: 1_500,
        http_status: 503,
        answer: "Service Unavailable",
      },
      { attempt: 2, latency_ms: 40, http_status: 200 },
    ]);
    expect(attempts[0]?.error).toMatch(/^http_status: /);
    expect(attempts[1]?.error).toMatch(/^error_unknown: /);
    expect(JSON.parse(attempts[1]?.answer ?? "")).toMatchObject({ status: "ERROR_UNKNOWN" });
  });

  it("records a connection that closed without an answer with no status and no answer", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    wallet.script.push("reset");
    const outbox = newOutbox(world);

    await deliverAll(outbox, credit.transactionId);

    expect(await attemptsOf(credit.transactionId)).toMatchObject([
      { attempt: 1, http_status: null, answer: null, error: expect.stringMatching(/^connection_reset: /) },
    ]);
  });

  it("keeps the first attempts of a wallet down for long and cuts each answer short", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    const failures = ATTEMPTS_KEPT + 3;
    for (let i = 0; i < failures; i++) wallet.script.push({ http: 502, body: "x".repeat(5_000) });
    const outbox = newOutbox(world);

    await deliverAll(outbox, credit.transactionId);

    expect(await transaction(store, credit.transactionId)).toMatchObject({
      status: "ok",
      attempts: failures + 1,
    });
    const attempts = await attemptsOf(credit.transactionId);
    expect(attempts.map((a) => a.attempt)).toEqual(Array.from({ length: ATTEMPTS_KEPT }, (_, i) => i + 1));
    expect(attempts[0]?.answer).toHaveLength(ATTEMPT_ANSWER_MAX);
    expect(attempts[0]?.answer?.endsWith("…")).toBe(true);
  });

  it("keeps the failed quick resends of a credit delivered inline", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    wallet.script.push(taking(30, { http: 500 }), taking(20, { http: 500 }), taking(12, { http: 200 }));
    const outbox = new Outbox({
      store,
      clock,
      wallets: operatorWallets({ operators: world.operators, pool: world.pool }),
      options: { ...TEST_OPTIONS, instanceId: "instance-a" },
      inline: { resends: 2, delayMs: 1, sleep: async () => {} },
    });
    const now = new Date(clock.now());
    const claimed = await new CallbackLedger(store.writer).write("claim", (tx) =>
      tx.claimDue({ now, owner: "instance-a", leaseUntil: new Date(now.getTime() + 30_000), limit: 1 }),
    );
    expect(claimed).toHaveLength(1);

    expect(await outbox.deliverLeased(claimed)).toMatchObject({ delivered: true });
    await outbox.settled();

    expect(await transaction(store, credit.transactionId)).toMatchObject({
      status: "ok",
      attempts: 3,
      latency_ms: 12,
    });
    expect(await attemptsOf(credit.transactionId)).toMatchObject([
      { attempt: 1, latency_ms: 30, http_status: 500 },
      { attempt: 2, latency_ms: 20, http_status: 500 },
    ]);
  });

  it("goes with its callback when the callback's row is removed", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    wallet.script.push({ http: 500 });
    await deliverAll(newOutbox(world), credit.transactionId);
    expect(await attemptsOf(credit.transactionId)).toHaveLength(1);

    await clearRounds(store);

    expect(await store.db.selectFrom("wallet_attempts").selectAll().execute()).toEqual([]);
  });
});
