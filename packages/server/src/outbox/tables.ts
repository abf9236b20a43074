import type { Store } from "../store/database.ts";

/**
 * The outbox's own columns and table (migration 0004-outbox), added to the store's types for the
 * outbox, the sweeper and the dead-letter commands.
 */

export interface ResolutionColumns {
  /** Set when a person settled a dead letter by hand (`callbacks resolve`). */
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution_note: string | null;
  /** The credit with its own transaction ID that replaced this dead letter (migration 0059). */
  replaced_by: string | null;
}

/** One sweeper instance's claim on a round while it asks the round engine to settle it. */
export interface SweepLeasesTable {
  round_id: string;
  owner: string;
  lease_until: Date;
}

export function outboxDb(store: Pick<Store, "db">) {
  return store.db.withTables<{ wallet_transactions: ResolutionColumns; sweep_leases: SweepLeasesTable }>();
}

export type OutboxDb = ReturnType<typeof outboxDb>;
