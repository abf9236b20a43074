import type { SqlDatabase } from "./sql.ts";

/**
 * Amounts are integers of the currency's minor units. `numeric(78,0)` rather than `bigint`: the wire
 * grammar admits amounts up to 10^30 whole units, which with 8 decimals overflows a 64-bit integer,
 * and a wallet must refuse or store such a value, never fail on it.
 *
 * `wallet_transactions` is the ledger: one row per callback that was applied, plus "tombstone" rows
 * that claim the transactionId of a debit rolled back before it arrived. Every change of a balance is
 * a row, so `opening_balance + sum(balance_delta) = balance` holds for every player.
 */
const STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS wallet_players (
    id text PRIMARY KEY,
    currency text NOT NULL,
    balance numeric(78,0) NOT NULL CHECK (balance >= 0),
    opening_balance numeric(78,0) NOT NULL CHECK (opening_balance >= 0),
    disabled boolean NOT NULL DEFAULT false,
    excluded boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS wallet_rounds (
    id text PRIMARY KEY,
    player_id text NOT NULL REFERENCES wallet_players(id),
    closed boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE IF NOT EXISTS wallet_transactions (
    seq bigserial PRIMARY KEY,
    transaction_id text NOT NULL UNIQUE,
    kind text NOT NULL CHECK (kind IN ('debit', 'credit', 'rollback', 'tombstone')),
    player_id text NOT NULL REFERENCES wallet_players(id),
    round_id text NOT NULL,
    amount numeric(78,0) NOT NULL CHECK (amount >= 0),
    balance_delta numeric(78,0) NOT NULL,
    balance_after numeric(78,0) NOT NULL,
    reverses text,
    reversed_by text,
    fingerprint text,
    response text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  "CREATE INDEX IF NOT EXISTS wallet_transactions_player ON wallet_transactions (player_id, seq)",
];

/** Creates the tables if missing. The advisory lock keeps two wallets starting together from racing. */
export async function migrate(db: SqlDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(727274)");
    for (const statement of STATEMENTS) await tx.query(statement);
  });
}
