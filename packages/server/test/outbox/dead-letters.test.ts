import type { AddressInfo } from "node:net";
import net from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminClient } from "../../src/cli/admin-client.ts";
import { manualClock } from "../../src/clock.ts";
import { buildAdminApp } from "../../src/http/admin/admin-app.ts";
import { localOnboarding, type OnboardingApi } from "../../src/operators/onboarding.ts";
import { PackService } from "../../src/operators/pack-service.ts";
import { DeadLetterService } from "../../src/outbox/dead-letters.ts";
import { outboxDb } from "../../src/outbox/tables.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";
import { runCaptured } from "../cli/support.ts";
import {
  addCallback,
  addRound,
  clearRounds,
  createWorld,
  type FakeWallet,
  newOutbox,
  round,
  startFakeWallet,
  transaction,
  type World,
} from "./support.ts";

const clock = manualClock(Date.UTC(2030, 0, 1));
let wallet: FakeWallet;
let store: Store;
let world: World;
let api: OnboardingApi;

beforeAll(async () => {
  wallet = await startFakeWallet();
  store = await openMemoryStore({ clock });
  world = await createWorld(store, clock, wallet.url);
  api = localOnboarding({
    operators: world.operators,
    packs: new PackService({ store, clock }),
    callbacks: new DeadLetterService({ store, clock }),
  });
});
afterAll(async () => {
  world?.pool.close();
  await store?.close();
  await wallet?.close();
});
beforeEach(async () => {
  wallet.calls.length = 0;
  await clearRounds(store);
  clock.advance(86_400_000);
});

const cli = (...argv: string[]) => runCaptured(argv, { api, via: "store", close: async () => {} });

/** A credit the wallet refused: the outbox makes it a dead letter. */
async function deadLetter(roundClosed: boolean) {
  const roundId = await addRound(world);
  const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed, amount: 1234n });
  wallet.byTransaction.set(credit.transactionId, [{ http: 200, status: "ERROR_PLAYER_DISABLED" }]);
  await newOutbox(world).kick(roundId);
  expect((await transaction(store, credit.transactionId)).status).toBe("dead");
  return { roundId, ...credit };
}

async function pending(alerted: boolean) {
  const roundId = await addRound(world);
  const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
  await outboxDb(store)
    .updateTable("wallet_transactions")
    .set({ attempts: 3, last_error: "timeout: slow", alerted_at: alerted ? new Date(clock.now()) : null })
    .where("transaction_id", "=", credit.transactionId)
    .execute();
  return { roundId, ...credit };
}

