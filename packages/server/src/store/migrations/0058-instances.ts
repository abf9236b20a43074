import type { Kysely } from "kysely";

/**
 * The RGS instances sharing this store (docs/operations.md): each one's row says where it runs and when it
 * was last heard from, so the on-call view reads them from the database rather than from one instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rgs_instances")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("host", "text", (c) => c.notNull())
    .addColumn("pid", "integer", (c) => c.notNull())
    .addColumn("started_at", "timestamptz", (c) => c.notNull())
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull())
    .addColumn("stopped_at", "timestamptz")
    .execute();
}
