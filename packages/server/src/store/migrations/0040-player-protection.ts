import type { Kysely } from "kysely";

/**
 * Player protection of the jurisdiction profiles (docs/jurisdictions.md). `round_pace`: when each player
 * last started a round a minimum round duration covers, one row per operator, player and mode, updated
 * conditionally in the job that opens the round, so two plays anywhere cannot both pass; the round that
 * took it and the start before are kept so a bet the wallet refuses gives the start back. Sessions remember
 * when their last reality check was acknowledged, and `reality_checks` records each acknowledgement with what
 * the player was shown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("round_pace")
    .addColumn("operator_id", "text", (c) => c.notNull())
    .addColumn("player_id", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("started_at", "timestamptz", (c) => c.notNull())
    .addColumn("round_id", "text")
    .addColumn("previous_started_at", "timestamptz")
    .addPrimaryKeyConstraint("round_pace_pkey", ["operator_id", "player_id", "mode"])
    .execute();
  await db.schema.alterTable("sessions").addColumn("reality_check_acked_at", "timestamptz").execute();
  await db.schema
    .createTable("reality_checks")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("session_id", "text", (c) => c.notNull())
    .addColumn("operator_id", "text", (c) => c.notNull())
    .addColumn("player_id", "text", (c) => c.notNull())
    .addColumn("acknowledged_at", "timestamptz", (c) => c.notNull())
    .addColumn("played_seconds", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("net_position", "bigint")
    .execute();
  await db.schema
    .createIndex("reality_checks_session")
    .on("reality_checks")
    .columns(["session_id", "acknowledged_at"])
    .execute();
}
