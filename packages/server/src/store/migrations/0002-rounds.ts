import { type Kysely, sql } from "kysely";

/** Provably fair seed pairs, game rounds and the wallet transactions that move their money. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("seed_pairs")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("operator_id", "uuid", (c) => c.notNull().references("operators.id"))
    .addColumn("player_id", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull().check(sql`mode in ('demo', 'real')`))
    .addColumn("server_seed_sealed", "text", (c) => c.notNull())
    .addColumn("server_seed_hash", "text", (c) => c.notNull())
    .addColumn("client_seed", "text", (c) => c.notNull())
    .addColumn("next_nonce", "integer", (c) => c.notNull().defaultTo(0).check(sql`next_nonce >= 0`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('active', 'next', 'retired')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("retired_at", "timestamptz")
    .execute();
  // Exactly one active and one upcoming pair per player and mode: concurrent first requests cannot create two.
  for (const status of ["active", "next"] as const) {
    await db.schema
      .createIndex(`seed_pairs_one_${status}`)
      .on("seed_pairs")
      .columns(["operator_id", "player_id", "mode"])
      .unique()
      .where(sql.ref("status"), "=", status)
      .execute();
  }

  await db.schema
    .createTable("rounds")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("session_id", "uuid", (c) => c.notNull().references("sessions.id"))
    .addColumn("operator_id", "uuid", (c) => c.notNull().references("operators.id"))
    .addColumn("player_id", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull().check(sql`mode in ('demo', 'real')`))
    .addColumn("game_code", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("decimals", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('initializing', 'open', 'settling', 'closed', 'void')`),
    )
    .addColumn("stake_total", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("payout_total", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("params", "jsonb", (c) => c.notNull())
    .addColumn("state", "jsonb", (c) => c.notNull())
    .addColumn("view", "jsonb", (c) => c.notNull())
    .addColumn("actions", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("seed_pair_id", "uuid", (c) => c.notNull().references("seed_pairs.id"))
    .addColumn("nonce", "integer", (c) => c.notNull())
    .addColumn("random_position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("deadline", "timestamptz")
    .addColumn("close_reason", "text")
    .addColumn("note", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("last_action_at", "timestamptz", (c) => c.notNull())
    .addColumn("closed_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("rounds_one_active")
    .on("rounds")
    .columns(["operator_id", "player_id", "game_code", "mode"])
    .unique()
    .where(sql.ref("status"), "in", sql`('initializing', 'open', 'settling')`)
    .execute();
  await db.schema
    .createIndex("rounds_player_history")
    .on("rounds")
    .columns(["operator_id", "player_id", "mode", "created_at", "id"])
    .execute();
  // The sweeper's scans: idle open rounds and due deadlines.
  await db.schema
    .createIndex("rounds_unfinished")
    .on("rounds")
    .columns(["status", "last_action_at"])
    .where(sql.ref("status"), "in", sql`('initializing', 'open')`)
    .execute();
  await db.schema
    .createIndex("rounds_deadline")
    .on("rounds")
    .column("deadline")
    .where(sql.ref("deadline"), "is not", null)
    .execute();

  await db.schema
    .createTable("wallet_transactions")
    .addColumn("transaction_id", "text", (c) => c.primaryKey())
    .addColumn("round_id", "uuid", (c) => c.notNull().references("rounds.id"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('debit', 'credit', 'rollback')`))
    .addColumn("amount", "bigint", (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn("round_closed", "boolean", (c) => c.notNull())
    .addColumn("reverse_transaction_id", "text", (c) => c.references("wallet_transactions.transaction_id"))
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("request_body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'ok', 'refused', 'ambiguous', 'dead')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz")
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "timestamptz")
    .addColumn("last_error", "text")
    .addColumn("answer", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("completed_at", "timestamptz")
    .addColumn("alerted_at", "timestamptz")
    .addUniqueConstraint("wallet_transactions_round_seq", ["round_id", "seq"])
    .execute();
  // A debit is reversed at most once.
  await db.schema
    .createIndex("wallet_transactions_one_rollback")
    .on("wallet_transactions")
    .column("reverse_transaction_id")
    .unique()
    .where(sql.ref("reverse_transaction_id"), "is not", null)
    .execute();
  // The outbox's scan: due credits and rollbacks.
  await db.schema
    .createIndex("wallet_transactions_due")
    .on("wallet_transactions")
    .columns(["next_attempt_at", "round_id", "seq"])
    .where(sql.ref("status"), "=", "pending")
    .execute();
}
