import { sql } from "kysely";
import type { Clock } from "../clock.ts";
import type { OutboxStats } from "../observability/wallet-metrics.ts";
import type { Store } from "../store/database.ts";
import { outboxDb } from "./tables.ts";

/** The outbox's backlog right now, for the metric gauges (computed on each scrape). */
export async function outboxStats(store: Pick<Store, "db">, clock: Clock): Promise<OutboxStats> {
  const row = await outboxDb(store)
    .selectFrom("wallet_transactions")
    .select([
      sql<number>`count(*) filter (where status = 'pending')::int`.as("depth"),
      sql<Date | null>`min(created_at) filter (where status = 'pending')`.as("oldest"),
      sql<number>`count(*) filter (where status = 'dead' and resolved_at is null)::int`.as("dead"),
      sql<number>`count(*) filter (where status = 'pending' and alerted_at is not null)::int`.as("alerting"),
    ])
    .where("kind", "in", ["credit", "rollback"])
    .where((eb) => eb.or([eb("status", "=", "pending"), eb("status", "=", "dead")]))
    .executeTakeFirstOrThrow();
  const oldest = row.oldest === null ? null : new Date(row.oldest);
  return {
    depth: row.depth,
    oldestPendingSeconds: oldest === null ? 0 : Math.max(0, (clock.now() - oldest.getTime()) / 1000),
    deadLetters: row.dead,
    alerting: row.alerting,
  };
}
