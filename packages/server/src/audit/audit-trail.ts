import { type Kysely, sql } from "kysely";
import { OperatorError } from "../operators/operator-error.ts";
import type { Database } from "../store/schema.ts";

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

export interface AuditFilterJson {
  operator?: string;
  player?: string;
  /** Who: `cli:alice`, `rgs`, ... */
  actor?: string;
  /** Comma-separated kinds or group names (see AUDIT_KIND_GROUPS). */
  kind?: string;
  /** ISO 8601 instants, inclusive. */
  since?: string;
  until?: string;
  limit?: number;
}

/** Short names for the events people look for together. */
export const AUDIT_KIND_GROUPS: Readonly<Record<string, readonly string[]>> = {
  "self-exclusion": ["player_self_excluded", "wallet_answer_invalid"],
  certification: ["operator.certification"],
  "dead-letter": ["callback.retried", "callback.resolved"],
};

export const AUDIT_LIST_DEFAULT_LIMIT = 100;
export const AUDIT_LIST_MAX_LIMIT = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KIND = /^[a-z0-9_.-]{1,64}$/;

/** An ISO 8601 date or instant given as `--<name>`; undefined when absent. */
export function instant(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new OperatorError(
      "invalid_request",
      `--${name} must be an ISO 8601 date or instant (2030-01-31 or 2030-01-31T12:00:00Z), not ${JSON.stringify(value)}.`,
    );
  }
  return date;
}

function kindsOf(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const kinds = value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "")
    .flatMap((item) => {
      const group = AUDIT_KIND_GROUPS[item];
      if (group !== undefined) return group;
      if (!KIND.test(item)) {
        throw new OperatorError(
          "invalid_request",
          `--kind ${JSON.stringify(item)} is not an audit event kind.`,
        );
      }
      return [item];
    });
  return kinds.length > 0 ? kinds : undefined;
}

export class AuditTrail {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async list(filter: AuditFilterJson): Promise<AuditEntryView[]> {
    const limit = filter.limit ?? AUDIT_LIST_DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_LIST_MAX_LIMIT) {
      throw new OperatorError(
        "invalid_request",
        `--limit must be a whole number from 1 to ${AUDIT_LIST_MAX_LIMIT}.`,
      );
    }
    if (filter.operator !== undefined && !UUID.test(filter.operator)) {
      throw new OperatorError(
        "unknown_operator",
        `No operator has the ID ${JSON.stringify(filter.operator)}.`,
      );
    }
    const kinds = kindsOf(filter.kind);
    const since = instant("since", filter.since);
    const until = instant("until", filter.until);
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
