import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, TEST_DATABASE_URL } from "../../../../test-support/services.ts";
import { countsSince, StatementCounter, type StatementCounts } from "../../bench/statement-count.ts";
import { manualClock } from "../../src/clock.ts";
import { laneOf } from "../../src/rounds/ledger.ts";
import { openPostgresStore, type Store } from "../../src/store/database.ts";
import type { GameSession } from "../../src/store/sessions-repository.ts";
import { engine, newOperator, newSession } from "./support.ts";

const T0 = Date.UTC(2030, 0, 1);
const DICE = { amount: "1.00", params: { condition: "over", target: "50.50" } };

/**
 * The point of planning a batch: what the store executes for it does not grow with the number of bets in
 * it. Counted on the wire to PostgreSQL, as the benchmark counts a bet's statements.
 */
describe.skipIf(!(await postgresAvailable()))("the statements of a planned batch of demo bets", () => {
  const clock = manualClock(T0);
  const schema = `t_${randomBytes(6).toString("hex")}`;
  let counter: StatementCounter;
  let store: Store;
  let operatorId: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const started = await StatementCounter.start(TEST_DATABASE_URL);
    counter = started.counter;
    store = await openPostgresStore({
      connectionString: started.url,
      clock,
      options: `-c search_path=${schema}`,
      maxConnections: 4,
      writerLanes: 1,
    });
    operatorId = await newOperator(store, new Date(T0));
  });
  afterAll(async () => {
    await store?.close();
    await counter?.close();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  /** Sessions of one player, each of its own game, with the player's seed pair already remembered. */
  async function player(
    games: number,
  ): Promise<{ sessions: GameSession[]; rounds: ReturnType<typeof engine>["rounds"] }> {
    const { rounds } = engine({ store, clock });
    const first = await newSession(store, {
      operatorId,
      mode: "demo",
      gameCode: "dice-alpha",
      now: new Date(T0),
    });
    const sessions = [first];
    for (let i = 1; i < games; i++) {
      const s = await newSession(store, {
        operatorId,
        mode: "demo",
        gameCode: "dice-alpha",
        now: new Date(T0),
      });
      await sql`update sessions set player_id = ${first.playerId} where id = ${s.id}`.execute(store.db);
      sessions.push({ ...s, playerId: first.playerId });
    }
    await rounds.play(first, DICE);
    return { sessions, rounds };
  }

  async function batchOf(bets: number): Promise<StatementCounts> {
    const { sessions, rounds } = await player(bets);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running = () => {};
    const started = new Promise<void>((resolve) => (running = resolve));
    const held = store.writer.run(laneOf(sessions[0] as GameSession), () => {
      running();
      return gate;
    });
    // Counted from inside the held transaction: the bets asked now all wait for the lane's next one.
    await started;
    const before = counter.snapshot();
    const asked = sessions.map((s) => rounds.play(s, DICE));
    release();
    await Promise.all([held, ...asked]);
    return countsSince(before, counter.snapshot());
  }

  it("costs one bet and eight bets the same: the nonces, balances and transaction id in one statement, every write in another", async () => {
    const one = await batchOf(1);
    const eight = await batchOf(8);
    expect(eight).toEqual(one);
    // The select is the holding transaction's: with nothing to take first, it reads its own id at its end.
    expect(eight.statements).toEqual({ "with (write)": 2, select: 1 });
  });
});
