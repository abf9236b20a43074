import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { DEFAULT_OUTBOX_OPTIONS, Outbox } from "../../src/outbox/outbox.ts";
import type { RoundEngine } from "../../src/rounds/engine.ts";
import { findRound } from "../../src/rounds/round-repository.ts";
import { listTransactions } from "../../src/rounds/transaction-repository.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";
import { createWalletClientPool } from "../../src/wallet/wallet-client.ts";
import {
  engine,
  fakeWallet,
  newOperator,
  newSession,
  refusal,
  SCRIPTED_CODE,
  syncOutbox,
} from "./support.ts";

const T0 = Date.UTC(2030, 0, 1);
const clock = manualClock(T0);
let store: Store;
let operatorId: string;

beforeAll(async () => {
  store = await openMemoryStore({ clock });
  operatorId = await newOperator(store, new Date(T0));
});
afterAll(async () => {
  await store.close();
});

describe("multi-debit flows against a remote wallet", () => {
  let wallet: Awaited<ReturnType<typeof fakeWallet>>;
  let rounds: RoundEngine;
  let outbox: Outbox;
  const pool = createWalletClientPool({ timeoutMs: 1000, clock });

  beforeAll(async () => {
    wallet = await fakeWallet();
    const wallets = async (id: string) =>
      pool.client({ operatorId: id, callbackBaseUrl: wallet.origin, callbackSecret: () => "s" });
    outbox = syncOutbox(store, wallets, clock);
    ({ rounds } = engine({ store, clock, wallets, outbox }));
  });
  afterAll(async () => {
    pool.close();
    await wallet.close();
  });

  const session = () =>
    newSession(store, { operatorId, mode: "real", gameCode: SCRIPTED_CODE, now: new Date(T0) });
  const sequence = () => wallet.calls.map((c) => [c.kind, c.body.amount ?? null, c.body.roundClosed ?? null]);
  const fresh = () => {
    wallet.calls.length = 0;
    wallet.script.length = 0;
  };

  it("debits, doubles, pays early and closes, in order", async () => {
    fresh();
    const s = await session();
    const opened = await rounds.play(s, { amount: "1.00", params: {} });
    expect(opened.round.status).toBe("open");
    expect(opened.balance).toBe("9999.00");
    await rounds.act(s, { roundId: opened.round.id, action: "double" });
    const early = await rounds.act(s, { roundId: opened.round.id, action: "early_win" });
    expect(early.round.status).toBe("open");
    const closed = await rounds.act(s, { roundId: opened.round.id, action: "finish" });
    expect(sequence()).toEqual([
      ["debit", "1.00", null],
      ["debit", "1.00", null],
      ["credit", "1.00", false],
      ["credit", "3.00", true],
    ]);
    expect(closed.round).toMatchObject({ status: "closed", stake: "2.00", payout: "4.00" });
    expect(closed.balance).toBe("10002.00");
    const debit = wallet.calls[0]?.body;
    expect(debit).toMatchObject({ roundId: opened.round.id, gameCode: SCRIPTED_CODE, sessionToken: s.id });
    expect(wallet.calls[2]?.body).not.toHaveProperty("sessionToken");
    const details = await rounds.round(s, opened.round.id);
    expect(details.actions.map((a) => (a as { action: string }).action)).toEqual([
      "double",
      "early_win",
      "finish",
    ]);
  });

  it("keeps the round open without the double when the wallet refuses it", async () => {
    fresh();
    const s = await session();
    const opened = await rounds.play(s, { amount: "1.00", params: {} });
    wallet.script.push("ERROR_NOT_ENOUGH_MONEY");
    const error = await refusal(rounds.act(s, { roundId: opened.round.id, action: "double" }));
    expect(error).toMatchObject({
      code: "not_enough_money",
      status: 402,
      customUserError: "Top up at the cashier",
    });
    const current = await rounds.current(s);
    expect(current.round).toMatchObject({ id: opened.round.id, status: "open", stake: "1.00" });
    expect(current.round?.view).toMatchObject({ doubled: false });
    const closed = await rounds.act(s, { roundId: opened.round.id, action: "finish" });
    expect(closed.round).toMatchObject({ status: "closed", stake: "1.00", payout: "2.00" });
    expect(sequence()).toEqual([
      ["debit", "1.00", null],
      ["debit", "1.00", null],
      ["balance", null, null],
      ["credit", "2.00", true],
    ]);
  });

  it("rolls back an ambiguous double without closing the round, and never resends it", async () => {
    fresh();
    const s = await session();
    const opened = await rounds.play(s, { amount: "1.00", params: {} });
    wallet.script.push("500", "timeout", "ERROR_UNKNOWN");
    const error = await refusal(rounds.act(s, { roundId: opened.round.id, action: "double" }));
    expect(error).toMatchObject({ code: "wallet_unavailable", status: 503 });
    const doubles = wallet.calls.slice(1, 4);
    expect(doubles.map((c) => c.kind)).toEqual(["debit", "debit", "debit"]);
    expect(new Set(doubles.map((c) => c.raw)).size).toBe(1);
    const rollback = wallet.calls[4];
    expect(rollback?.kind).toBe("rollback");
    expect(rollback?.body).toMatchObject({
      reverseTransactionId: doubles[0]?.body.transactionId,
      roundClosed: false,
      roundId: opened.round.id,
    });
    const round = await findRound(store.db, opened.round.id);
    expect(round).toMatchObject({ status: "open", stakeTotal: 100n });
    const closed = await rounds.act(s, { roundId: opened.round.id, action: "finish" });
    expect(closed.round).toMatchObject({ status: "closed", payout: "2.00" });
    expect(wallet.calls.slice(5).map((c) => c.kind)).toEqual(["credit"]);
    // A delivered credit's confirmation rides the lane's next transaction, or commits within moments.
    const rows = await vi.waitFor(async () => {
      const listed = await listTransactions(store.db, opened.round.id);
      expect(listed.at(-1)?.status).toBe("ok");
      return listed;
    });
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ["debit", "ok"],
      ["debit", "ambiguous"],
      ["rollback", "ok"],
      ["credit", "ok"],
    ]);
    expect(rows[1]?.attempts).toBe(3);
  });

  it("rolls back an ambiguous opening debit with roundClosed true, ending the round", async () => {
    fresh();
    const s = await session();
    wallet.script.push("timeout", "500", "500");
    const error = await refusal(rounds.play(s, { amount: "2.50", params: {} }));
    expect(error.code).toBe("wallet_unavailable");
    expect(sequence()).toEqual([
      ["debit", "2.50", null],
      ["debit", "2.50", null],
      ["debit", "2.50", null],
      ["rollback", null, true],
    ]);
    const current = await rounds.current(s);
    expect(current.round).toBeNull();
    const history = await rounds.history(s, { limit: 10 });
    expect(history.rounds).toHaveLength(1);
    expect(history.rounds[0]).toMatchObject({
      status: "cancelled",
      stake: "0",
      payout: "0",
      note: "bet_cancelled",
      view: null,
    });
  });

  it("opens no round when the opening debit is refused, and sends no rollback", async () => {
    fresh();
    const s = await session();
    wallet.script.push("ERROR_NOT_ENOUGH_MONEY");
    const error = await refusal(rounds.play(s, { amount: "5.00", params: {} }));
    expect(error).toMatchObject({ code: "not_enough_money", customUserError: "Top up at the cashier" });
    expect(sequence()).toEqual([["debit", "5.00", null]]);
    expect((await rounds.current(s)).round).toBeNull();
    expect((await rounds.history(s, { limit: 10 })).rounds).toEqual([]);
    const next = await rounds.play(s, { amount: "1.00", params: {} });
    expect(next.round.status).toBe("open");
  });

  it("refuses a second round of the same game while one is open", async () => {
    fresh();
    const s = await session();
    await rounds.play(s, { amount: "1.00", params: {} });
    const error = await refusal(rounds.play(s, { amount: "1.00", params: {} }));
    expect(error).toMatchObject({ code: "active_round_exists", status: 409 });
    expect(wallet.calls.filter((c) => c.kind === "debit")).toHaveLength(1);
  });

  it("admits one of two concurrent plays and answers the other active_round_exists", async () => {
    fresh();
    const s = await session();
    const results = await Promise.allSettled([
      rounds.play(s, { amount: "1.00", params: {} }),
      rounds.play(s, { amount: "1.00", params: {} }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ code: "active_round_exists" });
  });

  it("settles an abandoned round with the game's abandon step", async () => {
    fresh();
    const s = await session();
    const opened = await rounds.play(s, { amount: "1.00", params: {} });
    await rounds.abandon(opened.round.id);
    expect(sequence()).toEqual([
      ["debit", "1.00", null],
      ["credit", "0", true],
    ]);
    const round = await findRound(store.db, opened.round.id);
    expect(round).toMatchObject({ status: "closed", closeReason: "abandoned" });
  });

  it("sends a closing payout only after an earlier payout of its round that is still being retried", async () => {
    fresh();
    const s = await session();
    const opened = await rounds.play(s, { amount: "1.00", params: {} });
    wallet.script.push("500");
    await rounds.act(s, { roundId: opened.round.id, action: "early_win" });
    const finished = await rounds.act(s, { roundId: opened.round.id, action: "finish" });
    expect(finished.round.status).toBe("settling");
    expect(sequence()).toEqual([
      ["debit", "1.00", null],
      ["credit", "1.00", false],
    ]);
    clock.advance(DEFAULT_OUTBOX_OPTIONS.maxDelayMs);
    await outbox.kick(opened.round.id);
    expect(sequence()).toEqual([
      ["debit", "1.00", null],
      ["credit", "1.00", false],
      ["credit", "1.00", false],
      ["credit", "1.00", true],
    ]);
    expect((await rounds.current(s)).round).toBeNull();
  });

  it("acts on a round only through a session of the round's own game", async () => {
    fresh();
    const s = await session();
    const opened = await rounds.play(s, { amount: "1.00", params: {} });
    const otherGame = await newSession(store, {
      operatorId,
      mode: "real",
      gameCode: "dice-alpha",
      now: new Date(T0),
    });
    const sameplayer = { ...otherGame, playerId: s.playerId };
    const refused = await refusal(rounds.act(sameplayer, { roundId: opened.round.id, action: "double" }));
    expect(refused).toMatchObject({ code: "round_not_found", status: 404 });
    expect(sequence()).toEqual([["debit", "1.00", null]]);
    await rounds.act(s, { roundId: opened.round.id, action: "finish" });
  });

  it("refuses an extra debit while an earlier credit of its round is undelivered, and takes it once delivered", async () => {
    fresh();
    const s = await session();
    const opened = await rounds.play(s, { amount: "1.00", params: {} });
    wallet.script.push("500");
    const early = await rounds.act(s, { roundId: opened.round.id, action: "early_win" });
    expect(early.round.status).toBe("open");
    const busy = await refusal(rounds.act(s, { roundId: opened.round.id, action: "double" }));
    expect(busy).toMatchObject({ code: "round_busy", status: 409 });
    // No stake overtook the payout: the wallet saw the bet and the failed credit only.
    expect(sequence()).toEqual([
      ["debit", "1.00", null],
      ["credit", "1.00", false],
    ]);
    await outbox.kick(opened.round.id);
    clock.advance(DEFAULT_OUTBOX_OPTIONS.maxDelayMs);
    await outbox.kick(opened.round.id);
    await rounds.act(s, { roundId: opened.round.id, action: "double" });
    expect(sequence()).toEqual([
      ["debit", "1.00", null],
      ["credit", "1.00", false],
      ["credit", "1.00", false],
      ["debit", "1.00", null],
    ]);
  });
});

