import { type Kysely, sql } from "kysely";
import { historyDb } from "../rounds/history-tables.ts";
import type { Database } from "../store/schema.ts";
import { type FoundTransaction, type Keyset, toTransaction } from "./round-search.ts";
import type { TransactionFilters } from "./search-filters.ts";

/**
 * The queries of `POST /operator/transactions/search`: one operator's real-money wallet transactions, from
 * the hot table and then the history partitions (kept once when a move is read twice). With a time range
 * they are paged by the time the wallet's final answer was recorded (completed_at, transaction_id), newest
 * first; with only a round, by the time they were written (created_at), so that the round's transactions
 * still pending are listed too. Both keys never change once set, and the search's fixed upper bound `asOf`
 * keeps later confirmations out: pages neither skip nor repeat while bets go on.
 */

export interface FoundTransactionEntry extends FoundTransaction {
  playerId: string;
  gameCode: string;
  currency: string;
  decimals: number;
}

export interface TransactionQuery {
  operatorId: string;
  filters: TransactionFilters;
  asOf: Date;
  after?: Keyset;
  limit: number;
}

type Db = Kysely<Database>;

/** The time a transaction is paged by: its confirmation with a time range, its creation without one. */
export function pagingTime(filters: TransactionFilters, tx: FoundTransaction): Date {
  return filters.range === undefined ? tx.createdAt : (tx.completedAt ?? tx.createdAt);
}

export async function findTransactions(db: Db, query: TransactionQuery): Promise<FoundTransactionEntry[]> {
  const found = new Map<string, FoundTransactionEntry>();
  for (const archived of [false, true]) {
    for (const tx of await readTable(db, query, archived)) {
      if (!found.has(tx.transactionId)) found.set(tx.transactionId, tx);
    }
  }
  const time = (tx: FoundTransaction) => pagingTime(query.filters, tx).getTime();
  return [...found.values()]
    .sort((a, b) => {
      const byTime = time(b) - time(a);
      if (byTime !== 0) return byTime;
      return a.transactionId < b.transactionId ? 1 : a.transactionId > b.transactionId ? -1 : 0;
    })
    .slice(0, query.limit);
}

async function readTable(
  db: Db,
  query: TransactionQuery,
  archived: boolean,
): Promise<FoundTransactionEntry[]> {
  const { filters } = query;
  const byConfirmation = filters.range !== undefined;
  const time = byConfirmation ? "t.completed_at" : "t.created_at";
  const base = archived
    ? historyDb({ db })
        .selectFrom("wallet_transactions_history as t")
        .innerJoin("rounds_history as r", (join) =>
          join.onRef("r.id", "=", "t.round_id").onRef("r.finished_at", "=", "t.round_finished_at"),
        )
    : hotBase(db);
  // Both joins have the same columns: one builder serves them.
  let select = (base as ReturnType<typeof hotBase>)
    .select([
      "t.transaction_id",
      "t.round_id",
      "t.seq",
      "t.kind",
      "t.amount",
      "t.status",
      "t.attempts",
      "t.created_at",
      "t.completed_at",
      sql<string | null>`t.answer->>'status'`.as("last_status"),
      "r.player_id",
      "r.game_code",
      "r.currency",
      "r.decimals",
    ])
    .where("r.operator_id", "=", query.operatorId)
    .where("r.mode", "=", "real")
    .where(time, "<=", query.asOf);
  if (filters.roundId !== undefined) select = select.where("t.round_id", "=", filters.roundId);
  if (filters.playerId !== undefined) select = select.where("r.player_id", "=", filters.playerId);
  if (filters.kinds !== undefined) select = select.where("t.kind", "in", filters.kinds);
  if (filters.states !== undefined) select = select.where("t.status", "in", filters.states);
  if (filters.range !== undefined) {
    select = select
      .where("t.completed_at", ">=", filters.range.from)
      .where("t.completed_at", "<", filters.range.to);
  }
  if (query.after !== undefined) {
    const { at, id } = query.after;
    select = select.where(
      byConfirmation
        ? sql<boolean>`(t.completed_at, t.transaction_id) < (${at}, ${id})`
        : sql<boolean>`(t.created_at, t.transaction_id) < (${at}, ${id})`,
    );
  }
  const rows = await select
    .orderBy(time, "desc")
    .orderBy("t.transaction_id", "desc")
    .limit(query.limit)
    .execute();
  return rows.map((row) => ({
    ...toTransaction(row),
    playerId: row.player_id,
    gameCode: row.game_code,
    currency: row.currency,
    decimals: row.decimals,
  }));
}

function hotBase(db: Db) {
  return db.selectFrom("wallet_transactions as t").innerJoin("rounds as r", "r.id", "t.round_id");
}
