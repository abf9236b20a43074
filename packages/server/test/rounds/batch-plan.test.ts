import { formatAmount } from "@rgs/protocol/money";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { GameError } from "../../src/rounds/engine.ts";
import { Ledger, laneOf } from "../../src/rounds/ledger.ts";
import { findRound } from "../../src/rounds/round-repository.ts";
import { listTransactions } from "../../src/rounds/transaction-repository.ts";
import type { Store } from "../../src/store/database.ts";
import type { GameSession } from "../../src/store/sessions-repository.ts";
import { storeBackends } from "../store/store-backends.ts";
import { engine, newOperator, newSession, SCRIPTED_CODE } from "./support.ts";

const T0 = Date.UTC(2030, 0, 1);
const backends = storeBackends(await postgresAvailable());
const DICE = { amount: "1.00", params: { condition: "over", target: "50.50" } };

/**
 * Bets asked for while a player's lane is busy share its next transaction, which takes their nonces and
 * locks their demo balances in one statement each and writes their rows together at its end. A bet that
 * cannot go ahead fails alone; the others commit as if each had run by itself.
 */
describe.each(backends)("a batch of bets planned together ($name)", (backend) => {
  const clock = manualClock(T0);
  let store: Store;
  let operatorId: string;
  beforeAll(async () => {
    store = await backend.open(clock);
    operatorId = await newOperator(store, new Date(T0));
  });
  afterAll(async () => {
    await store?.close();
    await backend.dispose();
  });

  /** Another session of the same player (one seed pair, one writer lane). */
  async function sibling(of: GameSession, gameCode: string, demoBalance: bigint): Promise<GameSession> {
    const session = await newSession(store, {
      operatorId,
      mode: "demo",
      gameCode,
      now: new Date(T0),
      demoBalance,
    });
    await sql`update sessions set player_id = ${of.playerId} where id = ${session.id}`.execute(store.db);
    return { ...session, playerId: of.playerId };
  }

  /** Runs `bets` in one batch: they are all asked for while the lane holds a transaction open. */
  async function oneBatch<T>(lane: string, bets: (() => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const before = store.writer.stats;
    // The lane is busy from the moment it is asked for: the bets queue behind the held job.
    const held = store.writer.run(lane, () => gate);
    const asked = bets.map((bet) => bet());
    release();
    const outcomes = await Promise.allSettled(asked);
    await held;
    // Everything asked meanwhile shared one transaction (rerun without the bets that failed), perhaps the
    // held job's own if the lane was still finishing the previous one.
    expect(store.writer.stats.batches - before.batches).toBeLessThanOrEqual(2);
    return outcomes;
  }

  const codeOf = (outcome: PromiseSettledResult<unknown>) =>
    outcome.status === "fulfilled" ? "ok" : (outcome.reason as GameError).code;
  const balanceOf = async (id: string) =>
    (
      await sql<{ b: string }>`select demo_balance::text as b from sessions where id = ${id}`.execute(
        store.db,
      )
    ).rows[0]?.b;

  it("fails the bet that finds the game's round unfinished and the bet that cannot pay, alone", async () => {
    const { rounds } = engine({ store, clock });
    const table = await newSession(store, {
      operatorId,
      mode: "demo",
      gameCode: SCRIPTED_CODE,
      now: new Date(T0),
    });
    const dice = await sibling(table, "dice-alpha", 100_000n);
    const poor = await sibling(table, "dice-beta", 5n);
    // The table round stays open, and the player's seed pair is now remembered.
    const open = await rounds.play(table, DICE);
    expect(open.round.status).toBe("open");

    const outcomes = await oneBatch(laneOf(table), [
      () => rounds.play(dice, DICE),
      () => rounds.play(table, DICE),
      () => rounds.play(poor, DICE),
      () => rounds.play(dice, DICE),
    ]);
    expect(outcomes.map(codeOf)).toEqual(["ok", "active_round_exists", "not_enough_money", "ok"]);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(GameError);
    }

    const placed = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
    const stored = await Promise.all(placed.map((r) => findRound(store.db, r.round.id)));
    // One pair numbers all of the player's demo rounds: the table took 0, the two dice bets 1 and 2, no gap.
    expect(stored.map((r) => r?.nonce)).toEqual([1, 2]);
    expect(new Set(stored.map((r) => r?.seedPairId)).size).toBe(1);
    const pair = await sql<{
      n: number;
    }>`select next_nonce as n from seed_pairs where id = ${stored[0]?.seedPairId}`.execute(store.db);
    expect(pair.rows[0]?.n).toBe(3);

    // The two bets of one session moved its balance one after the other, each answer showing its own.
    const [first, second] = placed;
    const net = stored.reduce((total, r) => total + (r?.payoutTotal ?? 0n) - (r?.stakeTotal ?? 0n), 0n);
    expect(await balanceOf(dice.id)).toBe((100_000n + net).toString());
    expect(second?.balance).toBe(formatAmount(100_000n + net, 2));
    expect(first?.balance).not.toBeNull();
    expect(await balanceOf(poor.id)).toBe("5");
    expect(stored.every((r) => r?.status === "closed")).toBe(true);
  });

  it("opens every bet of a batch on the new pair when another instance rotated after the pair was remembered", async () => {
    const { rounds } = engine({ store, clock });
    const other = engine({ store: backend.reopens ? await backend.open(clock) : store, clock });
    const first = await newSession(store, {
      operatorId,
      mode: "demo",
      gameCode: "dice-alpha",
      now: new Date(T0),
    });
    const more = [await sibling(first, "dice-beta", 100_000n), await sibling(first, "dice-gamma", 100_000n)];
    const warm = await rounds.play(first, DICE);
    const rotation = await other.seeds.rotate(first);

    const outcomes = await oneBatch(
      laneOf(first),
      [first, ...more].map((s) => () => rounds.play(s, DICE)),
    );
    expect(outcomes.map(codeOf)).toEqual(["ok", "ok", "ok"]);
    const stored = await Promise.all(
      outcomes.map((o) => findRound(store.db, (o as PromiseFulfilledResult<typeof warm>).value.round.id)),
    );
    expect((await findRound(store.db, warm.round.id))?.seedPairId).toBe(rotation.revealed.id);
    expect(stored.map((r) => r?.seedPairId === rotation.revealed.id)).toEqual([false, false, false]);
    expect(stored.map((r) => r?.nonce)).toEqual([0, 1, 2]);
    // The retired pair numbered the one round before the rotation, and nothing after it.
    const retired = await sql<{
      n: number;
    }>`select next_nonce as n from seed_pairs where id = ${rotation.revealed.id}`.execute(store.db);
    expect(retired.rows[0]?.n).toBe(1);
  });

  it("takes a batch's nonces for several players' pairs in one statement, each player's in order", async () => {
    const { rounds } = engine({ store, clock });
    const players = await Promise.all(
      [0, 1, 2].map(() =>
        newSession(store, { operatorId, mode: "demo", gameCode: "dice-alpha", now: new Date(T0) }),
      ),
    );
    for (const s of players) await rounds.play(s, DICE);
    // One lane for all: on PostgreSQL players may hash to different lanes, so hold each player's.
    const lanes = [...new Set(players.map(laneOf))];
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = lanes.map((lane) => store.writer.run(lane, () => gate));
    const asked = players.flatMap((s) => [rounds.play(s, DICE), rounds.play(s, DICE)]);
    release();
    await Promise.all(held);
    const placed = await Promise.all(asked);
    const stored = await Promise.all(placed.map((r) => findRound(store.db, r.round.id)));
    expect(stored.map((r) => r?.nonce)).toEqual([1, 2, 1, 2, 1, 2]);
    expect(new Set(stored.map((r) => r?.id)).size).toBe(6);
  });

  it("reruns a batch statement by statement when a deferred debit outcome finds the debit no longer pending", async () => {
    const { rounds } = engine({ store, clock });
    const ledger = new Ledger(store.writer);
    const session = await newSession(store, {
      operatorId,
      mode: "demo",
      gameCode: SCRIPTED_CODE,
      now: new Date(T0),
    });
    const { round } = await rounds.play(session, DICE);
    const now = new Date(T0);
    const debitId = `debit-${round.id}`;
    await ledger.write(laneOf(session), (tx) =>
      tx.insertTransactions([
        {
          transactionId: debitId,
          roundId: round.id,
          seq: 10,
          kind: "debit",
          amount: 100n,
          roundClosed: false,
          reverseTransactionId: null,
          requestId: "request",
          requestBody: "{}",
          createdAt: now,
          nextAttemptAt: null,
        },
      ]),
    );
    const before = store.writer.stats;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = store.writer.run(laneOf(session), () => gate);
    // The sweeper gives the debit up first; the answer arriving in the same batch must then not be recorded.
    const sweep = ledger.write(laneOf(session), (tx) => tx.recordOutcome(debitId, { status: "ambiguous" }));
    const answer = ledger.writePlanned(laneOf(session), {}, async (tx) => {
      const recorded = await tx.settleDebit(debitId, { status: "ok", completedAt: now, attempts: 1 });
      if (recorded) await tx.updateRound(round.id, { note: "settled" });
      return recorded;
    });
    release();
    await Promise.all([held, sweep]);
    expect(await answer).toBe(false);
    expect(store.writer.stats.reruns - before.reruns).toBe(1);
    const debit = (await listTransactions(store.db, round.id)).find((t) => t.transactionId === debitId);
    expect(debit?.status).toBe("ambiguous");
    expect((await findRound(store.db, round.id))?.note).toBeNull();
  });

  it("writes a planned job's deferred updates before a later job of the batch reads the store", async () => {
    const { rounds } = engine({ store, clock });
    const ledger = new Ledger(store.writer);
    const session = await newSession(store, {
      operatorId,
      mode: "demo",
      gameCode: SCRIPTED_CODE,
      now: new Date(T0),
    });
    const { round } = await rounds.play(session, DICE);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = store.writer.run(laneOf(session), () => gate);
    const planned = ledger.writePlanned(laneOf(session), {}, (tx) =>
      tx.updateRound(round.id, { note: "first" }),
    );
    const reader = ledger.write(laneOf(session), async (tx) => (await findRound(tx.db, round.id))?.note);
    release();
    await Promise.all([held, planned]);
    expect(await reader).toBe("first");
  });
});