describe("multi-debit flows against the demo wallet", () => {
  let rounds: RoundEngine;
  beforeAll(() => {
    ({ rounds } = engine({ store, clock }));
  });
  const session = (demoBalance: bigint) =>
    newSession(store, { operatorId, mode: "demo", gameCode: SCRIPTED_CODE, now: new Date(T0), demoBalance });

  it("moves the virtual balance for each debit and credit", async () => {
    const s = await session(1000n);
    const opened = await rounds.play(s, { amount: "1.00", params: {} });
    expect(opened.balance).toBe("9.00");
    expect((await rounds.act(s, { roundId: opened.round.id, action: "double" })).balance).toBe("8.00");
    expect((await rounds.act(s, { roundId: opened.round.id, action: "early_win" })).balance).toBe("9.00");
    const closed = await rounds.act(s, { roundId: opened.round.id, action: "finish" });
    expect(closed).toMatchObject({
      balance: "12.00",
      round: { status: "closed", stake: "2.00", payout: "4.00" },
    });
    expect((await rounds.current(s)).balance).toBe("12.00");
  });

  it("refuses a double the balance cannot cover and keeps the round open", async () => {
    const s = await session(150n);
    const opened = await rounds.play(s, { amount: "1.00", params: {} });
    const error = await refusal(rounds.act(s, { roundId: opened.round.id, action: "double" }));
    expect(error.code).toBe("not_enough_money");
    expect((await rounds.current(s)).round).toMatchObject({ status: "open", stake: "1.00" });
    const closed = await rounds.act(s, { roundId: opened.round.id, action: "finish" });
    expect(closed).toMatchObject({ balance: "2.50", round: { status: "closed" } });
  });

  it("opens no round for a bet above the balance", async () => {
    const s = await session(50n);
    const error = await refusal(rounds.play(s, { amount: "1.00", params: {} }));
    expect(error.code).toBe("not_enough_money");
    expect(await rounds.current(s)).toEqual({ balance: "0.50", round: null });
  });
});

