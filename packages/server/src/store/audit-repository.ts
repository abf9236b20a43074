import type { Kysely } from "kysely";
import type { Clock } from "../clock.ts";
import type { Database } from "./schema.ts";

export interface AuditEvent {
  /** Decimal string of the bigserial id: ascending in recording order. */
  id: string;
  at: Date;
  operatorId: string | null;
  kind: string;
  data: unknown;
}

export interface AuditRepository {
  record(event: { operatorId: string | null; kind: string; data: unknown }): Promise<void>;
  /** Newest first; `limit` defaults to 100. */
  list(filter?: { operatorId?: string; kind?: string; limit?: number }): Promise<AuditEvent[]>;
}

export class SqlAuditRepository implements AuditRepository {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;

  constructor(db: Kysely<Database>, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async record(event: { operatorId: string | null; kind: string; data: unknown }): Promise<void> {
    await this.#db
      .insertInto("audit_events")
      .values({
        at: new Date(this.#clock.now()),
        operator_id: event.operatorId,
        kind: event.kind,
        data: JSON.stringify(event.data ?? null),
      })
      .execute();
  }

  async list(filter: { operatorId?: string; kind?: string; limit?: number } = {}): Promise<AuditEvent[]> {
    let query = this.#db
      .selectFrom("audit_events")
      .selectAll()
      .orderBy("id", "desc")
      .limit(filter.limit ?? 100);
    if (filter.operatorId !== undefined) query = query.where("operator_id", "=", filter.operatorId);
    if (filter.kind !== undefined) query = query.where("kind", "=", filter.kind);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: r.id.toString(),
      at: r.at,
      operatorId: r.operator_id,
      kind: r.kind,
      data: r.data,
    }));
  }
}
