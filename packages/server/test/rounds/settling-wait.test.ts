import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { GameError, SETTLING_WAIT } from "../../src/rounds/engine.ts";
import { findRound } from "../../src/rounds/round-repository.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";
import { createWalletClientPool } from "../../src/wallet/wallet-client.ts";
import { engine, fakeWallet, newOperator, newSession } from "./support.ts";

const T0 = Date.UTC(2030, 0, 1);
const DICE = { amount: "1.00", params: { condition: "over", target: "50.50" } };
const clock = manualClock(T0);
let store: Store;
let operatorId: string;
let wallet: Awaited<ReturnType<typeof fakeWallet>>;
const pool = createWalletClientPool({ timeoutMs: 500, clock });

beforeAll(async () => {
  store = await openMemoryStore({ clock });
  operatorId = await newOperator(store, new Date(T0));
  wallet = await fakeWallet();
});
afterAll(async () => {
  pool.close();
  await wallet.close();
  await store.close();
});

const wallets = async (id: string) =>
  pool.client({ operatorId: id, callbackBaseUrl: wallet.origin, callbackSecret: () => "s" });

/**
 * A round settling on another instance: its closing credit is leased to that instance, which records the
 * wallet's confirmation (and closes the round) a batch after it answered its player.
 */
async function settlingElsewhere(play: typeof DICE) {
  const s = await newSession(store, { operatorId, mode: "real", gameCode: "dice-alpha", now: new Date(T0) });
  const { rounds } = engine({ store, clock, wallets });
  wallet.script.push("OK", "500");
  const first = await rounds.play(s, play);
  expect(first.round.status).toBe("settling");
  await store.db
    .updateTable("wallet_transactions")
    .set({ lease_owner: "another-instance", lease_until: new Date(T0 + 60_000) })
    .where("round_id", "=", first.round.id)
    .where("kind", "=", "credit")
    .execute();
  return { session: s, roundId: first.round.id };
}

describe("a bet while the previous round's payout is recorded on another instance", () => {
  it("waits for the round to close there, then plays", async () => {
    const { session, roundId } = await settlingElsewhere(DICE);
    let pauses = 0;
    const { rounds } = engine({
      store,
      clock,
      wallets,
      sleep: async () => {
        // The other instance records the confirmation during the second pause.
        if (++pauses === 2) {
          await store.db
            .updateTable("rounds")
            .set({ status: "closed", closed_at: new Date(T0) })
            .where("id", "=", roundId)
            .execute();
        }
      },
    });
    const next = await rounds.play(session, DICE);
    expect(next.round.id).not.toBe(roundId);
    expect(pauses).toBe(2);
    expect(await findRound(store.db, roundId)).toMatchObject({ status: "closed" });
  });

  it("is refused active_round_exists after a bounded wait when the round stays settling", async () => {
    const { session } = await settlingElsewhere(DICE);
    const waited: number[] = [];
    const { rounds } = engine({ store, clock, wallets, sleep: async (ms) => void waited.push(ms) });
    const error = await rounds.play(session, DICE).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GameError);
    expect((error as GameError).code).toBe("active_round_exists");
    expect(waited).toEqual(Array.from({ length: SETTLING_WAIT.checks }, () => SETTLING_WAIT.everyMs));
  });
});
