import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Store } from "../../src/store/database.ts";
import type { RoundStatus, TransactionKind, TransactionStatus } from "../../src/store/schema.ts";
import type { Harness } from "../http/support.ts";
import { newSession } from "../rounds/support.ts";

/**
 * Rounds and wallet transactions written as the ledger leaves them, at chosen times, for the searches to
 * find: what each search should answer is computed from this list.
 */

export interface FixtureTransaction {
  id: string;
  kind: TransactionKind;
  amount: bigint;
  status: TransactionStatus;
  attempts: number;
  completedAt: number | null;
  createdAt: number;
}

export interface FixtureRound {
  id: string;
  operatorId: string;
  playerId: string;
  mode: "demo" | "real";
  gameCode: string;
  currency: string;
  status: RoundStatus;
  createdAt: number;
  closedAt: number | null;
  seedPairId: string;
  transactions: FixtureTransaction[];
}

export interface SeedPairs {
  retired: { id: string; serverSeed: string; hash: string };
  active: { id: string; hash: string };
}

export async function seedPairs(h: Harness, operatorId: string): Promise<SeedPairs> {
  const make = async (status: "retired" | "active") => {
    const id = randomUUID();
    const serverSeed = randomBytes(32).toString("hex");
    const hash = createHash("sha256").update(serverSeed).digest("hex");
    await h.store.db
      .insertInto("seed_pairs")
      .values({
        id,
        operator_id: operatorId,
        player_id: `pairs-${status}`,
        mode: "real",
        server_seed_sealed: h.secretBoxes.seeds.seal(serverSeed),
        server_seed_hash: hash,
        client_seed: `client-${status}`,
        status,
        created_at: new Date(0),
        retired_at: status === "retired" ? new Date(0) : null,
      })
      .execute();
    return { id, serverSeed, hash };
  };
  return { retired: await make("retired"), active: await make("active") };
}

const FINISHED: readonly RoundStatus[] = ["closed", "void"];

export async function insertRound(
  store: Store,
  input: Omit<FixtureRound, "id" | "closedAt" | "transactions"> & {
    transactions?: Partial<FixtureTransaction>[];
  },
): Promise<FixtureRound> {
  const session = await newSession(store, {
    operatorId: input.operatorId,
    mode: input.mode,
    gameCode: input.gameCode,
    now: new Date(input.createdAt),
  });
  const finished = FINISHED.includes(input.status);
  const round: FixtureRound = {
    ...input,
    id: randomUUID(),
    closedAt: finished ? input.createdAt + 1000 : null,
    transactions: (input.transactions ?? [{}]).map((tx, seq) => ({
      id: `tx-${randomUUID()}`,
      kind: seq === 0 ? "debit" : "credit",
      amount: seq === 0 ? 100n : 250n,
      status: "ok",
      attempts: 1,
      createdAt: input.createdAt + seq * 10,
      completedAt: tx.status === "pending" ? null : input.createdAt + seq * 10 + 5,
      ...tx,
    })),
  };
  const stake = round.transactions.filter((t) => t.kind === "debit").reduce((s, t) => s + t.amount, 0n);
  const payout = round.transactions.filter((t) => t.kind === "credit").reduce((s, t) => s + t.amount, 0n);
  await store.db
    .insertInto("rounds")
    .values({
      id: round.id,
      session_id: session.id,
      operator_id: round.operatorId,
      player_id: round.playerId,
      mode: round.mode,
      game_code: round.gameCode,
      currency: round.currency,
      decimals: 2,
      status: round.status,
      stake_total: stake,
      payout_total: payout,
      params: "{}",
      state: "{}",
      view: "{}",
      seed_pair_id: round.seedPairId,
      nonce: 7,
      created_at: new Date(round.createdAt),
      last_action_at: new Date(round.closedAt ?? round.createdAt),
      closed_at: round.closedAt === null ? null : new Date(round.closedAt),
    })
    .execute();
  for (const [seq, tx] of round.transactions.entries()) {
    await store.db
      .insertInto("wallet_transactions")
      .values({
        transaction_id: tx.id,
        round_id: round.id,
        seq,
        kind: tx.kind,
        amount: tx.amount,
        round_closed: seq > 0,
        reverse_transaction_id: null,
        request_id: randomUUID(),
        request_body: "{}",
        status: tx.status,
        attempts: tx.attempts,
        answer: tx.completedAt === null ? null : JSON.stringify({ status: "OK", balance: "10.00" }),
        created_at: new Date(tx.createdAt),
        completed_at: tx.completedAt === null ? null : new Date(tx.completedAt),
      })
      .execute();
  }
  return round;
}
