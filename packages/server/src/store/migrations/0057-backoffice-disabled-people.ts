import type { Kysely } from "kysely";

/**
 * A person of the back office can be disabled (docs/back-office.md): kept, with everything they did in the
 * audit trail, but unable to sign in. When, and by whom, is on the row so the People page can say so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("backoffice_users")
    .addColumn("disabled_at", "timestamptz")
    .addColumn("disabled_by", "text")
    .execute();
}
