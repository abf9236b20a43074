import type { Kysely } from "kysely";

/**
 * The rounds played on a grant, one row each, written in the same job that opens the round and takes the
 * grant's round. A round whose opening debit was refused or never confirmed is `returned`: its round went
 * back to the grant. Reports join it with the round for what was paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("free_round_plays")
    .addColumn("round_id", "uuid", (c) => c.primaryKey())
    .addColumn("grant_id", "uuid", (c) => c.notNull())
    .addColumn("campaign_id", "uuid", (c) => c.notNull())
    .addColumn("operator_id", "uuid", (c) => c.notNull())
    .addColumn("bet", "bigint", (c) => c.notNull())
    .addColumn("returned", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("free_round_plays_campaign")
    .on("free_round_plays")
    .columns(["campaign_id", "created_at"])
    .execute();
}
