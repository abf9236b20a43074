import type { Kysely } from "kysely";

/**
 * Jurisdiction profiles (docs/jurisdictions.md): the operator's default profile, and per session the profile
 * that applies and its reality-check interval. Rows written before keep the `default` profile, the rules
 * they were played under.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("operators")
    .addColumn("jurisdiction", "text", (c) => c.notNull().defaultTo("default"))
    .execute();
  await db.schema
    .alterTable("sessions")
    .addColumn("jurisdiction", "text", (c) => c.notNull().defaultTo("default"))
    .addColumn("reality_check_minutes", "integer")
    .execute();
}