describe("callbacks CLI", () => {
  it("lists undelivered callbacks, narrowed to dead letters and alerts by the flags", async () => {
    const dead = await deadLetter(true);
    const alerting = await pending(true);
    const retrying = await pending(false);
    const delivered = await addCallback(world, await addRound(world), {
      seq: 1,
      kind: "credit",
      roundClosed: true,
      status: "ok",
    });

    const ids = async (...flags: string[]) => {
      const { code, stdout } = await cli("callbacks", "list", ...flags, "--json");
      expect(code).toBe(0);
      return (JSON.parse(stdout) as { transactionId: string }[]).map((c) => c.transactionId);
    };
    expect(await ids()).toEqual([dead.transactionId, alerting.transactionId, retrying.transactionId]);
    expect(await ids("--dead")).toEqual([dead.transactionId]);
    expect(await ids("--alerts")).toEqual([alerting.transactionId]);
    expect(await ids("--dead", "--alerts")).toEqual([dead.transactionId, alerting.transactionId]);
    expect(await ids()).not.toContain(delivered.transactionId);

    const { stdout } = await cli("callbacks", "list", "--dead");
    expect(stdout).toContain("DEAD  credit 12.34 USD (closes the round)");
    expect(stdout).toContain(`transaction:  ${dead.transactionId}`);
    expect(stdout).toContain("last error:   ERROR_PLAYER_DISABLED");
  });

  it("retries a dead letter with its attempts kept, audits it, and the outbox then delivers it", async () => {
    const dead = await deadLetter(true);
    const { code, stdout } = await cli("callbacks", "retry", dead.transactionId, "--by", "alice", "--json");
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      transactionId: dead.transactionId,
      state: "pending",
      attempts: 1,
    });
    expect(await transaction(store, dead.transactionId)).toMatchObject({
      status: "pending",
      attempts: 1,
      next_attempt_at: new Date(clock.now()),
    });
    const [event] = await store.audit.list({ kind: "callback.retried" });
    expect(event).toMatchObject({
      operatorId: world.operatorId,
      at: new Date(clock.now()),
      data: { transactionId: dead.transactionId, by: "alice", lastError: "ERROR_PLAYER_DISABLED" },
    });

    await newOutbox(world).runOnce();
    expect(await transaction(store, dead.transactionId)).toMatchObject({ status: "ok", attempts: 2 });
    expect((await round(store, dead.roundId)).status).toBe("closed");

    const again = await cli("callbacks", "retry", dead.transactionId, "--json");
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stderr)).toMatchObject({ error: { code: "callback_not_dead" } });
  });

  it("resolves a dead closing credit by hand: closed round, audit record, never sent again", async () => {
    const dead = await deadLetter(true);
    const { code, stdout } = await cli(
      "callbacks",
      "resolve",
      dead.transactionId,
      "--note",
      "paid by the operator's support, ticket 4411",
      "--by",
      "bob",
    );
    expect(code).toBe(0);
    expect(stdout).toContain("RESOLVED");
    const row = await transaction(store, dead.transactionId);
    expect(row).toMatchObject({
      status: "dead",
      resolved_by: "bob",
      resolution_note: "paid by the operator's support, ticket 4411",
      resolved_at: new Date(clock.now()),
    });
    expect(await round(store, dead.roundId)).toMatchObject({
      status: "closed",
      closed_at: new Date(clock.now()),
    });
    const [event] = await store.audit.list({ kind: "callback.resolved" });
    expect(event).toMatchObject({
      at: new Date(clock.now()),
      data: {
        transactionId: dead.transactionId,
        by: "bob",
        note: "paid by the operator's support, ticket 4411",
        closedRound: true,
      },
    });
    expect((await cli("callbacks", "list", "--json")).stdout).toBe("[]\n");
    clock.advance(3_600_000);
    await newOutbox(world).runOnce();
    expect(wallet.calls.filter((c) => c.json.transactionId === dead.transactionId)).toHaveLength(1);
  });

  it("resolves an alerting callback that is not being sent, and refuses one that is", async () => {
    const alerting = await pending(true);
    await outboxDb(store)
      .updateTable("wallet_transactions")
      .set({ lease_owner: "instance-x", lease_until: new Date(clock.now() + 1) })
      .where("transaction_id", "=", alerting.transactionId)
      .execute();
    const busy = await cli(
      "callbacks",
      "resolve",
      alerting.transactionId,
      "--note",
      "n",
      "--by",
      "carol",
      "--json",
    );
    expect(busy.code).toBe(1);
    expect(JSON.parse(busy.stderr)).toMatchObject({ error: { code: "callback_in_delivery" } });
    clock.advance(1);
    expect(
      (await cli("callbacks", "resolve", alerting.transactionId, "--note", "n", "--by", "carol")).code,
    ).toBe(0);
    expect((await transaction(store, alerting.transactionId)).resolved_by).toBe("carol");
  });

  it("reports unknown transactions and missing arguments clearly", async () => {
    const unknown = await cli("callbacks", "retry", "no-such-tx", "--json");
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: { code: "unknown_transaction" } });
    const noNote = await cli("callbacks", "resolve", "some-tx", "--by", "dave");
    expect(noNote.code).toBe(2);
    expect(noNote.stderr).toContain("--note is required");
    const noBy = await cli("callbacks", "resolve", "some-tx", "--note", "x");
    expect(noBy.code).toBe(2);
  });

  describe("through the running server's admin interface", () => {
    let admin: FastifyInstance;
    let port: number;
    beforeAll(async () => {
      admin = await buildAdminApp({
        operators: world.operators,
        packs: new PackService({ store, clock }),
        callbacks: new DeadLetterService({ store, clock }),
        adminToken: "token",
      });
      await admin.listen({ port: 0, host: "127.0.0.1" });
      port = (admin.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await admin?.close();
    });

    it("lists, retries and resolves", async () => {
      const remote = adminClient({
        connect: async () => {
          const socket = net.connect(port, "127.0.0.1");
          await new Promise((resolve) => socket.once("connect", resolve));
          return socket;
        },
        token: "token",
      });
      const dead = await deadLetter(false);
      expect((await remote.listCallbacks({ dead: true })).map((c) => c.transactionId)).toEqual([
        dead.transactionId,
      ]);
      expect(await remote.retryCallback({ id: dead.transactionId, by: "erin" })).toMatchObject({
        state: "pending",
      });
      expect(
        await remote.resolveCallback({ id: dead.transactionId, note: "settled", by: "erin" }),
      ).toMatchObject({
        state: "resolved",
        resolvedBy: "erin",
      });
      await expect(remote.retryCallback({ id: "nope", by: "erin" })).rejects.toMatchObject({
        status: 404,
        code: "unknown_transaction",
      });
    });
  });
});
