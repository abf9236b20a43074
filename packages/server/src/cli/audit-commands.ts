import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type {
  AuditExportResult,
  PublishedHead,
  PublishedHeadView,
  VerifyReport,
} from "../audit/audit-chain.ts";
import { AUDIT_KIND_GROUPS, type AuditFilterJson, instant, parseAuditFilter } from "../audit/audit-filter.ts";
import type { AuditEntryView } from "../audit/audit-trail.ts";
import type { Finding } from "../audit/chain-check.ts";
import { type CommandSpec, UsageError } from "./command-spec.ts";

/**
 * The `audit` commands: the trail without SQL (`list`), whether it is whole (`verify`), a regulator's signed
 * copy of one operator's records (`export`) and its head to keep outside the database (`head`). Mistakes in
 * the arguments, and values the trail would refuse (dates, kinds, an operator ID that cannot be one), throw
 * before anything is opened: the CLI reports them as usage errors. The audit trail's modules are imported
 * for their types only, so the CLI's help does not load the store's code.
 */

type Values = Parameters<CommandSpec["prepare"]>[0];

function option(values: Values, name: string): string | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "") throw new Error(`--${name} needs a value`);
  return value.trim();
}

/** One event per paragraph: when, what, for whom, then its recorded data as indented JSON. */
function formatAuditEntry(entry: AuditEntryView): string {
  const data = JSON.stringify(entry.data, null, 2) ?? "null";
  return [
    `${entry.at}  ${entry.kind}  (event ${entry.id}${entry.operatorId === null ? "" : `, operator ${entry.operatorId}`}${entry.actor === null ? "" : `, by ${entry.actor}`}${entry.seq === null ? ", not sealed yet" : `, link ${entry.seq}`})`,
    ...data.split("\n").map((line) => `  ${line}`),
  ].join("\n");
}

const GROUPS = Object.keys(AUDIT_KIND_GROUPS).join(", ");

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function firstOf(findings: Finding[], problems: number): string {
  const [first] = findings;
  if (!first) return "intact";
  return `BROKEN: ${first.message}${problems > 1 ? ` (and ${plural(problems - 1, "more problem")})` : ""}`;
}

/** One line for the passes, one per chain (the first broken link first), one for the unsealed records. */
function formatVerifyReport(report: VerifyReport): string {
  const lines = [
    `Seal passes: ${report.passes.count}, ${firstOf(report.passes.findings, report.passes.problems)}.`,
  ];
  for (const chain of report.chains) {
    const name = chain.chain === "platform" ? "platform" : `operator ${chain.chain}`;
    lines.push(
      `Chain of ${name}: ${plural(chain.links, "link")}, ${firstOf(chain.findings, chain.problems)}.`,
    );
  }
  if (report.pending.records > 0 || report.pending.problems > 0) {
    lines.push(
      `Not sealed yet: ${plural(report.pending.records, "record")}, ${firstOf(report.pending.findings, report.pending.problems)}.`,
    );
  }
  if (report.publishedHead) {
    lines.push(
      `Published head of seal pass ${report.publishedHead.generation}: ${report.publishedHead.found ? "in the database" : "NOT in the database"}.`,
    );
  }
  const problems =
    report.passes.problems +
    report.pending.problems +
    report.chains.reduce((sum, chain) => sum + chain.problems, 0);
  lines.push(
    report.ok ? "The audit trail is intact." : `The audit trail is BROKEN: ${plural(problems, "problem")}.`,
  );
  return lines.join("\n");
}

function formatAuditExport(view: AuditExportResult): string {
  return [
    view.records === 0
      ? `No record of ${view.chain} falls in the period; ${view.file} states so, signed.`
      : `Exported ${plural(view.records, "record")} of ${view.chain} (links ${view.firstSeq} to ${view.lastSeq}) to ${view.file}.`,
    `SHA-256 of the file: ${view.sha256}`,
    `Signed with key ${view.keyId}; docs/audit.md says how to verify it with its public key alone.`,
  ].join("\n");
}

function formatAuditHead(view: PublishedHeadView | null): string {
  if (!view) return "Nothing has been recorded yet: the audit trail has no head.";
  return [
    `Seal pass ${view.head.generation}, sealed at ${view.head.sealedAt}, digest ${view.head.digest}, key ${view.head.keyId}.`,
    "Keep this head outside the database (`audit head --json` gives it as JSON); `audit verify --head FILE` checks the trail still holds it.",
    `Statement: ${view.statement}`,
    `Signature: ${view.signature}`,
    view.publicKey.trimEnd(),
  ].join("\n");
}

