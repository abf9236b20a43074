import { type Kysely, sql } from "kysely";

/**
 * Money actions of the back office waiting for a second platform admin (docs/back-office.md): what was asked
 * (the action and the callback it acts on), by whom and why, and who decided, when, with what outcome.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("backoffice_approvals")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("operator_id", "uuid", (c) => c.notNull().references("operators.id"))
    .addColumn("transaction_id", "text", (c) => c.notNull())
    .addColumn("round_id", "uuid", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("requested_by", "uuid", (c) => c.notNull().references("backoffice_users.id"))
    .addColumn("requested_at", "timestamptz", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'approved', 'rejected', 'failed')`),
    )
    .addColumn("decided_by", "uuid", (c) => c.references("backoffice_users.id"))
    .addColumn("decided_at", "timestamptz")
    .addColumn("outcome", "text")
    .execute();
  // One pending request per callback: a second person cannot queue a contradicting action beside it.
  await sql`create unique index backoffice_approvals_one_pending on backoffice_approvals (transaction_id) where status = 'pending'`.execute(
    db,
  );
}
