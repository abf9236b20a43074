import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { outboxDb } from "../../src/outbox/tables.ts";
import { HistoryMover, MIN_AGE_MS } from "../../src/rounds/history-mover.ts";
import {
  findAnyRound,
  findOperatorOfRound,
  findVerifyInputs,
  listAllFinishedRounds,
} from "../../src/rounds/history-repository.ts";
import { historyDb } from "../../src/rounds/history-tables.ts";
import { findRound, type RoundStatus } from "../../src/rounds/round-repository.ts";
import type { TransactionStatus } from "../../src/rounds/transaction-repository.ts";
import type { GameSession, Store } from "../../src/store/database.ts";
import { storeBackends } from "../store/store-backends.ts";
import { newOperator, newSession } from "./support.ts";

const T0 = Date.UTC(2030, 0, 1);
const DAY = 86_400_000;
const backends = storeBackends(await postgresAvailable());

describe.each(backends)("moving finished rounds to the history on $name", (backend) => {
  const clock = manualClock(T0);
  let store: Store;
  let operatorId: string;
  let seedPairId: string;

  beforeAll(async () => {
    store = await backend.open(clock);
    operatorId = await newOperator(store, new Date(T0));
    seedPairId = randomUUID();
    await store.db
      .insertInto("seed_pairs")
      .values({
        id: seedPairId,
        operator_id: operatorId,
        player_id: "seeds",
        mode: "real",
        server_seed_sealed: "sealed",
        server_seed_hash: "0".repeat(64),
        client_seed: "c",
        status: "retired",
        created_at: new Date(T0),
        retired_at: new Date(T0),
      })
      .execute();
  });
  afterAll(async () => {
    await store?.close();
    await backend.dispose();
  });

  const player = () =>
    newSession(store, { operatorId, mode: "real", gameCode: "dice-alpha", now: new Date(T0) });

  /** A round of `session`'s player as the engine leaves it, with one transaction per given status. */
  async function round(
    session: GameSession,
    opts: {
      status: RoundStatus;
      closedAt?: number;
      transactions?: TransactionStatus[];
      resolved?: boolean;
      gameCode?: string;
    },
  ): Promise<{ id: string; transactionIds: string[] }> {
    const id = randomUUID();
    const at = new Date(opts.closedAt ?? T0);
    await store.db
      .insertInto("rounds")
      .values({
        id,
        session_id: session.id,
        operator_id: operatorId,
        player_id: session.playerId,
        mode: "real",
        game_code: opts.gameCode ?? randomUUID(),
        currency: "USD",
        decimals: 2,
        status: opts.status,
        stake_total: 100n,
        payout_total: 0n,
        params: "{}",
        state: "{}",
        view: "{}",
        seed_pair_id: seedPairId,
        nonce: 0,
        created_at: at,
        last_action_at: at,
        closed_at: opts.status === "closed" || opts.status === "void" ? at : null,
      })
      .execute();
    const transactionIds: string[] = [];
    for (const [seq, status] of (opts.transactions ?? ["ok"]).entries()) {
      const transactionId = randomUUID();
      transactionIds.push(transactionId);
      await outboxDb(store)
        .insertInto("wallet_transactions")
        .values({
          transaction_id: transactionId,
          round_id: id,
          seq,
          kind: seq === 0 ? "debit" : "credit",
          amount: 100n,
          round_closed: seq > 0,
          reverse_transaction_id: null,
          request_id: randomUUID(),
          request_body: "{}",
          status,
          created_at: at,
          resolved_at: opts.resolved ? at : null,
        })
        .execute();
    }
    return { id, transactionIds };
  }

  const hot = async (id: string) => (await findRound(store.db, id)) !== undefined;
  const archived = async (id: string) =>
    (await historyDb(store)
      .selectFrom("rounds_history")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst()) !== undefined;

  it("moves closed and void rounds and leaves open, settling and unfinished callbacks alone", async () => {
    clock.set(T0 + 40 * DAY);
    const s = await player();
    const closed = await round(s, { status: "closed", closedAt: T0 + DAY, transactions: ["ok", "ok"] });
    const voided = await round(s, { status: "void", closedAt: T0 + 2 * DAY, transactions: ["refused"] });
    const resolvedDead = await round(s, {
      status: "closed",
      closedAt: T0 + 3 * DAY,
      transactions: ["ok", "dead"],
      resolved: true,
    });
    const stay = [
      await round(s, { status: "open" }),
      await round(s, { status: "settling" }),
      await round(s, { status: "initializing" }),
      await round(s, { status: "closed", closedAt: T0 + DAY, transactions: ["ok", "pending"] }),
      await round(s, { status: "closed", closedAt: T0 + DAY, transactions: ["ambiguous"] }),
      await round(s, { status: "closed", closedAt: T0 + DAY, transactions: ["ok", "dead"] }),
      // Finished after the cut-off.
      await round(s, { status: "closed", closedAt: T0 + 35 * DAY }),
    ];

    const moved = await new HistoryMover({ store, clock }).move({
      before: new Date(T0 + 10 * DAY),
      batchSize: 2,
    });
    expect(moved).toMatchObject({ rounds: 3, transactions: 5, batches: 2, partitionsCreated: ["2030-01"] });
    for (const r of [closed, voided, resolvedDead]) {
      expect(await hot(r.id)).toBe(false);
      expect(await archived(r.id)).toBe(true);
    }
    for (const r of stay) {
      expect(await hot(r.id)).toBe(true);
      expect(await archived(r.id)).toBe(false);
    }
    const transactions = await historyDb(store)
      .selectFrom("wallet_transactions_history")
      .select(["transaction_id", "round_finished_at", "resolved_at"])
      .where("round_id", "=", resolvedDead.id)
      .orderBy("seq")
      .execute();
    expect(transactions.map((t) => t.transaction_id)).toEqual(resolvedDead.transactionIds);
    expect(transactions[1]?.resolved_at).not.toBeNull();
    // Nothing left to move: a second run is a no-op.
    expect((await new HistoryMover({ store, clock }).move({ before: new Date(T0 + 10 * DAY) })).rounds).toBe(
      0,
    );
  });

  it("keeps archived rounds readable: by ID, in the player's history, and for verification", async () => {
    clock.set(T0 + 100 * DAY);
    const s = await player();
    const old = await round(s, {
      status: "closed",
      closedAt: T0 + 45 * DAY,
      transactions: ["ok", "ok"],
      gameCode: s.gameCode,
    });
    const recent = await round(s, { status: "closed", closedAt: T0 + 99 * DAY, gameCode: s.gameCode });
    await new HistoryMover({ store, clock }).move({ before: new Date(T0 + 60 * DAY) });
    expect(await archived(old.id)).toBe(true);

    expect((await findAnyRound(store, old.id))?.status).toBe("closed");
    expect(await findAnyRound(store, randomUUID())).toBeUndefined();
    expect(await findOperatorOfRound(store, old.id)).toBe(operatorId);
    expect(await findOperatorOfRound(store, recent.id)).toBe(operatorId);
    expect(await findOperatorOfRound(store, randomUUID())).toBeUndefined();
    expect(await findOperatorOfRound(store, "x' or 1=1")).toBeUndefined();
    expect(await findAnyRound(store, "x' or 1=1")).toBeUndefined();
    const page = await listAllFinishedRounds(store, s, { limit: 10 });
    expect(page.map((r) => r.id)).toEqual([recent.id, old.id]);
    const second = await listAllFinishedRounds(store, s, {
      limit: 10,
      before: { createdAt: new Date(T0 + 99 * DAY), id: recent.id },
    });
    expect(second.map((r) => r.id)).toEqual([old.id]);
    expect(await findVerifyInputs(store, old.id)).toEqual({ maxWin: s.betLimits.maxWin, openingDebit: 100n });
  });

  it("keeps each game's history to its own rounds, hot and archived", async () => {
    clock.set(T0 + 120 * DAY);
    const s = await player();
    const dice = (at: number) => round(s, { status: "closed", closedAt: at, gameCode: s.gameCode });
    const war = (at: number) => round(s, { status: "closed", closedAt: at, gameCode: "war-gamma-libra" });
    const oldDice = await dice(T0 + 101 * DAY);
    await war(T0 + 102 * DAY);
    await new HistoryMover({ store, clock }).move({ before: new Date(T0 + 110 * DAY) });
    const newDice = await dice(T0 + 115 * DAY);
    await war(T0 + 116 * DAY);

    const diceHistory = await listAllFinishedRounds(store, s, { limit: 10 });
    expect(diceHistory.map((r) => r.id)).toEqual([newDice.id, oldDice.id]);
    const warHistory = await listAllFinishedRounds(
      store,
      { ...s, gameCode: "war-gamma-libra" },
      { limit: 10 },
    );
    expect(warHistory.map((r) => r.gameCode)).toEqual(["war-gamma-libra", "war-gamma-libra"]);
  });

  it("refuses a transaction ID already used by an archived transaction", async () => {
    clock.set(T0 + 200 * DAY);
    const s = await player();
    const old = await round(s, { status: "closed", closedAt: T0 + 150 * DAY });
    await new HistoryMover({ store, clock }).move({ before: new Date(T0 + 160 * DAY) });
    expect(await archived(old.id)).toBe(true);
    const open = await round(s, { status: "open" });
    const reuse = historyDb(store)
      .insertInto("wallet_transactions")
      .values({
        transaction_id: old.transactionIds[0] as string,
        round_id: open.id,
        seq: 1,
        kind: "debit",
        amount: 1n,
        round_closed: false,
        reverse_transaction_id: null,
        request_id: randomUUID(),
        request_body: "{}",
        status: "pending",
        created_at: new Date(clock.now()),
      })
      .execute();
    await expect(reuse).rejects.toMatchObject({ code: "23505" });
  });

  it("lets concurrent movers share the work without moving a round twice", async () => {
    clock.set(T0 + 400 * DAY);
    const s = await player();
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push((await round(s, { status: "closed", closedAt: T0 + 300 * DAY + i * 3_600_000 })).id);
    }
    const movers = [1, 2, 3].map(() => new HistoryMover({ store, clock }));
    const results = await Promise.all(
      movers.map((m) => m.move({ before: new Date(T0 + 330 * DAY), batchSize: 3 })),
    );
    expect(results.reduce((sum, r) => sum + r.rounds, 0)).toBe(40);
    expect(results.flatMap((r) => r.partitionsCreated)).toEqual(["2030-10"]);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from rounds_history where id in (${sql.join(ids)})`.execute(store.db);
    expect(rows[0]?.n).toBe(40);
    for (const id of ids) expect(await hot(id)).toBe(false);
  });

  it("refuses a cut-off less than an hour ago, and the history tables have every hot column", async () => {
    clock.set(T0 + 500 * DAY);
    await expect(
      new HistoryMover({ store, clock }).move({ before: new Date(clock.now() - MIN_AGE_MS + 1) }),
    ).rejects.toThrow(/at least 60 minutes ago/);
    const columns = async (table: string) =>
      (
        await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} order by column_name`.execute(
          store.db,
        )
      ).rows.map((r) => r.name);
    expect((await columns("rounds_history")).filter((c) => c !== "finished_at")).toEqual(
      await columns("rounds"),
    );
    expect((await columns("wallet_transactions_history")).filter((c) => c !== "round_finished_at")).toEqual(
      await columns("wallet_transactions"),
    );
  });
});
