import { type Kysely, sql } from "kysely";

/** Operators, their secrets, limits and packs, game sessions and the audit trail. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("operators")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("callback_url", "text")
    .addColumn("lobby_url", "text")
    .addColumn("allowed_countries", "jsonb")
    .addColumn("frame_ancestors", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("sandbox", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("operators_single_sandbox")
    .on("operators")
    .column("sandbox")
    .unique()
    .where(sql.ref("sandbox"), "=", true)
    .execute();

  await db.schema
    .createTable("operator_secrets")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("operator_id", "uuid", (c) => c.notNull().references("operators.id").onDelete("cascade"))
    .addColumn("sealed_secret", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("valid_until", "timestamptz")
    .addColumn("signs_callbacks_from", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("operator_secrets_single_current")
    .on("operator_secrets")
    .column("operator_id")
    .unique()
    .where(sql.ref("valid_until"), "is", null)
    .execute();
  await db.schema
    .createIndex("operator_secrets_operator")
    .on("operator_secrets")
    .column("operator_id")
    .execute();

  await db.schema
    .createTable("operator_bet_limits")
    .addColumn("operator_id", "uuid", (c) => c.notNull().references("operators.id").onDelete("cascade"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("min_bet", "bigint", (c) => c.notNull())
    .addColumn("max_bet", "bigint", (c) => c.notNull())
    .addColumn("max_win", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("operator_bet_limits_pk", ["operator_id", "currency"])
    .addCheckConstraint(
      "operator_bet_limits_order",
      sql`0 < min_bet and min_bet <= max_bet and max_bet <= max_win`,
    )
    .execute();

  await db.schema
    .createTable("packs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("pack_games")
    .addColumn("pack_id", "text", (c) => c.notNull().references("packs.id").onDelete("cascade"))
    .addColumn("game_code", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("pack_games_pk", ["pack_id", "game_code"])
    .execute();
  await db.schema
    .createTable("operator_packs")
    .addColumn("operator_id", "uuid", (c) => c.notNull().references("operators.id").onDelete("cascade"))
    .addColumn("pack_id", "text", (c) => c.notNull().references("packs.id"))
    .addPrimaryKeyConstraint("operator_packs_pk", ["operator_id", "pack_id"])
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("operator_id", "uuid", (c) => c.notNull().references("operators.id"))
    .addColumn("player_id", "text", (c) => c.notNull())
    .addColumn("game_code", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("country_code", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull().check(sql`mode in ('demo', 'real')`))
    .addColumn("min_bet", "bigint", (c) => c.notNull())
    .addColumn("max_bet", "bigint", (c) => c.notNull())
    .addColumn("max_win", "bigint", (c) => c.notNull())
    .addColumn("launch_key", "text", (c) => c.notNull())
    .addColumn("details", "jsonb")
    .addColumn("demo_balance", "bigint")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sessions_launch_key")
    .on("sessions")
    .columns(["operator_id", "launch_key", "expires_at"])
    .execute();

  await db.schema
    .createTable("session_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("session_id", "uuid", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("valid_until", "timestamptz")
    .execute();
  await db.schema.createIndex("session_tokens_session").on("session_tokens").column("session_id").execute();

  await db.schema
    .createTable("audit_events")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("at", "timestamptz", (c) => c.notNull())
    .addColumn("operator_id", "uuid")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("data", "jsonb", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_events_operator")
    .on("audit_events")
    .columns(["operator_id", "id"])
    .execute();
  await db.schema.createIndex("audit_events_kind").on("audit_events").columns(["kind", "id"]).execute();
}
