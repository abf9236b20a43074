import { type Kysely, sql } from "kysely";

/**
 * Finished rounds and their wallet transactions leave the hot tables for history tables partitioned by
 * month of the round's finish (`rounds/history-mover.ts` moves them and creates the partitions). The hot
 * tables keep every round that is not over, so the partial unique index on unfinished rounds stays where
 * open rounds live. A partitioned table's unique indexes must include its partition key, so no index on
 * the history can promise that a transaction ID is never used twice; `transaction_ids` does: a plain
 * table of every ID ever written, filled by a trigger on each insert and never archived.
 *
 * The history tables copy the hot tables' columns as they are now (0008's included); a later migration
 * that adds a column to a hot table adds it to its history table too, or the move refuses to run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("transaction_ids")
    .addColumn("transaction_id", "text", (c) => c.primaryKey())
    .execute();
  await sql`insert into transaction_ids (transaction_id) select transaction_id from wallet_transactions`.execute(
    db,
  );
  // A statement-level trigger: one insert into the registry per statement, however many rows the group
  // commit writes at once.
  await sql`
    create function register_transaction_ids() returns trigger language plpgsql as $$
    begin
      insert into transaction_ids (transaction_id) select transaction_id from inserted;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger wallet_transactions_register_ids after insert on wallet_transactions
    referencing new table as inserted for each statement execute function register_transaction_ids()`.execute(
    db,
  );

  // The mover's scan: finished rounds, oldest first.
  await db.schema
    .createIndex("rounds_finished")
    .on("rounds")
    .column("closed_at")
    .where(sql.ref("status"), "in", sql`('closed', 'void')`)
    .execute();

  // The outbox's gauges and the dead-letter list read undelivered callbacks only; without this index they
  // read every transaction of the hot table (measured in docs/operations.md).
  await db.schema
    .createIndex("wallet_transactions_undelivered")
    .on("wallet_transactions")
    .columns(["created_at", "seq"])
    .where(sql.ref("status"), "in", sql`('pending', 'dead')`)
    .execute();

  // No foreign keys: the history is a record of what happened, and outlives sessions and leases.
  await sql`
    create table rounds_history (
      like rounds including defaults including constraints,
      finished_at timestamptz not null,
      primary key (id, finished_at)
    ) partition by range (finished_at)`.execute(db);
  await db.schema
    .createIndex("rounds_history_player")
    .on("rounds_history")
    .columns(["operator_id", "player_id", "mode", "created_at", "id"])
    .where(sql.ref("status"), "=", "closed")
    .execute();

  await sql`
    create table wallet_transactions_history (
      like wallet_transactions including defaults including constraints,
      round_finished_at timestamptz not null,
      primary key (transaction_id, round_finished_at)
    ) partition by range (round_finished_at)`.execute(db);
  await db.schema
    .createIndex("wallet_transactions_history_round")
    .on("wallet_transactions_history")
    .columns(["round_id", "seq"])
    .execute();
}
