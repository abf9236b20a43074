/**
 * Idempotency keys of actions that take a stake: a resent double is answered with its outcome (paid,
 * refused or cancelled) and never debited twice, and while its debit is with the wallet a resend is told
 * to wait.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import type { Outbox } from "../../src/outbox/outbox.ts";
import type { RoundEngine } from "../../src/rounds/engine.ts";
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
let wallet: Awaited<ReturnType<typeof fakeWallet>>;
let rounds: RoundEngine;
let outbox: Outbox;
const pool = createWalletClientPool({ timeoutMs: 1000, clock });

beforeAll(async () => {
  store = await openMemoryStore({ clock });
  operatorId = await newOperator(store, new Date(T0));
  wallet = await fakeWallet();
  const wallets = async (id: string) =>
    pool.client({ operatorId: id, callbackBaseUrl: wallet.origin, callbackSecret: () => "s" });
  outbox = syncOutbox(store, wallets, clock);
  ({ rounds } = engine({ store, clock, wallets, outbox }));
});
afterAll(async () => {
  pool.close();
  await wallet.close();
  await store.close();
});

/**
 * Debits the wallet was asked for, counted by transaction ID: on a loaded machine a debit can outlast its 1 s
 * time-out and be sent again under its own transaction ID, which the wallet takes as the same debit.
 */
const debits = () =>
  new Set(wallet.calls.filter((c) => c.kind === "debit").map((c) => c.body.transactionId)).size;

async function opened() {
  wallet.calls.length = 0;
  wallet.script.length = 0;
  const session = await newSession(store, {
    operatorId,
    mode: "real",
    gameCode: SCRIPTED_CODE,
    now: new Date(T0),
  });
  const round = await rounds.play(session, { amount: "1.00", params: {}, requestKey: `bet-${session.id}` });
  return { session, roundId: round.round.id };
}

describe("Idempotency-Key of an action with a stake", () => {
  it("answers a resent double with the round it left, debited once", async () => {
    const { session, roundId } = await opened();
    const double = { roundId, action: "double", requestKey: "double-1" };
    const first = await rounds.act(session, double);
    const again = await rounds.act(session, double);
    expect(again.round).toEqual(first.round);
    expect(again.round).toMatchObject({ stake: "2.00" });
    expect(debits()).toBe(2);
    const other = await refusal(rounds.act(session, { ...double, action: "finish" }));
    expect(other).toMatchObject({ code: "idempotency_key_reused", status: 422 });
  });

  it("answers a resent refused double with the same refusal, and sends no second debit", async () => {
    const { session, roundId } = await opened();
    wallet.script.push("ERROR_NOT_ENOUGH_MONEY");
    const double = { roundId, action: "double", requestKey: "double-2" };
    const first = await refusal(rounds.act(session, double));
    const again = await refusal(rounds.act(session, double));
    expect(again).toMatchObject({ code: first.code, status: 402, customUserError: first.customUserError });
    expect(debits()).toBe(2);
  });

  it("answers a resent double the wallet never confirmed with wallet_unavailable, and never sends it again", async () => {
    const { session, roundId } = await opened();
    wallet.script.push("500", "timeout", "ERROR_UNKNOWN");
    const double = { roundId, action: "double", requestKey: "double-3" };
    expect(await refusal(rounds.act(session, double))).toMatchObject({ code: "wallet_unavailable" });
    const sent = debits();
    expect(await refusal(rounds.act(session, double))).toMatchObject({
      code: "wallet_unavailable",
      status: 503,
    });
    expect(debits()).toBe(sent);
  });

  it("tells a resend to wait while the double's debit is with the wallet", async () => {
    const { session, roundId } = await opened();
    wallet.script.push("timeout");
    const double = { roundId, action: "double", requestKey: "double-4" };
    const first = rounds.act(session, double);
    while (debits() < 2) await new Promise((resolve) => setImmediate(resolve));
    expect(await refusal(rounds.act(session, double))).toMatchObject({
      code: "request_in_progress",
      status: 409,
    });
    const answered = await first;
    expect((await rounds.act(session, double)).round).toEqual(answered.round);
  });
});
