import { type Kysely, sql } from "kysely";

/**
 * The operator's searches (reporting/round-search.ts, reporting/transaction-search.ts) page through one
 * operator's real-money rounds by start time, a player's rounds by start time, and transactions by the time
 * the wallet's answer was recorded, in the hot tables and in the history partitions. Each of those orders
 * gets an index, so a page reads about as many index entries as it answers (docs/reporting.md shows the
 * plans); on the partitioned history tables each index is a partitioned one, created on every month's
 * partition, present and future.
 *
 * A month's partitions are dropped once exported (rounds/history-retention.ts); `history_dropped_rounds`
 * keeps which rounds left with them and from which month, so a search for one of them answers that the
 * round is archived rather than unknown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("rounds_search_started")
    .on("rounds")
    .columns(["operator_id", "mode", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("rounds_history_search_started")
    .on("rounds_history")
    .columns(["operator_id", "mode", "created_at", "id"])
    .execute();
  // The hot table's rounds_player_history has these columns; the history's player index is for closed
  // rounds only, and a search also finds void ones.
  await db.schema
    .createIndex("rounds_history_search_player")
    .on("rounds_history")
    .columns(["operator_id", "player_id", "mode", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("wallet_transactions_search_confirmed")
    .on("wallet_transactions")
    .columns(["completed_at", "transaction_id"])
    .where(sql.ref("completed_at"), "is not", null)
    .execute();
  await db.schema
    .createIndex("wallet_transactions_history_search_confirmed")
    .on("wallet_transactions_history")
    .columns(["completed_at", "transaction_id"])
    .where(sql.ref("completed_at"), "is not", null)
    .execute();
  // A search by transaction ID finds the round through the hot table's primary key or this index.
  await db.schema
    .createIndex("wallet_transactions_history_search_id")
    .on("wallet_transactions_history")
    .column("transaction_id")
    .execute();

  await db.schema
    .createTable("history_dropped_rounds")
    .addColumn("round_id", "uuid", (c) => c.primaryKey())
    .addColumn("operator_id", "uuid", (c) => c.notNull())
    .addColumn("month", "text", (c) => c.notNull())
    .execute();
}
