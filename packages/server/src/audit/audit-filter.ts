import { OperatorError } from "../operators/operator-error.ts";

/**
 * The filter of `audit list` and its checks, apart from the trail's queries (operators/audit-trail.ts) so
 * that the CLI can check its arguments, and name the kind groups in its help, without loading the store.
 */

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

/** A checked filter, ready for a query. */
export interface AuditFilter {
  limit: number;
  operator?: string;
  player?: string;
  actor?: string;
  kinds?: string[];
  since?: Date;
  until?: Date;
}

/** Short names for the events people look for together. */
export const AUDIT_KIND_GROUPS: Readonly<Record<string, readonly string[]>> = {
  "self-exclusion": ["player_self_excluded", "wallet_answer_invalid"],
  certification: ["operator.certification"],
  "dead-letter": ["callback.retried", "callback.resolved"],
};

const AUDIT_LIST_DEFAULT_LIMIT = 100;
const AUDIT_LIST_MAX_LIMIT = 10_000;

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

/** Checks every field of `filter`, throwing an OperatorError that names the first one wrong. */
export function parseAuditFilter(filter: AuditFilterJson): AuditFilter {
  const limit = filter.limit ?? AUDIT_LIST_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_LIST_MAX_LIMIT) {
    throw new OperatorError(
      "invalid_request",
      `--limit must be a whole number from 1 to ${AUDIT_LIST_MAX_LIMIT}.`,
    );
  }
  if (filter.operator !== undefined && !UUID.test(filter.operator)) {
    throw new OperatorError("unknown_operator", `No operator has the ID ${JSON.stringify(filter.operator)}.`);
  }
  const kinds = kindsOf(filter.kind);
  const since = instant("since", filter.since);
  const until = instant("until", filter.until);
  return {
    limit,
    ...(filter.operator !== undefined && { operator: filter.operator }),
    ...(filter.player !== undefined && { player: filter.player }),
    ...(filter.actor !== undefined && { actor: filter.actor }),
    ...(kinds !== undefined && { kinds }),
    ...(since !== undefined && { since }),
    ...(until !== undefined && { until }),
  };
}
