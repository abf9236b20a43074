import { Registry } from "prom-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { createWalletMetrics } from "../../src/observability/wallet-metrics.ts";
import { outboxDb } from "../../src/outbox/tables.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";
import { Sweeper, type SweptRounds } from "../../src/sweeper/sweeper.ts";
import { addRound, clearRounds, createWorld, type World } from "../outbox/support.ts";

const MINUTE = 60_000;
const clock = manualClock(Date.UTC(2030, 0, 1));
let store: Store;
let world: World;

/** A round engine that records what it is asked and settles rounds the way RoundEngine does. */
function stubRounds(opts: { fail?: Set<string> } = {}): SweptRounds & { calls: string[] } {
  const calls: string[] = [];
  const settle = async (action: string, roundId: string) => {
    calls.push(`${action} ${roundId}`);
    if (opts.fail?.has(roundId)) throw new Error("engine failure");
    await store.db
      .updateTable("rounds")
      .set({ status: "settling", close_reason: action === "abandon" ? "abandoned" : "played" })
      .where("id", "=", roundId)
      .execute();
  };
  return { calls, abandon: (id) => settle("abandon", id), tick: (id) => settle("tick", id) };
}

function sweeper(
  rounds: SweptRounds,
  instanceId = "sweeper-a",
  metrics?: ReturnType<typeof createWalletMetrics>,
) {
  return new Sweeper({
    store,
    clock,
    rounds,
    idleMs: 30 * MINUTE,
    initializingMs: MINUTE,
    leaseMs: 5 * MINUTE,
    instanceId,
    ...(metrics && { metrics }),
  });
}

beforeAll(async () => {
  store = await openMemoryStore({ clock });
  world = await createWorld(store, clock, "http://127.0.0.1:9/wallet");
});
afterAll(async () => {
  world?.pool.close();
  await store?.close();
});
beforeEach(async () => {
  await outboxDb(store).deleteFrom("sweep_leases").execute();
  await clearRounds(store);
  clock.advance(86_400_000);
});

describe("Sweeper", () => {
  it("abandons idle rounds, ticks due deadlines and resolves rounds stuck opening, and nothing else", async () => {
    const now = clock.now();
    const at = (ms: number) => new Date(now + ms);
    const idle = await addRound(world, { status: "open", lastActionAt: at(-30 * MINUTE) });
    const fresh = await addRound(world, { status: "open", lastActionAt: at(-30 * MINUTE + 1) });
    const due = await addRound(world, { status: "open", deadline: at(0) });
    const notDue = await addRound(world, { status: "open", deadline: at(1) });
    const stuck = await addRound(world, { status: "initializing", lastActionAt: at(-MINUTE) });
    const opening = await addRound(world, { status: "initializing", lastActionAt: at(-MINUTE + 1) });
    const settling = await addRound(world, { status: "settling", lastActionAt: at(-60 * MINUTE) });
    const registry = new Registry();
    const rounds = stubRounds();

    expect(await sweeper(rounds, "sweeper-a", createWalletMetrics(registry)).runOnce()).toBe(3);

    expect(rounds.calls.sort()).toEqual([`abandon ${idle}`, `abandon ${stuck}`, `tick ${due}`].sort());
    for (const untouched of [fresh, notDue, opening, settling]) {
      expect(rounds.calls.join()).not.toContain(untouched);
    }
    const text = await registry.metrics();
    expect(text).toContain('rounds_abandoned_total{game="dice-alpha",mode="real",reason="idle"} 1');
    expect(text).toContain('rounds_abandoned_total{game="dice-alpha",mode="real",reason="initializing"} 1');
    expect(await outboxDb(store).selectFrom("sweep_leases").selectAll().execute()).toEqual([]);
  });

  it("lets two instances share the work without settling a round twice", async () => {
    const ids = [];
    for (let i = 0; i < 6; i++) {
      ids.push(await addRound(world, { status: "open", lastActionAt: new Date(clock.now() - 31 * MINUTE) }));
    }
    const rounds = stubRounds();
    const [a, b] = await Promise.all([sweeper(rounds, "a").runOnce(), sweeper(rounds, "b").runOnce()]);
    expect(a + b).toBe(6);
    expect(rounds.calls.sort()).toEqual(ids.map((id) => `abandon ${id}`).sort());
  });

  it("keeps a failed round's lease until it expires, then tries again", async () => {
    const id = await addRound(world, { status: "open", lastActionAt: new Date(clock.now() - 31 * MINUTE) });
    const failing = stubRounds({ fail: new Set([id]) });
    expect(await sweeper(failing).runOnce()).toBe(1);
    clock.advance(5 * MINUTE - 1);
    expect(await sweeper(failing, "sweeper-b").runOnce()).toBe(0);
    clock.advance(1);
    const healthy = stubRounds();
    expect(await sweeper(healthy, "sweeper-b").runOnce()).toBe(1);
    expect(healthy.calls).toEqual([`abandon ${id}`]);
    expect(await sweeper(healthy, "sweeper-b").runOnce()).toBe(0);
  });

  it("refuses settings that would sweep constantly", () => {
    expect(() => new Sweeper({ store, clock, rounds: stubRounds(), idleMs: 0, instanceId: "x" })).toThrow(
      /idleMs/,
    );
  });
});
