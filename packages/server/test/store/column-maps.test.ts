import { describe, expect, it } from "vitest";
import {
  ROUND_BATCHED_TYPES,
  type RoundRow,
  roundPatchColumns,
  roundRow,
  toRound,
} from "../../src/store/round-columns.ts";
import {
  answerColumns,
  TRANSACTION_BATCHED_TYPES,
  toTransaction,
  transactionColumns,
  transactionRow,
} from "../../src/store/transaction-columns.ts";

const at = new Date(Date.UTC(2030, 0, 1));

const round: RoundRow = {
  id: "00000000-0000-4000-8000-000000000001",
  sessionId: "00000000-0000-4000-8000-000000000002",
  operatorId: "00000000-0000-4000-8000-000000000003",
  playerId: "p1",
  mode: "real",
  gameCode: "dice",
  currency: "EUR",
  decimals: 2,
  status: "open",
  stakeTotal: 100n,
  payoutTotal: 0n,
  params: { target: 50 },
  state: { bank: 12345678901234567890n, cards: [1, 2] },
  view: null,
  actions: [{ type: "act", action: "hit", at: at.toISOString() }],
  seedPairId: "00000000-0000-4000-8000-000000000004",
  nonce: 7,
  randomPosition: 3,
  deadline: null,
  closeReason: null,
  note: null,
  createdAt: at,
  lastActionAt: at,
  closedAt: null,
  requestKey: "key-1",
  requestDigest: "digest-1",
  // A key is the client's text: JSON.parse makes "__proto__" an own key, as the driver does.
  actionKeys: JSON.parse('{"__proto__": {"digest": "d"}}'),
};

/** What the driver hands back for a written row: JSON columns parsed, the rest as written. */
function asRead(written: Record<string, unknown>, jsonColumns: readonly string[]): never {
  const row = { ...written };
  for (const column of jsonColumns) {
    if (typeof row[column] === "string") row[column] = JSON.parse(row[column] as string);
  }
  return row as never;
}

describe("the rounds' column map", () => {
  it("reads back every stored field of a round it wrote, bigints in the game's state included", () => {
    const written = {
      ...roundRow(round),
      action_keys: roundPatchColumns({ actionKeys: round.actionKeys }).action_keys,
    };
    const read = toRound(asRead(written, ["params", "state", "view", "actions", "action_keys"]));
    expect(read).toEqual(round);
    expect(Object.keys(read.actionKeys ?? {})).toEqual(["__proto__"]);
  });

  it("inserts every column but the action keys, an absent request key as null", () => {
    const { requestKey: _key, requestDigest: _digest, ...unkeyed } = round;
    const row = roundRow(unkeyed);
    expect(row).not.toHaveProperty("action_keys");
    expect(row.request_key).toBeNull();
    expect(row.request_digest).toBeNull();
    expect(row.state).toBe('{"bank":{"$bigint":"12345678901234567890"},"cards":[1,2]}');
    expect(Object.keys(row)).toHaveLength(26);
  });

  it("updates only the columns a patch names", () => {
    expect(roundPatchColumns({ status: "closed", closedAt: at, payoutTotal: 5n })).toEqual({
      status: "closed",
      payout_total: 5n,
      closed_at: at,
    });
    expect(roundPatchColumns({})).toEqual({});
  });

  it("leaves the action keys out of a batch's deferred updates, and types the rest", () => {
    expect(ROUND_BATCHED_TYPES).not.toHaveProperty("action_keys");
    expect(ROUND_BATCHED_TYPES).toMatchObject({ id: "uuid", stake_total: "bigint", state: "jsonb" });
    expect(Object.keys(roundPatchColumns(round)).filter((c) => !(c in ROUND_BATCHED_TYPES))).toEqual([
      "action_keys",
    ]);
  });
});

describe("the wallet transactions' column map", () => {
  const fresh = {
    transactionId: "tx-1",
    roundId: round.id,
    seq: 0,
    kind: "credit" as const,
    amount: 250n,
    roundClosed: true,
    reverseTransactionId: null,
    requestId: "req-1",
    requestBody: '{"amount":"2.50"}',
    createdAt: at,
    nextAttemptAt: at,
  };

  it("inserts a new transaction pending, unattempted and unleased, with no answer", () => {
    const row = transactionRow(fresh);
    expect(row).toMatchObject({
      status: "pending",
      attempts: 0,
      lease_owner: null,
      lease_until: null,
      answer: null,
      completed_at: null,
      reverse_transaction_id: null,
    });
    expect(row).not.toHaveProperty("last_error");
    expect(row).not.toHaveProperty("answer_raw");
    expect(row).not.toHaveProperty("alerted_at");
  });

  it("stores an answer as JSON PostgreSQL accepts and keeps its exact bytes beside it", () => {
    const text = '{"status":"OK","note":"a\\u0000b"}';
    const columns = answerColumns(text);
    expect(JSON.parse(columns.answer)).toEqual({ status: "OK", note: "a\ufffdb" });
    expect(columns.answer_raw.toString("utf8")).toBe(text);
    expect(transactionColumns({ status: "ok", answer: null, answerRaw: "x", lastError: undefined })).toEqual({
      status: "ok",
      answer: "null",
      answer_raw: Buffer.from("x"),
    });
  });

  it("reads back a transaction it wrote, and types each column a batch defers", () => {
    const read = toTransaction(
      asRead(
        { ...transactionRow(fresh), last_error: null, alerted_at: null, answer_raw: null, latency_ms: null },
        ["answer"],
      ),
    );
    expect(read).toEqual({
      ...fresh,
      status: "pending",
      attempts: 0,
      leaseOwner: null,
      leaseUntil: null,
      lastError: null,
      answer: null,
      completedAt: null,
      alertedAt: null,
      latencyMs: null,
    });
    expect(TRANSACTION_BATCHED_TYPES).toEqual({
      transaction_id: "text",
      status: "text",
      answer: "jsonb",
      answer_raw: "bytea",
      last_error: "text",
      completed_at: "timestamptz",
      attempts: "integer",
      latency_ms: "integer",
    });
  });
});
