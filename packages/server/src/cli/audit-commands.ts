import { AUDIT_KIND_GROUPS, type AuditFilterJson, parseAuditFilter } from "../audit/audit-filter.ts";
import type { AuditEntryView } from "../operators/audit-trail.ts";
import type { CommandSpec } from "./commands.ts";

/**
 * `audit list`: the audit trail without SQL. Mistakes in the arguments, and values the trail would refuse
 * (dates, kinds, an operator ID that cannot be one), throw before anything is opened: the CLI reports them
 * as usage errors.
 */

type Values = Parameters<CommandSpec["prepare"]>[0];

function option(values: Values, name: string): string | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "") throw new Error(`--${name} needs a value`);
  return value.trim();
}

/** One event per paragraph: when, what, for whom, then its recorded data as indented JSON. */
export function formatAuditEntry(entry: AuditEntryView): string {
  const data = JSON.stringify(entry.data, null, 2) ?? "null";
  return [
    `${entry.at}  ${entry.kind}  (event ${entry.id}${entry.operatorId === null ? "" : `, operator ${entry.operatorId}`})`,
    ...data.split("\n").map((line) => `  ${line}`),
  ].join("\n");
}

const GROUPS = Object.keys(AUDIT_KIND_GROUPS).join(", ");

export const AUDIT_COMMANDS: CommandSpec[] = [
  {
    name: "audit list",
    args: "[--operator ID] [--player ID] [--kind KIND,...] [--since DATE] [--until DATE] [--limit N]",
    summary: `List audit events, newest first: self-exclusions, certifications, dead-letter decisions, operator changes. --kind takes event kinds or the groups ${GROUPS}; --since and --until take ISO 8601 dates or instants; --limit defaults to 100.`,
    options: {
      operator: { type: "string" },
      player: { type: "string" },
      kind: { type: "string" },
      since: { type: "string" },
      until: { type: "string" },
      limit: { type: "string" },
    },
    positionals: { names: [] },
    prepare(values) {
      const filter: AuditFilterJson = {};
      for (const name of ["operator", "player", "kind", "since", "until"] as const) {
        const value = option(values, name);
        if (value !== undefined) filter[name] = value;
      }
      const limit = option(values, "limit");
      if (limit !== undefined) {
        if (!/^\d{1,6}$/.test(limit)) throw new Error("--limit must be a whole number");
        filter.limit = Number(limit);
      }
      parseAuditFilter(filter);
      return async (api) => {
        const entries = await api.listAudit(filter);
        return {
          json: entries,
          text: entries.length > 0 ? entries.map(formatAuditEntry).join("\n\n") : "No audit events match.",
        };
      };
    },
  },
];
