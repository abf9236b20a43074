import { verifyRequest } from "@rgs/protocol/signing";
import { Registry } from "prom-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { createWalletMetrics } from "../../src/observability/wallet-metrics.ts";
import { CallbackLedger } from "../../src/outbox/callback-ledger.ts";
import { outboxStats } from "../../src/outbox/stats.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";
import {
  addCallback,
  addRound,
  clearRounds,
  createWorld,
  type FakeWallet,
  newOutbox,
  round,
  SECRET,
  startFakeWallet,
  transaction,
  type World,
} from "./support.ts";

const clock = manualClock(Date.UTC(2030, 0, 1));
let START: number;
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
  wallet.byTransaction.clear();
  await clearRounds(store);
  // Each test starts on a whole second, a day after the previous one: no lease or retry time carries over.
  clock.set(Math.ceil((clock.now() + 86_400_000) / 1000) * 1000);
  START = clock.now();
});

describe("Outbox delivery", () => {
  it("delivers a closing credit, records the answer and closes the round", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, {
      seq: 1,
      kind: "credit",
      roundClosed: true,
      amount: 250n,
    });
    const settled: string[] = [];
    const outbox = newOutbox(world, { onRoundSettled: (id) => settled.push(id) });

    expect(await outbox.runOnce()).toBe(1);

    expect(wallet.calls.map((c) => c.path)).toEqual(["/wallet/callback/credit"]);
    expect(wallet.calls[0]?.body).toBe(credit.body);
    const row = await transaction(store, credit.transactionId);
    expect(row).toMatchObject({ status: "ok", attempts: 1, lease_owner: null, lease_until: null });
    expect(row.completed_at).toEqual(new Date(START));
    expect(row.answer).toMatchObject({ status: "OK", balance: "100.00" });
    expect(await round(store, roundId)).toMatchObject({
      status: "closed",
      closed_at: new Date(START),
      close_reason: "played",
    });
    expect(settled).toEqual([roundId]);
    expect(await outbox.runOnce()).toBe(0);
  });

  it("has kick wait for a delivery its own polling pass claimed first, so the round answers settled", async () => {
    const roundId = await addRound(world);
    await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true, amount: 250n });
    let answer: () => void = () => {};
    wallet.script.push({
      http: 200,
      status: "OK",
      after: new Promise<void>((resolve) => (answer = resolve)),
    });
    const outbox = newOutbox(world);

    const pass = outbox.runOnce();
    while (wallet.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    let kicked = false;
    const kick = outbox.kick(roundId).then(() => (kicked = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kicked, "kick must not answer while the round's closing credit is still in the air").toBe(false);

    answer();
    await Promise.all([pass, kick]);
    expect(await round(store, roundId)).toMatchObject({ status: "closed" });
    expect(wallet.calls).toHaveLength(1);
  });

  it("sends a round's later callback only once the earlier one was answered 200", async () => {
    const roundId = await addRound(world);
    const first = await addCallback(world, roundId, {
      seq: 1,
      kind: "credit",
      roundClosed: false,
      amount: 50n,
    });
    const second = await addCallback(world, roundId, {
      seq: 2,
      kind: "credit",
      roundClosed: true,
      amount: 70n,
    });
    wallet.script.push({ http: 500 }, { http: 503 });
    const outbox = newOutbox(world);

    await outbox.runOnce();
    await outbox.kick(roundId);
    expect(wallet.calls.map((c) => c.json.transactionId)).toEqual([first.transactionId]);

    clock.advance(500);
    await outbox.runOnce();
    expect(wallet.calls.map((c) => c.json.transactionId)).toEqual([first.transactionId, first.transactionId]);
    expect((await transaction(store, second.transactionId)).status).toBe("pending");

    clock.advance(1000);
    expect(await outbox.runOnce()).toBe(2);
    expect(wallet.calls.map((c) => c.json.transactionId)).toEqual([
      first.transactionId,
      first.transactionId,
      first.transactionId,
      second.transactionId,
    ]);
    expect((await round(store, roundId)).status).toBe("closed");
  });

  it("does not hold a rollback back behind the pending debit it reverses", async () => {
    const roundId = await addRound(world);
    const debit = await addCallback(world, roundId, {
      seq: 1,
      kind: "debit",
      roundClosed: false,
      amount: 100n,
    });
    const rollback = await addCallback(world, roundId, {
      seq: 2,
      kind: "rollback",
      roundClosed: true,
      reverseTransactionId: debit.transactionId,
    });
    await newOutbox(world).runOnce();
    expect(wallet.calls.map((c) => c.json.transactionId)).toEqual([rollback.transactionId]);
    expect((await transaction(store, debit.transactionId)).status).toBe("pending");
  });

  it("retries on the exact capped backoff schedule, resending the stored bytes signed afresh", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, {
      seq: 1,
      kind: "credit",
      roundClosed: true,
      amount: 1n,
    });
    wallet.script.push(
      { http: 500 },
      "reset",
      { http: 200, body: "not json" },
      { http: 401 },
      { http: 502 },
      {
        http: 200,
        status: "ERROR_UNKNOWN",
      },
    );
    // base 2 s, cap 16 s, random 0.5: half of 2, 4, 8, 16, 16, 16 seconds.
    const delays = [1000, 2000, 4000, 8000, 8000, 8000];
    const outbox = newOutbox(world, {
      random: () => 0.5,
      options: { baseDelayMs: 2_000, maxDelayMs: 16_000 },
    });

    for (const [index, delay] of delays.entries()) {
      expect(await outbox.runOnce()).toBe(1);
      const row = await transaction(store, credit.transactionId);
      expect(row.attempts).toBe(index + 1);
      expect(row.status).toBe("pending");
      expect(row.next_attempt_at).toEqual(new Date(clock.now() + delay));
      clock.advance(delay - 1);
      expect(await outbox.runOnce()).toBe(0);
      clock.advance(1);
    }
    expect(await outbox.runOnce()).toBe(1);
    expect((await transaction(store, credit.transactionId)).status).toBe("ok");

    expect(wallet.calls).toHaveLength(7);
    const timestamps = wallet.calls.map((c) => c.headers["x-timestamp"]);
    const signatures = wallet.calls.map((c) => c.headers["x-hmac-sha256"]);
    expect(new Set(timestamps).size).toBe(7);
    expect(new Set(signatures).size).toBe(7);
    for (const call of wallet.calls) {
      expect(call.body).toBe(credit.body);
      expect(call.headers["x-operator-id"]).toBe(world.operatorId);
      const verified = verifyRequest({
        secrets: [SECRET],
        timestamp: String(call.headers["x-timestamp"]),
        path: call.path,
        body: call.body,
        signature: String(call.headers["x-hmac-sha256"]),
        nowSeconds: Number(call.headers["x-timestamp"]),
        windowSeconds: 30,
      });
      expect(verified).toMatchObject({ ok: true });
    }
  });

  it("draws the jitter uniformly below the cap", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    wallet.script.push({ http: 500 }, { http: 500 });
    const draws = [0, 0.999];
    const outbox = newOutbox(world, { random: () => draws.shift() ?? 0 });
    await outbox.runOnce();
    expect((await transaction(store, credit.transactionId)).next_attempt_at).toEqual(new Date(START));
    await outbox.runOnce();
    expect((await transaction(store, credit.transactionId)).next_attempt_at).toEqual(new Date(START + 1998));
  });

  it("takes a rollback answered ERROR_TRANSACTION_DOES_NOT_EXIST as delivered", async () => {
    const roundId = await addRound(world);
    const rollback = await addCallback(world, roundId, { seq: 2, kind: "rollback", roundClosed: true });
    wallet.script.push({ http: 200, status: "ERROR_TRANSACTION_DOES_NOT_EXIST" });
    await newOutbox(world).runOnce();
    expect(wallet.calls.map((c) => c.path)).toEqual(["/wallet/callback/rollback"]);
    expect(await transaction(store, rollback.transactionId)).toMatchObject({ status: "ok", attempts: 1 });
    // A round that ends with its rollback was never played.
    expect((await round(store, roundId)).status).toBe("cancelled");
  });

  it("makes a callback refused with HTTP 200 a dead letter, audited and counted, and moves on", async () => {
    const registry = new Registry();
    const metrics = createWalletMetrics(registry);
    const roundId = await addRound(world);
    const dead = await addCallback(world, roundId, {
      seq: 1,
      kind: "credit",
      roundClosed: false,
      amount: 5n,
    });
    const closing = await addCallback(world, roundId, { seq: 2, kind: "credit", roundClosed: true });
    wallet.byTransaction.set(dead.transactionId, [{ http: 200, status: "ERROR_PLAYER_DISABLED" }]);
    const outbox = newOutbox(world, { metrics });

    expect(await outbox.runOnce()).toBe(2);
    expect(await transaction(store, dead.transactionId)).toMatchObject({
      status: "dead",
      attempts: 1,
      last_error: "ERROR_PLAYER_DISABLED",
      completed_at: null,
    });
    expect((await transaction(store, closing.transactionId)).status).toBe("ok");
    clock.advance(3_600_000);
    await outbox.runOnce();
    expect(wallet.calls.filter((c) => c.json.transactionId === dead.transactionId)).toHaveLength(1);

    const [event] = await store.audit.list({ kind: "callback.dead" });
    expect(event).toMatchObject({
      operatorId: world.operatorId,
      data: { transactionId: dead.transactionId, roundId, kind: "credit", status: "ERROR_PLAYER_DISABLED" },
    });
    expect(event?.at).toEqual(new Date(START));
    const text = await registry.metrics();
    expect(text).toContain(`outbox_dead_letters_total{callback="credit",operator="${world.operatorId}"} 1`);
    expect(text).toContain(
      `wallet_call_outcomes_total{callback="credit",operator="${world.operatorId}",outcome="refused",status="ERROR_PLAYER_DISABLED"} 1`,
    );
  });

  it("names the secret as the reason of a dead letter the wallet refused for its signature", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    wallet.script.push({ http: 200, status: "ERROR_INVALID_SIGNATURE" });
    await newOutbox(world).runOnce();
    const row = await transaction(store, credit.transactionId);
    expect(row.status).toBe("dead");
    expect(row.last_error).toMatch(/^wallet_signature_refused: .*callback secret/);
  });

  it("keeps a round open while its closing callback is a dead letter", async () => {
    const roundId = await addRound(world);
    await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    wallet.script.push({ http: 200, status: "ERROR_WRONG_SYNTAX" });
    await newOutbox(world).runOnce();
    expect((await round(store, roundId)).status).toBe("settling");
  });

  it("raises one alert once a callback has failed past the alert age, and keeps retrying", async () => {
    const registry = new Registry();
    const metrics = createWalletMetrics(registry);
    const errors: { fields: object; message: string }[] = [];
    const logger = {
      info() {},
      warn() {},
      error: (fields: object, message: string) => errors.push({ fields, message }),
    };
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    for (let i = 0; i < 20; i++) wallet.script.push({ http: 500 });
    const outbox = newOutbox(world, {
      metrics,
      logger,
      options: { alertAfterMs: 10_000, maxDelayMs: 4_000 },
    });

    const alertedAt: (Date | null)[] = [];
    for (let i = 0; i < 8; i++) {
      await outbox.runOnce();
      alertedAt.push((await transaction(store, credit.transactionId)).alerted_at);
      clock.advance(4_000);
    }
    // Attempts at 0, 4, 8 s are younger than 10 s; the one at 12 s raises the alert, later ones do not again.
    expect(alertedAt.slice(0, 3)).toEqual([null, null, null]);
    for (const at of alertedAt.slice(3)) expect(at).toEqual(new Date(START + 12_000));
    expect(errors.filter((e) => e.message.includes("ALERT"))).toHaveLength(1);
    expect(errors[0]?.fields).toMatchObject({ transactionId: credit.transactionId, roundId });
    expect(await registry.metrics()).toContain(
      `outbox_alerts_total{callback="credit",operator="${world.operatorId}"} 1`,
    );
    expect(await transaction(store, credit.transactionId)).toMatchObject({ status: "pending", attempts: 8 });
  });

  it("takes over a dead instance's claim once its lease has expired", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    // An instance claimed the credit and died before calling the wallet.
    const claimed = await new CallbackLedger(store.writer).write("test", (tx) =>
      tx.claimDue({
        now: new Date(START),
        owner: "instance-dead",
        leaseUntil: new Date(START + 30_000),
        limit: 10,
      }),
    );
    expect(claimed.map((c) => c.transactionId)).toEqual([credit.transactionId]);
    const survivor = newOutbox(world, { instanceId: "instance-b" });

    clock.advance(29_999);
    expect(await survivor.runOnce()).toBe(0);
    await survivor.kick(roundId);
    expect(wallet.calls).toHaveLength(0);
    clock.advance(1);
    expect(await survivor.runOnce()).toBe(1);
    expect(await transaction(store, credit.transactionId)).toMatchObject({ status: "ok", lease_owner: null });
    expect((await round(store, roundId)).status).toBe("closed");
  });

  it("ignores the late answer of an instance whose lease expired during the call", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    let release!: () => void;
    wallet.script.push({ http: 500, after: new Promise<void>((resolve) => (release = resolve)) });
    const slow = newOutbox(world, { instanceId: "instance-slow", options: { leaseMs: 1_000 } });
    const slowPass = slow.runOnce();
    while (wallet.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    clock.advance(1_000);
    expect(await newOutbox(world, { instanceId: "instance-b" }).runOnce()).toBe(1);
    expect((await transaction(store, credit.transactionId)).status).toBe("ok");
    release();
    expect(await slowPass).toBe(1);
    expect(await transaction(store, credit.transactionId)).toMatchObject({
      status: "ok",
      attempts: 1,
      last_error: null,
    });
  });

  it("survives a restart: a new outbox delivers what the old one left pending", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    wallet.script.push({ http: 500 });
    const old = newOutbox(world, { instanceId: "before-restart" });
    old.start();
    await old.stop();
    await old.runOnce();
    expect((await transaction(store, credit.transactionId)).status).toBe("pending");

    clock.advance(500);
    expect(await newOutbox(world, { instanceId: "after-restart" }).runOnce()).toBe(1);
    expect(wallet.calls.map((c) => c.body)).toEqual([credit.body, credit.body]);
    expect((await transaction(store, credit.transactionId)).status).toBe("ok");
  });

  it("retries when the operator has no callback URL any more, and delivers once it is back", async () => {
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    await world.operators.update(world.operatorId, { callbackUrl: null });
    const outbox = newOutbox(world);
    try {
      await outbox.runOnce();
    } finally {
      await world.operators.update(world.operatorId, { callbackUrl: wallet.url });
    }
    expect(await transaction(store, credit.transactionId)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await transaction(store, credit.transactionId)).last_error).toMatch(
      /^wallet_unavailable: .*callback URL/,
    );
    clock.advance(500);
    await outbox.runOnce();
    expect((await transaction(store, credit.transactionId)).status).toBe("ok");
  });

  it("refuses options that would make it spin or never retry", () => {
    expect(() => newOutbox(world, { options: { baseDelayMs: 0 } })).toThrow(/baseDelayMs/);
    expect(() => newOutbox(world, { instanceId: "" })).toThrow(/instanceId/);
  });
});

describe("Outbox metrics", () => {
  it("reports depth, oldest age, dead letters and alerts on scrape", async () => {
    const registry = new Registry();
    createWalletMetrics(registry, { stats: () => outboxStats(store, clock) });
    const roundId = await addRound(world);
    await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: false });
    clock.advance(90_000);
    await addCallback(world, roundId, { seq: 2, kind: "credit", roundClosed: true });
    const dead = await addCallback(world, await addRound(world), {
      seq: 1,
      kind: "rollback",
      roundClosed: true,
    });
    wallet.byTransaction.set(dead.transactionId, [{ http: 200, status: "ERROR_WRONG_SYNTAX" }]);
    wallet.script.push({ http: 500 });
    await newOutbox(world, { options: { alertAfterMs: 60_000 } }).runOnce();

    const text = await registry.metrics();
    expect(text).toContain("outbox_depth 2");
    expect(text).toContain("outbox_oldest_pending_seconds 90");
    expect(text).toContain("outbox_dead_letters 1");
    expect(text).toContain("outbox_alerting 1");
  });
});
