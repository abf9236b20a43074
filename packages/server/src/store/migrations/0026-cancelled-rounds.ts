import { type Kysely, sql } from "kysely";

/**
 * A round whose bet the wallet never confirmed ends with a rollback: it was cancelled before it was played,
 * so it gets a status of its own, `cancelled`, rather than `closed` (docs/round-engine.md). Rounds that
 * ended so before this migration, hot or archived, take it too. The mover's scan and the history's player
 * index take cancelled rounds as they take closed ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statuses = sql`('initializing', 'open', 'settling', 'closed', 'cancelled', 'void')`;
  for (const table of ["rounds", "rounds_history"]) {
    // The history copied the hot table's check constraint, name included (0009).
    await sql`alter table ${sql.table(table)} drop constraint rounds_status_check`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint rounds_status_check check (status in ${statuses})`.execute(
      db,
    );
  }
  await sql`
    update rounds r set status = 'cancelled'
    where r.status = 'closed'
      and exists (select 1 from wallet_transactions t
                  where t.round_id = r.id and t.kind = 'rollback' and t.round_closed)`.execute(db);
  await sql`
    update rounds_history r set status = 'cancelled'
    where r.status = 'closed'
      and exists (select 1 from wallet_transactions_history t
                  where t.round_id = r.id and t.kind = 'rollback' and t.round_closed)`.execute(db);

  await db.schema.dropIndex("rounds_finished").execute();
  await db.schema
    .createIndex("rounds_finished")
    .on("rounds")
    .column("closed_at")
    .where(sql.ref("status"), "in", sql`('closed', 'cancelled', 'void')`)
    .execute();
  await db.schema.dropIndex("rounds_history_player").execute();
  await db.schema
    .createIndex("rounds_history_player")
    .on("rounds_history")
    .columns(["operator_id", "player_id", "mode", "created_at", "id"])
    .where(sql.ref("status"), "in", sql`('closed', 'cancelled')`)
    .execute();
}
