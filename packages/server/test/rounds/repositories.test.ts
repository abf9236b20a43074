import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { Ledger, type NewTransactionRow } from "../../src/rounds/ledger.ts";
import { findRound, findUnfinishedRound, type RoundRow } from "../../src/rounds/round-repository.ts";
import { findRollbackOf, listTransactions } from "../../src/rounds/transaction-repository.ts";
import type { Store } from "../../src/store/database.ts";
import { storeBackends } from "../store/store-backends.ts";
import { engine, newOperator, newSession, SCRIPTED_CODE } from "./support.ts";

const T0 = Date.UTC(2030, 0, 1);
const backends = storeBackends(await postgresAvailable());

describe.each(backends)("rounds and transactions on $name", (backend) => {
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

  const demoDice = () =>
    newSession(store, { operatorId, mode: "demo", gameCode: "dice-alpha", now: new Date(T0) });

  it("stores a round with bigint state exactly and enforces one unfinished round per player and game", async () => {
    const kit = engine({ store, clock });
    const s = await newSession(store, {
      operatorId,
      mode: "demo",
      gameCode: SCRIPTED_CODE,
      now: new Date(T0),
    });
    const opened = await kit.rounds.play(s, { amount: "1.00", params: {} });
    const row = (await findRound(store.db, opened.round.id)) as RoundRow;
    expect(row).toMatchObject({ status: "open", stakeTotal: 100n, nonce: 0, gameCode: SCRIPTED_CODE });
    expect((row.state as { stake: unknown }).stake).toBe(100n);
    expect((await findUnfinishedRound(store.db, s))?.id).toBe(opened.round.id);
    const duplicate = new Ledger(store.writer).write("test", (tx) =>
      tx.insertRound({ ...row, id: randomUUID(), status: "initializing" }),
    );
    await expect(duplicate).rejects.toMatchObject({ code: "23505" });
    expect(await findRound(store.db, "1 or 1=1")).toBeUndefined();
  });

  it("answers concurrent plays of one player with one round and active_round_exists", async () => {
    const kit = engine({ store, clock });
    const s = await newSession(store, {
      operatorId,
      mode: "demo",
      gameCode: "mines-alpha",
      now: new Date(T0),
    });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => kit.rounds.play(s, { amount: "1.00", params: { mines: 3 } })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected")
        expect(r.reason).toMatchObject({ code: "active_round_exists", status: 409 });
    }
    expect((await kit.rounds.current(s)).balance).toBe("999.00");
  });

  it("numbers transactions per round and allows one rollback per debit", async () => {
    const kit = engine({ store, clock });
    const s = await demoDice();
    const played = await kit.rounds.play(s, {
      amount: "1.00",
      params: { condition: "over", target: "50.50" },
    });
    const roundId = played.round.id;
    expect((await listTransactions(store.db, roundId)).map((t) => [t.seq, t.kind])).toEqual([
      [0, "debit"],
      [1, "credit"],
    ]);
    const [debit] = await store.db
      .selectFrom("wallet_transactions")
      .select("transaction_id")
      .where("round_id", "=", roundId)
      .where("kind", "=", "debit")
      .execute();
    const rollback = (seq: number): NewTransactionRow => ({
      transactionId: randomUUID(),
      roundId,
      seq,
      kind: "rollback" as const,
      amount: 100n,
      roundClosed: false,
      reverseTransactionId: debit?.transaction_id ?? null,
      requestId: randomUUID(),
      requestBody: "{}",
      createdAt: new Date(T0),
      nextAttemptAt: null,
    });
    const ledger = new Ledger(store.writer);
    const insert = (row: NewTransactionRow) => ledger.write("test", (tx) => tx.insertTransactions([row]));
    await insert(rollback(2));
    await expect(insert(rollback(3))).rejects.toMatchObject({ code: "23505" });
    await expect(insert({ ...rollback(2), reverseTransactionId: null })).rejects.toMatchObject({
      code: "23505",
    });
    expect((await findRollbackOf(store.db, debit?.transaction_id ?? ""))?.seq).toBe(2);
  });

  it("pages a player's finished rounds newest first", async () => {
    const kit = engine({ store, clock });
    const s = await demoDice();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      ids.push(
        (await kit.rounds.play(s, { amount: "1.00", params: { condition: "under", target: "50.00" } })).round
          .id,
      );
    }
    const first = await kit.rounds.history(s, { limit: 2 });
    expect(first.rounds.map((r) => r.id)).toEqual([ids[4], ids[3]]);
    const second = await kit.rounds.history(s, { limit: 2, before: first.next as string });
    const third = await kit.rounds.history(s, { limit: 2, before: second.next as string });
    expect([...second.rounds, ...third.rounds].map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(third.next).toBeUndefined();
    await expect(kit.rounds.history(s, { limit: 2, before: "garbage" })).rejects.toMatchObject({
      code: "invalid_params",
    });
    const stranger = await demoDice();
    expect((await kit.rounds.history(stranger, { limit: 10 })).rounds).toEqual([]);
    await expect(kit.rounds.round(stranger, ids[0] as string)).rejects.toMatchObject({
      code: "round_not_found",
    });
    await expect(
      kit.rounds.act(stranger, { roundId: ids[0] as string, action: "reveal" }),
    ).rejects.toMatchObject({ code: "round_not_found" });
  });
});
