import { type Kysely, sql } from "kysely";
import type { Database } from "../store/schema.ts";
import { type AuditFilterJson, parseAuditFilter } from "./audit-filter.ts";

/**
 * The audit trail as people read it: self-exclusions, unreadable responsible-gaming answers,
 * certifications, dead-letter decisions and every other recorded event, newest first, filtered by
 * operator, player, actor, kind and time.
 */

export interface AuditEntryView {
  id: string;
  at: string;
  operatorId: string | null;
  kind: string;
  /** Who (`cli:<account>`, `rgs`, ...); null for records older than the actor. */
  actor: string | null;
  data: unknown;
  /** Its place in its chain (the operator's, or the platform's); null until it is sealed. */
  seq: number | null;
}

export { instant } from "./audit-filter.ts";
export type { AuditFilterJson };

export class AuditTrail {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async list(json: AuditFilterJson): Promise<AuditEntryView[]> {
    const filter = parseAuditFilter(json);
    const { limit, kinds, since, until } = filter;
    let query = this.#db.selectFrom("audit_events").selectAll().orderBy("id", "desc").limit(limit);
    if (filter.operator !== undefined) query = query.where("operator_id", "=", filter.operator);
    if (kinds !== undefined) query = query.where("kind", "in", kinds);
    if (since !== undefined) query = query.where("at", ">=", since);
    if (until !== undefined) query = query.where("at", "<=", until);
    if (filter.actor !== undefined) query = query.where("actor", "=", filter.actor);
    if (filter.player !== undefined) {
      query = query.where(sql<string>`data->>'playerId'`, "=", filter.player);
    }
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id.toString(),
      at: row.at.toISOString(),
      operatorId: row.operator_id,
      kind: row.kind,
      actor: row.actor,
      data: row.data,
      seq: row.seq === null ? null : Number(row.seq),
    }));
  }
}
