import { resolve } from "node:path";
import type { HistoryDropView, HistoryExportView, HistoryMoveView } from "../operators/onboarding.ts";
import { type CommandSpec, UsageError } from "./command-spec.ts";

/**
 * `history move`: finished rounds and their transactions leave the hot tables for the monthly history
 * partitions (rounds/history-mover.ts). Safe to run on several hosts at once and to interrupt: each
 * batch moves whole or not at all. `history export` and `history drop` retire a month of the history:
 * written to a file that verifies offline, then dropped on proof of that file (rounds/history-retention.ts).
 */

type Values = Parameters<CommandSpec["prepare"]>[0];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function month(values: Values): string {
  const value = values.month;
  if (typeof value !== "string" || !MONTH.test(value.trim())) {
    throw new UsageError("--month takes a month as YYYY-MM (e.g. 2030-01)");
  }
  return value.trim();
}

function path(values: Values, name: string, what: string): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} takes ${what}`);
  // Absolute: a running server serving the command resolves it as this shell would.
  return resolve(value);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function formatHistoryExport(view: HistoryExportView): string {
  const lines = [
    `Exported ${plural(view.rounds, "round")} and ${plural(view.transactions, "transaction")} of ${view.month} to ${view.file}.`,
    `Digest: ${view.digest}`,
  ];
  if (view.secretSeeds > 0) {
    lines.push(
      `${plural(view.secretSeeds, "round")} of seed pairs still in play carry the commitment only: their server seed is revealed when the player rotates.`,
    );
  }
  return lines.join("\n");
}

function formatHistoryDrop(view: HistoryDropView): string {
  return [
    `Dropped ${plural(view.rounds, "round")} and ${plural(view.transactions, "transaction")} of ${view.month} (digest ${view.digest}).`,
    `Detached and dropped: ${view.droppedPartitions.join(", ")}.`,
  ].join("\n");
}

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function whole(values: Values, name: string, max: number): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new UsageError(`--${name} takes a whole number from 1 to ${max}`);
  }
  return Number(value);
}

function formatHistoryMove(view: HistoryMoveView): string {
  const lines = [
    `Moved ${view.rounds} round${view.rounds === 1 ? "" : "s"} and ${view.transactions} transaction${view.transactions === 1 ? "" : "s"} finished before ${view.before} to the history, in ${view.batches} batch${view.batches === 1 ? "" : "es"}.`,
  ];
  if (view.partitionsCreated.length > 0) {
    lines.push(`New monthly partitions: ${view.partitionsCreated.join(", ")}.`);
  }
  return lines.join("\n");
}

export const HISTORY_COMMANDS: CommandSpec[] = [
  {
    name: "history move",
    args: "--before DATE [--batch-size N] [--max-rounds N]",
    summary:
      "Move closed and void rounds finished before DATE (ISO 8601, at least an hour ago), with their wallet transactions, to the monthly history partitions. Rounds still open or settling, and rounds with a callback pending or an unresolved dead letter, stay. Runs in batches (default 500 rounds) and may run on several hosts at once; archived rounds stay readable and verifiable.",
    options: {
      before: { type: "string" },
      "batch-size": { type: "string" },
      "max-rounds": { type: "string" },
    },
    positionals: { names: [] },
    prepare(values) {
      const before = values.before;
      if (typeof before !== "string" || !DATE.test(before.trim()) || Number.isNaN(Date.parse(before))) {
        throw new UsageError("--before takes a date or an instant in ISO 8601 (e.g. 2030-01-01)");
      }
      const batchSize = whole(values, "batch-size", 5_000);
      const maxRounds = whole(values, "max-rounds", 1_000_000_000);
      return async (api) => {
        const view = await api.moveHistory({
          before: new Date(before.trim()).toISOString(),
          ...(batchSize !== undefined && { batchSize }),
          ...(maxRounds !== undefined && { maxRounds }),
        });
        return { json: view, text: formatHistoryMove(view) };
      };
    },
  },
  {
    name: "history export",
    args: "--month YYYY-MM --out FILE",
    summary:
      "Write every archived round that finished in the month (UTC), with its wallet transactions and its seed pair (the server seed once revealed), to FILE as JSON lines, one round a line. FILE must not exist. Prints the count and the digest `history drop` checks. Each line re-verifies offline: npx tsx packages/server/scripts/verify-history-export.ts FILE.",
    options: { month: { type: "string" }, out: { type: "string" } },
    positionals: { names: [] },
    prepare(values) {
      const args = { month: month(values), out: path(values, "out", "the path of the file to write") };
      return async (api) => {
        const view = await api.exportHistory(args);
        return { json: view, text: formatHistoryExport(view) };
      };
    },
  },
  {
    name: "history drop",
    args: "--month YYYY-MM --confirm-exported FILE",
    summary:
      "Detach and drop the month's partitions of the history tables, only if FILE (written by `history export`) holds exactly that month's archived rounds: same count, same digest. Never touches the hot tables, so open and settling rounds, pending callbacks and dead letters stay; transaction IDs stay reserved forever. Refused for the current month.",
    options: { month: { type: "string" }, "confirm-exported": { type: "string" } },
    positionals: { names: [] },
    prepare(values) {
      const args = {
        month: month(values),
        confirmExported: path(values, "confirm-exported", "the file `history export` wrote for the month"),
      };
      return async (api) => {
        const view = await api.dropHistory(args);
        return { json: view, text: formatHistoryDrop(view) };
      };
    },
  },
];
