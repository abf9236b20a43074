import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../src/clock.ts";
import { loadConfig } from "../src/config.ts";
import { createSecretBox } from "../src/crypto/secret-box.ts";
import { createGameRuntime, type GameRuntime } from "../src/runtime.ts";
import { openMemoryStore, type Store } from "../src/store/database.ts";
import { addRound, createWorld, round, type World } from "./outbox/support.ts";

const clock = manualClock(Date.UTC(2030, 0, 1));
let store: Store;
let world: World;
let runtime: GameRuntime;

/** A slow wallet: 40 s per call, so an opening debit with its two quick resends may take 2 minutes. */
const CALLBACK_TIMEOUT_MS = 40_000;
const DEBIT_BUDGET_MS = 3 * CALLBACK_TIMEOUT_MS + 250 + 2 * 250;

beforeAll(async () => {
  store = await openMemoryStore({ clock });
  world = await createWorld(store, clock, "http://127.0.0.1:9/wallet");
  const loaded = loadConfig({
    CALLBACK_TIMEOUT_MS: String(CALLBACK_TIMEOUT_MS),
    OUTBOX_LEASE_MS: "60000",
    DEBIT_RETRIES: "2",
    DEBIT_RETRY_DELAY_MS: "250",
  });
  if (!loaded.ok) throw new Error(loaded.errors.join("; "));
  runtime = createGameRuntime({
    config: loaded.config,
    clock,
    store,
    operators: world.operators,
    secretBox: createSecretBox(randomBytes(32)),
  });
});
afterAll(async () => {
  await runtime?.stop();
  world?.pool.close();
  await store?.close();
});

describe("the game runtime's sweeper", () => {
  it("leaves a round that is opening alone for as long as its debit and quick resends may take", async () => {
    const opening = await addRound(world, {
      status: "initializing",
      lastActionAt: new Date(clock.now() - 70_000),
    });
    // 70 s after its last change the debit may still be on its third attempt: rolling it back would cut it.
    expect(await runtime.sweeper.runOnce()).toBe(0);
    expect((await round(store, opening))?.status).toBe("initializing");

    clock.advance(DEBIT_BUDGET_MS);
    expect(await runtime.sweeper.runOnce()).toBe(1);
    expect((await round(store, opening))?.status).toBe("void");
  });
});
