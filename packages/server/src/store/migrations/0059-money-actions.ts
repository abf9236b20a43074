import { type Kysely, sql } from "kysely";

/**
 * Two money actions of the back office (docs/back-office.md):
 * - A dead credit the wallet did not apply may be replaced by a new credit with its own transaction ID.
 *   `replaced_by` names the replacement, on the hot and the archived callbacks alike (they keep the same
 *   columns), so the old one reads as replaced and never as paid.
 * - A stuck round may be settled through the sweeper's abandon rule: its approval names the round and no
 *   callback, so `transaction_id` may be null, and one settlement per round may wait at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["wallet_transactions", "wallet_transactions_history"]) {
    await db.schema.alterTable(table).addColumn("replaced_by", "text").execute();
  }
  await db.schema
    .alterTable("backoffice_approvals")
    .alterColumn("transaction_id", (c) => c.dropNotNull())
    .execute();
  await sql`create unique index backoffice_approvals_one_pending_settlement on backoffice_approvals (round_id)
    where status = 'pending' and transaction_id is null`.execute(db);
}
