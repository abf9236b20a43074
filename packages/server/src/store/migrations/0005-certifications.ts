import type { Kysely } from "kysely";

/**
 * Integration-tester runs against operators' callback URLs: a production server allows real play only
 * for an operator whose latest run against its current callback URL passed. Rows are only ever added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("operator_certifications")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("operator_id", "uuid", (c) => c.notNull().references("operators.id").onDelete("cascade"))
    .addColumn("callback_url", "text", (c) => c.notNull())
    .addColumn("player_id", "text", (c) => c.notNull())
    .addColumn("second_player_id", "text")
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("started_at", "timestamptz", (c) => c.notNull())
    .addColumn("finished_at", "timestamptz", (c) => c.notNull())
    .addColumn("passed", "boolean", (c) => c.notNull())
    .addColumn("categories", "jsonb", (c) => c.notNull())
    .addColumn("totals", "jsonb", (c) => c.notNull())
    .addColumn("failed_checks", "jsonb", (c) => c.notNull())
    .addColumn("tester_version", "text", (c) => c.notNull())
    // JSON text, not jsonb: a wallet's answers quoted in the report may hold characters jsonb refuses (\u0000).
    .addColumn("report", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("operator_certifications_operator_url")
    .on("operator_certifications")
    .columns(["operator_id", "callback_url", "id"])
    .execute();
}
