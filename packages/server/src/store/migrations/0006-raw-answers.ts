import type { Kysely } from "kysely";

/**
 * The exact bytes of each wallet answer, for audit. The `answer` column holds it as JSON for queries, but
 * a JSON column refuses the escaped NUL character that a wallet may send in any string; the raw bytes are
 * kept whatever they hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("wallet_transactions").addColumn("answer_raw", "bytea").execute();
}
