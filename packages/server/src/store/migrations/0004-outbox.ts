import type { Kysely } from "kysely";

/**
 * What the outbox and the sweeper add to the round engine's tables (0002): the hand resolution of dead
 * letters, and the sweeper's leases on rounds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("wallet_transactions")
    .addColumn("resolved_at", "timestamptz")
    .addColumn("resolved_by", "text")
    .addColumn("resolution_note", "text")
    .execute();
  await db.schema
    .createTable("sweep_leases")
    .addColumn("round_id", "uuid", (c) => c.primaryKey().references("rounds.id").onDelete("cascade"))
    .addColumn("owner", "text", (c) => c.notNull())
    .addColumn("lease_until", "timestamptz", (c) => c.notNull())
    .execute();
}
