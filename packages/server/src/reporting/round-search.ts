import { type Kysely, sql } from "kysely";
import { historyDb } from "../rounds/history-tables.ts";
import type { Database, RoundStatus } from "../store/schema.ts";
import type { RoundFilters } from "./search-filters.ts";

/**
 * The queries of `POST /operator/rounds/search`: one operator's real-money rounds, newest start first, from
 * the hot table and then the history partitions (a round that moves in between is read twice and kept once;
 * it is never missed, since the move deletes and inserts in one transaction). Paging is by keyset on
 * (created_at, id), which never changes, below the search's fixed upper bound `asOf`: pages neither skip nor
 * repeat a round while bets go on. Each filter is served by an index of migration 0030 or 0002.
 */

export interface FoundRound {
  id: string;
  playerId: string;
  gameCode: string;
  currency: string;
  decimals: number;
  status: string;
  stake: bigint;
  payout: bigint;
  createdAt: Date;
  lastActionAt: Date;
  closedAt: Date | null;
  seedPairId: string;
  nonce: number;
}

export interface FoundTransaction {
  transactionId: string;
  roundId: string;
  seq: number;
  kind: "debit" | "credit" | "rollback";
  amount: bigint;
  status: "pending" | "ok" | "refused" | "ambiguous" | "dead";
  attempts: number;
  lastStatus: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

export interface Keyset {
  at: Date;
  id: string;
}

export interface RoundQuery {
  operatorId: string;
  filters: RoundFilters;
  /** Rounds started later belong to a later search. */
  asOf: Date;
  after?: Keyset;
  limit: number;
}

type Db = Kysely<Database>;

export async function findRounds(db: Db, query: RoundQuery): Promise<FoundRound[]> {
  const { filters } = query;
  let ids = filters.roundId === undefined ? undefined : [filters.roundId];
  if (filters.transactionId !== undefined) {
    const owners = await roundsOfTransaction(db, filters.transactionId);
    ids = ids === undefined ? owners : ids.filter((id) => owners.includes(id));
    if (ids.length === 0) return [];
  }
  const found = new Map<string, FoundRound>();
  for (const table of ["rounds", "rounds_history"] as const) {
    for (const round of await readTable(db, table, query, ids)) {
      if (!found.has(round.id)) found.set(round.id, round);
    }
  }
  return [...found.values()].sort(newestFirst).slice(0, query.limit);
}

async function readTable(
  db: Db,
  table: "rounds" | "rounds_history",
  query: RoundQuery,
  ids: string[] | undefined,
): Promise<FoundRound[]> {
  const { filters } = query;
  // The history table has every column of the hot one: one builder serves both.
  let select = db
    .selectFrom(table as "rounds")
    .select([
      "id",
      "player_id",
      "game_code",
      "currency",
      "decimals",
      "status",
      "stake_total",
      "payout_total",
      "created_at",
      "last_action_at",
      "closed_at",
      "seed_pair_id",
      "nonce",
    ])
    .where("operator_id", "=", query.operatorId)
    .where("mode", "=", "real")
    .where("created_at", "<=", query.asOf);
  if (ids !== undefined) select = select.where("id", "in", ids);
  if (filters.playerId !== undefined) select = select.where("player_id", "=", filters.playerId);
  if (filters.gameCode !== undefined) select = select.where("game_code", "=", filters.gameCode);
  if (filters.currency !== undefined) select = select.where("currency", "=", filters.currency);
  if (filters.statuses !== undefined) {
    select = select.where("status", "in", filters.statuses as RoundStatus[]);
  }
  if (filters.range !== undefined) {
    select = select.where("created_at", ">=", filters.range.from).where("created_at", "<", filters.range.to);
  }
  if (query.after !== undefined) {
    select = select.where(sql<boolean>`(created_at, id) < (${query.after.at}, ${query.after.id}::uuid)`);
  }
  const rows = await select.orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    playerId: row.player_id,
    gameCode: row.game_code,
    currency: row.currency,
    decimals: row.decimals,
    status: row.status,
    stake: row.stake_total,
    payout: row.payout_total,
    createdAt: row.created_at,
    lastActionAt: row.last_action_at,
    closedAt: row.closed_at,
    seedPairId: row.seed_pair_id,
    nonce: row.nonce,
  }));
}

async function roundsOfTransaction(db: Db, transactionId: string): Promise<string[]> {
  const hot = await db
    .selectFrom("wallet_transactions")
    .select("round_id")
    .where("transaction_id", "=", transactionId)
    .execute();
  const archived = await historyDb({ db })
    .selectFrom("wallet_transactions_history")
    .select("round_id")
    .where("transaction_id", "=", transactionId)
    .execute();
  return [...new Set([...hot, ...archived].map((r) => r.round_id))];
}

/** Every transaction of the given rounds, hot or archived, in each round's order. */
export async function transactionsOf(db: Db, roundIds: readonly string[]): Promise<FoundTransaction[]> {
  if (roundIds.length === 0) return [];
  const found = new Map<string, FoundTransaction>();
  for (const table of ["wallet_transactions", "wallet_transactions_history"] as const) {
    const rows = await db
      .selectFrom(table as "wallet_transactions")
      .select([
        "transaction_id",
        "round_id",
        "seq",
        "kind",
        "amount",
        "status",
        "attempts",
        "created_at",
        "completed_at",
        sql<string | null>`answer->>'status'`.as("last_status"),
      ])
      .where("round_id", "in", [...roundIds])
      .execute();
    for (const row of rows) {
      if (!found.has(row.transaction_id)) found.set(row.transaction_id, toTransaction(row));
    }
  }
  return [...found.values()].sort((a, b) => a.seq - b.seq);
}

export function toTransaction(row: {
  transaction_id: string;
  round_id: string;
  seq: number;
  kind: FoundTransaction["kind"];
  amount: bigint;
  status: FoundTransaction["status"];
  attempts: number;
  created_at: Date;
  completed_at: Date | null;
  last_status: string | null;
}): FoundTransaction {
  return {
    transactionId: row.transaction_id,
    roundId: row.round_id,
    seq: row.seq,
    kind: row.kind,
    amount: row.amount,
    status: row.status,
    attempts: row.attempts,
    lastStatus: row.last_status,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  };
}

/** The month a round of this operator was archived in and dropped from the history, if it was. */
export async function droppedMonthOf(
  db: Db,
  operatorId: string,
  roundId: string,
): Promise<string | undefined> {
  const row = await historyDb({ db })
    .selectFrom("history_dropped_rounds")
    .select("month")
    .where("round_id", "=", roundId)
    .where("operator_id", "=", operatorId)
    .executeTakeFirst();
  return row?.month;
}

function newestFirst(a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
