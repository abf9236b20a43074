import { type Kysely, sql } from "kysely";

/**
 * One row per operator whose tester has run: the lease of the run going on (held by one instance until it
 * is released or expires, so two instances never run the same operator's tester at once) and how the last
 * run that finished ended, so a run stopped before its report is still told on the operator's page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("certification_runs")
    .addColumn("operator_id", "text", (c) => c.primaryKey())
    .addColumn("instance_id", "text", (c) => c.notNull())
    .addColumn("started_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("running", "boolean", (c) => c.notNull())
    .addColumn("finished_at", "timestamptz")
    .addColumn("outcome", "text", (c) => c.check(sql`outcome in ('ok', 'failed', 'stopped', 'timed_out')`))
    .addColumn("error_code", "text")
    .addColumn("detail", "text")
    .execute();
}
