import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { type DebitPolicy, sendDebit } from "../../src/rounds/debit-policy.ts";
import { Ledger, type NewTransactionRow } from "../../src/rounds/ledger.ts";
import type { RoundRow } from "../../src/rounds/round-repository.ts";
import {
  findRollbackOf,
  findTransaction,
  type TransactionRow,
} from "../../src/rounds/transaction-repository.ts";
import { SeedService } from "../../src/seeds/seed-service.ts";
import type { GameSession, Store } from "../../src/store/database.ts";
import { openMemoryStore } from "../../src/store/database.ts";
import { debitBody, rollbackBody } from "../../src/wallet/callback-bodies.ts";
import { RemoteWalletGateway } from "../../src/wallet/remote-gateway.ts";
import { createWalletClientPool } from "../../src/wallet/wallet-client.ts";
import { fakeWallet, newOperator, newSession, SCRIPTED_CODE, secretBox } from "./support.ts";

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

const ledger = () => new Ledger(store.writer);
const insert = (row: NewTransactionRow) => ledger().write("test", (tx) => tx.insertTransactions([row]));

async function roundOf(session: GameSession): Promise<RoundRow> {
  const seeds = await new SeedService({ store, secretBox, clock }).allocateNonce(store.db, session);
  const now = new Date(clock.now());
  const round: RoundRow = {
    id: randomUUID(),
    sessionId: session.id,
    operatorId,
    playerId: session.playerId,
    mode: session.mode,
    gameCode: SCRIPTED_CODE,
    currency: "USD",
    decimals: 2,
    status: "initializing",
    stakeTotal: 0n,
    payoutTotal: 0n,
    params: {},
    state: {},
    view: {},
    actions: [],
    seedPairId: seeds.seedPairId,
    nonce: seeds.nonce,
    randomPosition: 0,
    deadline: null,
    closeReason: null,
    note: null,
    createdAt: now,
    lastActionAt: now,
    closedAt: null,
  };
  await ledger().write("test", (tx) => tx.insertRound(round));
  return round;
}

async function debitRow(round: RoundRow, amount: bigint, seq = 0): Promise<TransactionRow> {
  const transactionId = randomUUID();
  const requestId = randomUUID();
  const requestBody = debitBody({
    requestId,
    playerId: round.playerId,
    transactionId,
    roundId: round.id,
    gameCode: round.gameCode,
    amount,
    decimals: 2,
    sessionToken: round.sessionId,
  });
  await insert({
    transactionId,
    roundId: round.id,
    seq,
    kind: "debit",
    amount,
    roundClosed: false,
    reverseTransactionId: null,
    requestId,
    requestBody,
    createdAt: new Date(clock.now()),
    nextAttemptAt: null,
  });
  return (await findTransaction(store.db, transactionId)) as TransactionRow;
}

describe("a debit sent under the debit policy", () => {
  let wallet: Awaited<ReturnType<typeof fakeWallet>>;
  const pool = createWalletClientPool({ timeoutMs: 1000, clock });
  let gateway: RemoteWalletGateway;
  let beforeResend: () => Promise<void> = async () => {};
  const policy: DebitPolicy = {
    resends: 2,
    retryDelayMs: 100,
    creditResends: 0,
    sleep: async (ms) => {
      clock.advance(ms + 1000);
      await beforeResend();
    },
  };
  const mayResend = (tx: TransactionRow) => async () =>
    (await findTransaction(store.db, tx.transactionId))?.status === "pending" &&
    (await findRollbackOf(store.db, tx.transactionId)) === undefined;
  const send = async (round: RoundRow, tx: TransactionRow) =>
    sendDebit(gateway, round, tx, policy, mayResend(tx));

  beforeAll(async () => {
    wallet = await fakeWallet();
    gateway = new RemoteWalletGateway({
      wallets: async (id) =>
        pool.client({ operatorId: id, callbackBaseUrl: wallet.origin, callbackSecret: () => "s" }),
    });
  });
  afterAll(async () => {
    pool.close();
    await wallet.close();
  });

  const realSession = () =>
    newSession(store, { operatorId, mode: "real", gameCode: SCRIPTED_CODE, now: new Date(T0) });

  it("resends the stored body byte for byte, signed afresh, and reads the balance of the OK", async () => {
    wallet.calls.length = 0;
    const round = await roundOf(await realSession());
    const tx = await debitRow(round, 250n);
    wallet.script.push("500", "timeout");
    const { result, attempts, lastError } = await send(round, tx);
    expect(result).toMatchObject({ outcome: "ok", balance: 999_750n });
    expect(wallet.calls.map((c) => c.raw)).toEqual([tx.requestBody, tx.requestBody, tx.requestBody]);
    expect(new Set(wallet.calls.map((c) => c.timestamp)).size).toBe(3);
    expect(new Set(wallet.calls.map((c) => c.signature)).size).toBe(3);
    expect({ attempts, lastError }).toEqual({ attempts: 3, lastError: null });
  });

  it("gives up as ambiguous after the quick retries", async () => {
    wallet.calls.length = 0;
    const round = await roundOf(await realSession());
    const tx = await debitRow(round, 100n);
    wallet.script.push("ERROR_UNKNOWN", "500", "500");
    const { result, lastError } = await send(round, tx);
    expect(result).toMatchObject({ outcome: "ambiguous" });
    expect(wallet.calls).toHaveLength(3);
    expect(lastError).toContain("http_status");
  });

  it("never resends a debit once its rollback exists", async () => {
    wallet.calls.length = 0;
    const round = await roundOf(await realSession());
    const tx = await debitRow(round, 100n);
    beforeResend = async () => {
      const transactionId = randomUUID();
      const requestId = randomUUID();
      await insert({
        transactionId,
        roundId: round.id,
        seq: 1,
        kind: "rollback",
        amount: 100n,
        roundClosed: true,
        reverseTransactionId: tx.transactionId,
        requestId,
        requestBody: rollbackBody({
          requestId,
          playerId: round.playerId,
          transactionId,
          reverseTransactionId: tx.transactionId,
          roundId: round.id,
          roundClosed: true,
          gameId: round.gameCode,
        }),
        createdAt: new Date(clock.now()),
        nextAttemptAt: null,
      });
    };
    wallet.script.push("500");
    const { result } = await send(round, tx);
    beforeResend = async () => {};
    expect(result).toEqual({ outcome: "ambiguous", reason: "rolled_back" });
    expect(wallet.calls).toHaveLength(1);
  });

  it("passes a refusal and the wallet's message through", async () => {
    const round = await roundOf(await realSession());
    wallet.script.push("ERROR_NOT_ENOUGH_MONEY");
    const { result } = await send(round, await debitRow(round, 100n));
    expect(result).toMatchObject({
      outcome: "refused",
      status: "ERROR_NOT_ENOUGH_MONEY",
      customUserError: "Top up at the cashier",
    });
  });

  it("asks the balance with the session's stable ID as sessionToken", async () => {
    wallet.calls.length = 0;
    const session = await realSession();
    expect(await gateway.balance(session)).toEqual({ balance: expect.any(BigInt) });
    expect(wallet.calls[0]?.body).toMatchObject({ playerId: session.playerId, sessionToken: session.id });
    wallet.script.push("500");
    expect(await gateway.balance(session)).toEqual({ unavailable: "http_status" });
  });
});
