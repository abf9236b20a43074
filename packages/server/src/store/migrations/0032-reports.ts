import { type Kysely, sql } from "kysely";

/**
 * The GGR report's aggregates (reporting/ggr-rollup.ts fills them after the fact, off the bet path) and the
 * operator's own time zone, whose days are kept exact beside UTC's.
 *
 * - `ggr_buckets`: real-money bets, wins and opened rounds per 15-minute UTC bucket of the wallet's
 *   confirmation, game and currency, with the bucket's distinct players; every zone's days and hours are
 *   sums of whole buckets (every offset in use is a multiple of 15 minutes).
 * - `ggr_days` and `ggr_day_players`: the same per calendar day in UTC and in the operator's zone, with the
 *   players of each day kept one row each, so a day's unique players are exact.
 * - `ggr_rollup`: the roll-up's watermark; everything confirmed before it is in the tables above.
 * The hot table gains one partial index, which is what the roll-up reads by; the history table gets the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("operators")
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("UTC"))
    .execute();
  await db.schema
    .createTable("ggr_buckets")
    .addColumn("operator_id", "uuid", (c) => c.notNull())
    .addColumn("bucket_start", "timestamptz", (c) => c.notNull())
    .addColumn("game_code", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("bets", "bigint", (c) => c.notNull())
    .addColumn("wins", "bigint", (c) => c.notNull())
    .addColumn("rounds", "bigint", (c) => c.notNull())
    .addColumn("players", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("ggr_buckets_pkey", ["operator_id", "bucket_start", "game_code", "currency"])
    .execute();
  await db.schema
    .createTable("ggr_days")
    .addColumn("operator_id", "uuid", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("game_code", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("bets", "bigint", (c) => c.notNull())
    .addColumn("wins", "bigint", (c) => c.notNull())
    .addColumn("rounds", "bigint", (c) => c.notNull())
    .addColumn("players", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("ggr_days_pkey", ["operator_id", "time_zone", "day", "game_code", "currency"])
    .execute();
  await db.schema
    .createTable("ggr_day_players")
    .addColumn("operator_id", "uuid", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("game_code", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("player_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("ggr_day_players_pkey", [
      "operator_id",
      "time_zone",
      "day",
      "game_code",
      "currency",
      "player_id",
    ])
    .execute();
  await db.schema
    .createTable("ggr_rollup")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("watermark", "timestamptz")
    .addColumn("passed_at", "timestamptz")
    .execute();
  await sql`insert into ggr_rollup (id, watermark, passed_at) values (1, null, null)`.execute(db);
  await db.schema
    .createIndex("wallet_transactions_confirmed")
    .on("wallet_transactions")
    .column("completed_at")
    .where(sql.ref("status"), "=", "ok")
    .execute();
  await db.schema
    .createIndex("wallet_transactions_history_confirmed")
    .on("wallet_transactions_history")
    .column("completed_at")
    .where(sql.ref("status"), "=", "ok")
    .execute();
}
