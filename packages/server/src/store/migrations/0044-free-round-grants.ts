import { type Kysely, sql } from "kysely";

/**
 * A campaign's grants: rounds given to one player, unique by the operator's reference within the campaign.
 * `rounds_remaining` is what the opening of a free round takes one from, in the write that opens it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("free_round_grants")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("campaign_id", "uuid", (c) => c.notNull().references("free_round_campaigns.id"))
    .addColumn("operator_id", "uuid", (c) => c.notNull())
    .addColumn("player_id", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("rounds", "integer", (c) => c.notNull())
    .addColumn("rounds_remaining", "integer", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addUniqueConstraint("free_round_grants_reference", ["campaign_id", "reference"])
    .addCheckConstraint(
      "free_round_grants_remaining",
      sql`rounds_remaining >= 0 and rounds_remaining <= rounds`,
    )
    .execute();
  await db.schema
    .createIndex("free_round_grants_player")
    .on("free_round_grants")
    .columns(["operator_id", "player_id"])
    .execute();
}
