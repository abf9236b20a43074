import { type Kysely, sql } from "kysely";

/**
 * A player's history (GET /game/history) is the finished rounds of the session's game, not of every game the
 * player has played. Both player indexes lead with the game after the player, so that a page of one game reads
 * about as many entries as it answers however many rounds the player has in other games: the history page is
 * read each time a game opens. The operator's search by player without a game (reporting/round-search.ts)
 * reads the hot table's few weeks of that player's rounds and sorts them; the history partitions keep their
 * own search index (rounds_history_search_player, 0030).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("rounds_player_history").execute();
  await db.schema
    .createIndex("rounds_player_history")
    .on("rounds")
    .columns(["operator_id", "player_id", "game_code", "mode", "created_at", "id"])
    .execute();
  await db.schema.dropIndex("rounds_history_player").execute();
  await db.schema
    .createIndex("rounds_history_player")
    .on("rounds_history")
    .columns(["operator_id", "player_id", "game_code", "mode", "created_at", "id"])
    .where(sql.ref("status"), "in", sql`('closed', 'cancelled')`)
    .execute();
}
