import type { Kysely } from "kysely";

/**
 * The GGR aggregates gain the bonus line of free rounds: `bonus_wins` (what the wallet confirmed paying on
 * free rounds) and `bonus_rounds` (free rounds whose `0` debit it confirmed), kept beside the paid play's
 * bets, wins and rounds so that GGR stays a figure of paid play. Rows rolled up before hold 0 there and their
 * free-round wins among the wins until `reports rebuild` recomputes them from the transactions.
 *
 * `free_round_plays` gains an index by operator and opening, which the free-round report walks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["ggr_buckets", "ggr_days", "ggr_day_totals"]) {
    await db.schema
      .alterTable(table)
      .addColumn("bonus_wins", "bigint", (c) => c.notNull().defaultTo(0))
      .addColumn("bonus_rounds", "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createIndex("free_round_plays_operator")
    .on("free_round_plays")
    .columns(["operator_id", "created_at"])
    .execute();
}
