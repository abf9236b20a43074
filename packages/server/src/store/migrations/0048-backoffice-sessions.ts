import type { Kysely } from "kysely";

/**
 * Signed-in back-office sessions, in the store so that every instance honours them: the SHA-256 of the
 * cookie's token (the token itself is never stored), the CSRF token its page sends with every change, and
 * when it ends (idle or absolute, whichever is first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("backoffice_sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("backoffice_users.id").onDelete("cascade"))
    .addColumn("csrf_token", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("idle_until", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("backoffice_sessions_user")
    .on("backoffice_sessions")
    .column("user_id")
    .execute();
}