describe("with the durable outbox delivering credits and rollbacks", () => {
  let wallet: Awaited<ReturnType<typeof fakeWallet>>;
  let rounds: RoundEngine;
  const pool = createWalletClientPool({ timeoutMs: 1000, clock });

  beforeAll(async () => {
    wallet = await fakeWallet();
    const wallets = async (id: string) =>
      pool.client({ operatorId: id, callbackBaseUrl: wallet.origin, callbackSecret: () => "s" });
    const outbox = new Outbox({
      store,
      clock,
      wallets,
      options: { ...DEFAULT_OUTBOX_OPTIONS, instanceId: "engine-test" },
    });
    ({ rounds } = engine({ store, clock, wallets, outbox }));
  });
  afterAll(async () => {
    pool.close();
    await wallet.close();
  });

  it("closes rounds through the outbox after a paid double and after a rolled-back opening debit", async () => {
    const s = await newSession(store, {
      operatorId,
      mode: "real",
      gameCode: SCRIPTED_CODE,
      now: new Date(T0),
    });
    const opened = await rounds.play(s, { amount: "1.00", params: {} });
    await rounds.act(s, { roundId: opened.round.id, action: "double" });
    await rounds.act(s, { roundId: opened.round.id, action: "early_win" });
    const closed = await rounds.act(s, { roundId: opened.round.id, action: "finish" });
    expect(closed.round).toMatchObject({ status: "closed", stake: "2.00", payout: "4.00" });

    wallet.script.push("500", "500", "500");
    await expect(rounds.play(s, { amount: "1.00", params: {} })).rejects.toMatchObject({
      code: "wallet_unavailable",
    });
    expect(wallet.calls.map((c) => [c.kind, c.body.roundClosed ?? null])).toEqual([
      ["debit", null],
      ["debit", null],
      ["credit", false],
      ["credit", true],
      ["debit", null],
      ["debit", null],
      ["debit", null],
      ["rollback", true],
    ]);
    expect((await rounds.current(s)).round).toBeNull();
  });
});
