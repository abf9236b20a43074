import type { Kysely } from "kysely";

/** The operator's responsible-gambling page and the player's limits page, shown in the game's menu. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("operators")
    .addColumn("responsible_gambling_url", "text")
    .addColumn("limits_url", "text")
    .execute();
}
