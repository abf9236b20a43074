import { type Kysely, sql } from "kysely";

/**
 * Free-round campaigns (docs/free-rounds.md): the operator's opt-in, and its campaigns, each unique by the
 * operator's own reference so that a resent creation finds the first. `request_digest` tells a resend from
 * a different campaign under a reference already taken. Games and fixed parameters are JSON; the bet is
 * in minor units of the campaign's currency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("operators")
    .addColumn("free_rounds", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable("free_round_campaigns")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("operator_id", "uuid", (c) => c.notNull().references("operators.id"))
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("request_digest", "text", (c) => c.notNull())
    .addColumn("game_codes", "jsonb", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("bet", "bigint", (c) => c.notNull())
    .addColumn("params", "jsonb")
    .addColumn("rounds_per_player", "integer", (c) => c.notNull())
    .addColumn("starts_at", "timestamptz", (c) => c.notNull())
    .addColumn("ends_at", "timestamptz", (c) => c.notNull())
    .addColumn("cancelled_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("free_round_campaigns_reference", ["operator_id", "reference"])
    .execute();
}
