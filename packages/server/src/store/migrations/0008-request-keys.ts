import { type Kysely, sql } from "kysely";

/**
 * Idempotency keys of the game API, stored with what they protect so a resend finds the original on any
 * instance and after a crash: a bet's key on the round it opened (written by the round's own insert), an
 * action's keys on its round (written by the step's own update). The digest tells a resend from a reuse of
 * the key for another request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("rounds")
    .addColumn("request_key", "text")
    .addColumn("request_digest", "text")
    .addColumn("action_keys", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .createIndex("rounds_request_key")
    .on("rounds")
    .columns(["operator_id", "player_id", "request_key"])
    .unique()
    .where(sql.ref("request_key"), "is not", null)
    .execute();
}