/**
 * A published head from a file: what `audit head --json` printed, or a seal pass's log line (whose `audit`
 * field carries it as `head`).
 */
function parsePublishedHead(text: string, file: string): PublishedHead {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(
      `${file} is not JSON: give the output of \`audit head --json\` or a log line of a seal pass.`,
    );
  }
  const candidates = [parsed, (parsed as { audit?: { head?: unknown } } | null)?.audit?.head];
  for (const candidate of candidates) {
    const { statement, signature } = (candidate ?? {}) as Partial<PublishedHead>;
    if (typeof statement === "string" && typeof signature === "string") return { statement, signature };
  }
  throw new Error(`${file} holds no head: it needs a statement and a signature.`);
}

export const AUDIT_COMMANDS: CommandSpec[] = [
  {
    name: "audit list",
    args: "[--operator ID] [--player ID] [--actor WHO] [--kind KIND,...] [--since DATE] [--until DATE] [--limit N]",
    summary: `List audit events, newest first: self-exclusions, certifications, dead-letter decisions, operator changes. --actor keeps those of one actor (cli:alice, rgs); --kind takes event kinds or the groups ${GROUPS}; --since and --until take ISO 8601 dates or instants; --limit defaults to 100.`,
    options: {
      operator: { type: "string" },
      player: { type: "string" },
      actor: { type: "string" },
      kind: { type: "string" },
      since: { type: "string" },
      until: { type: "string" },
      limit: { type: "string" },
    },
    positionals: { names: [] },
    prepare(values) {
      const filter: AuditFilterJson = {};
      for (const name of ["operator", "player", "actor", "kind", "since", "until"] as const) {
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
  {
    name: "audit verify",
    args: "[--operator ID] [--head FILE]",
    summary:
      "Check the audit trail's seals: every seal pass, and every chain (one operator's with --operator): a record changed, deleted or inserted by SQL, or a chain's last records deleted, is named with the first broken link. --head FILE also checks the trail still holds a head published earlier (`audit head --json`, or a seal pass's log line). Exit code 1 when anything is broken.",
    options: { operator: { type: "string" }, head: { type: "string" } },
    positionals: { names: [] },
    prepare(values) {
      const operator = option(values, "operator");
      const headFile = option(values, "head");
      const head = headFile === undefined ? undefined : resolve(headFile);
      return async (api) => {
        let published: PublishedHead | undefined;
        if (head !== undefined) {
          const text = await readFile(head, "utf8").catch((error: NodeJS.ErrnoException) => {
            throw new Error(`Cannot read ${head}: ${error.code ?? error.message}.`);
          });
          published = parsePublishedHead(text, head);
        }
        const report = await api.verifyAudit({
          ...(operator !== undefined && { operator }),
          ...(published !== undefined && { head: published }),
        });
        return { json: report, text: formatVerifyReport(report), exitCode: report.ok ? 0 : 1 };
      };
    },
  },
  {
    name: "audit export",
    args: "--operator ID --from DATE --to DATE --out FILE",
    summary:
      "Write one operator's audit records of a period (ISO 8601 dates or instants; a --to date includes its whole day, UTC) to FILE, a new file: every link of its chain from the period's first record to its last, and a statement of them signed with the RGS's Ed25519 key, which a regulator verifies with docs/audit.md alone. Refused (exit code 1) when the chain does not verify.",
    options: {
      operator: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      out: { type: "string" },
    },
    positionals: { names: [] },
    prepare(values) {
      const required = (name: string) => {
        const value = option(values, name);
        if (value === undefined) throw new UsageError(`--${name} is required`);
        return value;
      };
      const args = {
        operator: required("operator"),
        from: required("from"),
        to: required("to"),
        // Absolute: a running server writing the file resolves it as this shell would.
        out: resolve(required("out")),
      };
      instant("from", args.from);
      instant("to", args.to);
      return async (api) => {
        const view = await api.exportAudit(args);
        return { json: view, text: formatAuditExport(view) };
      };
    },
  },
  {
    name: "audit head",
    args: "",
    summary:
      "Print the audit trail's head (its last seal pass), signed with the RGS's Ed25519 key, and the public key that checks it: keep it outside the database, where SQL cannot reach it, so that `audit verify --head` can show that records were deleted after it.",
    options: {},
    positionals: { names: [] },
    prepare() {
      return async (api) => {
        const view = await api.auditHead({});
        return { json: view, text: formatAuditHead(view) };
      };
    },
  },
];
