import type { Kysely } from "kysely";

/**
 * What each wallet callback's attempts came to, for a round's timeline in the back office:
 * - `latency_ms`: how long the attempt that got the wallet's final answer took, written by the update that
 *   records that answer (so the bet path gains no statement); on the hot and the archived callbacks alike.
 * - `wallet_attempts`: one row per failed attempt only (no clear answer: a time-out, a transport error, a
 *   status other than 200, a malformed answer, ERROR_UNKNOWN), the first few of each callback (the rest are
 *   counted by `attempts`), each answer cut short. Never a signature: those travel in headers, never stored.
 *   A diagnostic of delivery, not a money record: the rows go when their callback leaves the hot table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["wallet_transactions", "wallet_transactions_history"]) {
    await db.schema.alterTable(table).addColumn("latency_ms", "integer").execute();
  }
  await db.schema
    .createTable("wallet_attempts")
    .addColumn("transaction_id", "text", (c) =>
      c.notNull().references("wallet_transactions.transaction_id").onDelete("cascade"),
    )
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull())
    .addColumn("latency_ms", "integer", (c) => c.notNull())
    .addColumn("http_status", "integer")
    .addColumn("error", "text", (c) => c.notNull())
    .addColumn("answer", "text")
    .addPrimaryKeyConstraint("wallet_attempts_pk", ["transaction_id", "attempt"])
    .execute();
}
