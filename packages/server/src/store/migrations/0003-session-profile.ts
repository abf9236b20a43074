import type { Kysely } from "kysely";

/**
 * What the operator's wallet told about the player at a real-money launch (authenticate answer): the
 * language the game client shows, the country and name, and the balance at launch. Null in demo play
 * and whenever the wallet left a field out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("sessions")
    .addColumn("player_name", "text")
    .addColumn("player_country", "text")
    .addColumn("player_language", "text")
    .addColumn("launch_balance", "bigint")
    .execute();
}
