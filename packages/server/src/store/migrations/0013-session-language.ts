import type { Kysely } from "kysely";

/**
 * The language the operator asked for in the launch request (`languageCode`, ISO 639-1). It comes before the
 * wallet's `player_language` in the game client's choice of language; null when the launch named none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("language", "text").execute();
}
