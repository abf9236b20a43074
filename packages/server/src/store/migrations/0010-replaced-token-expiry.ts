import { type Kysely, sql } from "kysely";

/**
 * Replaced session tokens carry the end of their grace (`valid_until`) and, sealed, the token that replaced
 * them. Past the grace they can neither act nor be refreshed, so they are deleted (sessions/token-purger.ts);
 * this index finds them without reading the live tokens, which have no `valid_until`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("session_tokens_replaced")
    .on("session_tokens")
    .column("valid_until")
    .where(sql.ref("valid_until"), "is not", null)
    .execute();
}
