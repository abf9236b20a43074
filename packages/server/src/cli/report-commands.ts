import { writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { ReconciliationEntry, ReconciliationResponse } from "@rgs/protocol/operator-reports";
import type { RebuildResult } from "../reporting/ggr-rollup.ts";
import { type CommandSpec, UsageError } from "./command-spec.ts";

/**
 * `reports rebuild` recomputes the GGR report's aggregates from the transactions and says whether the stored
 * ones matched. `reconciliation` writes one day of an operator's callbacks (the day in its own zone), as
 * POST /operator/reconciliation answers it, to a CSV file and a JSON-lines file.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function formatRebuild(result: RebuildResult): string {
  if (result.watermark === null) return "Nothing is rolled up yet: there was nothing to compare.";
  const differing = Object.entries(result.differences)
    .filter(([, n]) => n > 0)
    .map(([table, n]) => `${table}: ${n} row${n === 1 ? "" : "s"}`);
  return [
    `Recomputed the GGR aggregates of every transaction confirmed before ${result.watermark} (${result.buckets} buckets).`,
    result.matched
      ? "They matched the stored aggregates."
      : `They did NOT match the stored aggregates (rows missing, extra or different: ${differing.join(", ")}); the recomputed ones replace them.`,
  ].join("\n");
}

const CSV_COLUMNS = [
  "date",
  "timeZone",
  "currency",
  "transactionId",
  "kind",
  "amount",
  "roundId",
  "playerId",
  "gameCode",
  "confirmedAt",
  "reverses",
  "state",
  "counted",
  "walletStatus",
  "freeRoundCampaignId",
  "freeRoundGrantId",
] as const;

/** A CSV field: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function entriesOf(day: ReconciliationResponse): ReconciliationEntry[] {
  return [...day.transactions, ...day.unsettled, ...day.resolvedByHand];
}

export function reconciliationCsv(days: ReconciliationResponse[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const day of days) {
    for (const entry of entriesOf(day)) {
      const row: Record<(typeof CSV_COLUMNS)[number], string> = {
        date: day.date,
        timeZone: day.timeZone,
        currency: day.currency,
        transactionId: entry.transactionId,
        kind: entry.kind,
        amount: entry.amount,
        roundId: entry.roundId,
        playerId: entry.playerId,
        gameCode: entry.gameCode,
        confirmedAt: entry.confirmedAt ?? "",
        reverses: entry.reverses ?? "",
        state: entry.state,
        counted: entry.counted,
        walletStatus: entry.walletStatus ?? "",
        freeRoundCampaignId: entry.freeRound?.campaignId ?? "",
        freeRoundGrantId: entry.freeRound?.grantId ?? "",
      };
      lines.push(CSV_COLUMNS.map((column) => csvField(row[column])).join(","));
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** One summary line per currency, then one line per callback. */
export function reconciliationJsonLines(days: ReconciliationResponse[]): string {
  const lines: string[] = [];
  for (const day of days) {
    const { transactions, unsettled, resolvedByHand, ...summary } = day;
    lines.push(JSON.stringify({ type: "day", ...summary }));
    for (const entry of entriesOf(day)) {
      lines.push(JSON.stringify({ type: "transaction", date: day.date, currency: day.currency, ...entry }));
    }
  }
  return lines.map((line) => `${line}\n`).join("");
}

function formatReconciliation(days: ReconciliationResponse[], files: string[]): string {
  const lines = days.map(
    (day) =>
      `${day.date} (${day.timeZone}) ${day.currency}: ${day.transactions.length} confirmed, bets ${day.totals.bets}, wins ${day.totals.wins}, GGR ${day.totals.ggr}; ${day.final ? "final" : `NOT final (${day.unsettled.length} unsettled)`}; digest ${day.digest}`,
  );
  if (days.length === 0) lines.push("No real-money callback that day.");
  return [...lines, `Written: ${files.join(", ")}`].join("\n");
}

export const REPORT_COMMANDS: CommandSpec[] = [
  {
    name: "reports rebuild",
    args: "",
    summary:
      "Recompute the GGR report's aggregates (15-minute buckets, days in UTC and in each operator's zone, their players) from every transaction confirmed before the roll-up's watermark, in one transaction, and say whether the stored ones matched; exits 1 when they did not (the recomputed ones replace them). Also fills the past days of an operator whose time zone changed.",
    options: {},
    positionals: { names: [] },
    prepare() {
      return async (api) => {
        const result = await api.rebuildReports({});
        return { json: result, text: formatRebuild(result), exitCode: result.matched ? 0 : 1 };
      };
    },
  },
  {
    name: "reconciliation",
    args: "--operator ID --date YYYY-MM-DD [--currency CUR] [--out-dir DIR]",
    summary:
      "Write one day (in the operator's time zone) of the operator's real-money callbacks, as POST /operator/reconciliation gives it, to DIR/reconciliation-ID-DATE.csv and .jsonl (DIR: the current directory): each callback confirmed that day, each still unsettled and each resolved by hand, with how it is counted; the JSON lines start with each currency's totals, digest and final flag. Every currency played that day unless --currency names one.",
    options: {
      operator: { type: "string" },
      date: { type: "string" },
      currency: { type: "string" },
      "out-dir": { type: "string" },
    },
    positionals: { names: [] },
    prepare(values) {
      const { operator, date, currency } = values;
      if (typeof operator !== "string" || operator.trim() === "")
        throw new UsageError("--operator takes an operator ID");
      if (typeof date !== "string" || !DATE.test(date))
        throw new UsageError("--date takes a day as YYYY-MM-DD");
      if (currency !== undefined && typeof currency !== "string")
        throw new UsageError("--currency takes a code");
      const dir = resolve(typeof values["out-dir"] === "string" ? values["out-dir"] : ".");
      return async (api) => {
        const days = await api.reconcile({
          operator: operator.trim(),
          date,
          ...(currency !== undefined && { currency }),
        });
        const base = join(dir, `reconciliation-${operator.trim()}-${date}`);
        const files = [`${base}.csv`, `${base}.jsonl`];
        await writeFile(files[0] as string, reconciliationCsv(days), { flag: "wx" });
        await writeFile(files[1] as string, reconciliationJsonLines(days), { flag: "wx" });
        return { json: { files, days }, text: formatReconciliation(days, files) };
      };
    },
  },
];
