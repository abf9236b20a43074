import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import type { Outbox } from "../../src/outbox/outbox.ts";
import type { Store } from "../../src/store/database.ts";
import { postgresBackend } from "../store/store-backends.ts";
import {
  addCallback,
  addRound,
  createWorld,
  type FakeWallet,
  newOutbox,
  round,
  startFakeWallet,
  transaction,
  type World,
} from "./support.ts";

const pg = await postgresAvailable();

describe.skipIf(!pg)("Outbox on PostgreSQL", () => {
  const clock = manualClock(Date.UTC(2030, 0, 1));
  const backend = postgresBackend();
  const stores: Store[] = [];
  let wallet: FakeWallet;
  let world: World;
  const open = async () => {
    const store = await backend.open(clock);
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    wallet = await startFakeWallet();
    world = await createWorld(await open(), clock, wallet.url);
  });
  afterAll(async () => {
    world?.pool.close();
    for (const store of stores) await store.close();
    await backend.dispose();
    await wallet?.close();
  });

  it("shares 50 callbacks between two instances with SKIP LOCKED, each delivered exactly once", async () => {
    const second = await open();
    const credits = [];
    for (let i = 0; i < 50; i++) {
      const roundId = await addRound(world);
      credits.push({
        roundId,
        ...(await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true })),
      });
    }
    // The first ten answers wait until ten calls are in flight: one instance alone (batches of five) cannot
    // get there, so both must have claimed rows while the other's were locked or leased.
    let open10!: () => void;
    const gate = new Promise<void>((resolve) => (open10 = resolve));
    for (let i = 0; i < 10; i++) wallet.script.push({ http: 200, status: "OK", after: gate });
    const watcher = (async () => {
      while (wallet.calls.length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
      open10();
    })();
    const drain = async (outbox: Outbox) => {
      let attempts = 0;
      for (let n = await outbox.runOnce(); n > 0; n = await outbox.runOnce()) attempts += n;
      return attempts;
    };
    const a = newOutbox(world, { instanceId: "pg-a", options: { batchSize: 5 } });
    const b = newOutbox(world, { instanceId: "pg-b", options: { batchSize: 5 }, store: second });

    const [byA, byB] = await Promise.all([drain(a), drain(b)]);
    await watcher;

    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    expect(byA + byB).toBe(50);
    const sent = wallet.calls.map((c) => c.json.transactionId).sort();
    expect(sent).toEqual(credits.map((c) => c.transactionId).sort());
    for (const credit of credits) {
      expect((await transaction(world.store, credit.transactionId)).status).toBe("ok");
      expect((await round(world.store, credit.roundId)).status).toBe("closed");
    }
  });

  it("delivers after a restart what the stopped process left pending", async () => {
    wallet.calls.length = 0;
    const before = await open();
    const roundId = await addRound(world);
    const credit = await addCallback(world, roundId, { seq: 1, kind: "credit", roundClosed: true });
    wallet.script.push({ http: 502 });
    await newOutbox(world, { instanceId: "before", store: before }).runOnce();
    await before.close();

    clock.advance(500);
    const after = await open();
    expect(await newOutbox(world, { instanceId: "after", store: after }).runOnce()).toBe(1);
    expect(wallet.calls.map((c) => c.body)).toEqual([credit.body, credit.body]);
    expect((await transaction(after, credit.transactionId)).status).toBe("ok");
  });
});
