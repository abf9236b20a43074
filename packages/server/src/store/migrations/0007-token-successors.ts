import type { Kysely } from "kysely";

/**
 * The token that replaced each refreshed session token, sealed with a key only the replaced token
 * yields (see sessions/token-successor.ts), so a refresh repeated within the grace answers the same new
 * token. Tokens themselves were stored only as their SHA-256 from the first migration on, so no stored
 * token needs converting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("session_tokens").addColumn("successor_sealed", "text").execute();
}
