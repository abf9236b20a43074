import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { findRound } from "../../src/rounds/round-repository.ts";
import type { Store } from "../../src/store/database.ts";
import { storeBackends } from "../store/store-backends.ts";
import { engine, newOperator, newSession } from "./support.ts";

const T0 = Date.UTC(2030, 0, 1);
const backends = storeBackends(await postgresAvailable());
const DICE = { amount: "1.00", params: { condition: "over", target: "50.50" } };

/**
 * Two instances of the RGS, each with its own cache of the player's active seed pair. A rotation reveals
 * the old server seed, so a round opened on it afterwards would be decided by a seed the player already
 * knows: the write that opens a round checks the pair is still active, whatever the cache says.
 */
describe.each(backends)("a seed rotation racing bets on two instances ($name)", (backend) => {
  const clock = manualClock(T0);
  let stores: Store[];
  let operatorId: string;
  beforeAll(async () => {
    const first = await backend.open(clock);
    // PostgreSQL: a second store on the same database is a second instance; PGlite has one process only.
    stores = backend.reopens ? [first, await backend.open(clock)] : [first];
    operatorId = await newOperator(first, new Date(T0));
  });
  afterAll(async () => {
    for (const store of stores ?? []) await store.close();
    await backend.dispose();
  });

  const instances = () => {
    const [a, b = a] = stores as [Store, Store?];
    return [engine({ store: a, clock }), engine({ store: b as Store, clock })] as const;
  };

  it("opens the next round on the new pair after another instance rotated", async () => {
    const [a, b] = instances();
    const s = await newSession(stores[0] as Store, {
      operatorId,
      mode: "demo",
      gameCode: "dice-alpha",
      now: new Date(T0),
    });
    const first = await a.rounds.play(s, DICE);
    const rotation = await b.seeds.rotate(s);
    const second = await a.rounds.play(s, DICE);
    const [before, after] = await Promise.all(
      [first, second].map((r) => findRound((stores[0] as Store).db, r.round.id)),
    );
    expect(before?.seedPairId).toBe(rotation.revealed.id);
    expect(after?.seedPairId).not.toBe(rotation.revealed.id);
    expect(after?.nonce).toBe(0);
    expect(rotation.revealed.nonces).toBe(1);
  });

  it("never opens a round on a pair after its rotation, when both race", async () => {
    const [a, b] = instances();
    const s = await newSession(stores[0] as Store, {
      operatorId,
      mode: "demo",
      gameCode: "dice-alpha",
      now: new Date(T0),
    });
    await a.rounds.play(s, DICE);
    const revealed = new Map<string, number>();
    const roundIds: string[] = [];
    for (let race = 0; race < 8; race++) {
      const [played, rotated] = await Promise.all([a.rounds.play(s, DICE), b.seeds.rotate(s)]);
      roundIds.push(played.round.id);
      revealed.set(rotated.revealed.id, rotated.revealed.nonces);
    }
    for (const id of roundIds) {
      const round = await findRound((stores[0] as Store).db, id);
      const nonces = round && revealed.get(round.seedPairId);
      // A round on a revealed pair was numbered before the pair was retired.
      if (round && nonces !== undefined) expect(round.nonce).toBeLessThan(nonces);
    }
  });
});
