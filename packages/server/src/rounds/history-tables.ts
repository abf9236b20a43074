import type { ColumnType } from "kysely";
import type { ResolutionColumns } from "../outbox/tables.ts";
import type { Store } from "../store/database.ts";
import type { RoundsTable, WalletTransactionsTable } from "../store/schema.ts";

/**
 * The history tables of migration 0009, added to the store's types for the mover and the reads that
 * must also find archived rounds. Each has its hot table's columns plus the partition key.
 */

type Timestamp = ColumnType<Date, Date, Date>;

export interface RoundsHistoryTable extends RoundsTable {
  /** The round's `closed_at`: the month partition it lives in. */
  finished_at: Timestamp;
}

export interface WalletTransactionsHistoryTable extends WalletTransactionsTable, ResolutionColumns {
  round_finished_at: Timestamp;
}

/** Every transaction ID ever written, hot or archived: what keeps one unique forever. */
export interface TransactionIdsTable {
  transaction_id: string;
}

/** Rounds whose month was dropped after its export (migration 0030): what a search says of them. */
export interface HistoryDroppedRoundsTable {
  round_id: string;
  operator_id: string;
  /** YYYY-MM of the round's finish. */
  month: string;
}

export function historyDb(store: Pick<Store, "db">) {
  return store.db.withTables<{
    rounds_history: RoundsHistoryTable;
    wallet_transactions_history: WalletTransactionsHistoryTable;
    transaction_ids: TransactionIdsTable;
    history_dropped_rounds: HistoryDroppedRoundsTable;
  }>();
}

export type HistoryDb = ReturnType<typeof historyDb>;
