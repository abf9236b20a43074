import os from "node:os";
import type { CallbackView } from "../outbox/dead-letters.ts";
import type { CommandSpec } from "./command-spec.ts";

/**
 * The `callbacks` commands: what a person does about credits and rollbacks the outbox cannot finish alone.
 * Mistakes in the arguments throw before anything is opened, which the CLI reports as a usage error.
 */

type Values = Parameters<CommandSpec["prepare"]>[0];

function text(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** Who runs the command, when not named with --by: the account of this shell. */
function currentUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return "unknown";
  }
}

function formatCallback(callback: CallbackView): string {
  const lines = [
    `${callback.state.toUpperCase()}  ${callback.kind} ${callback.amount} ${callback.currency}${callback.roundClosed ? " (closes the round)" : ""}`,
    `  transaction:  ${callback.transactionId}`,
    `  round:        ${callback.roundId} (${callback.gameCode}, player ${callback.playerId}, operator ${callback.operatorId})`,
    `  stored:       ${callback.createdAt}, ${callback.attempts} attempt${callback.attempts === 1 ? "" : "s"}`,
  ];
  if (callback.lastError !== null) lines.push(`  last error:   ${callback.lastError}`);
  if (callback.nextAttemptAt !== null) lines.push(`  next attempt: ${callback.nextAttemptAt}`);
  if (callback.alertedAt !== null) lines.push(`  alerted:      ${callback.alertedAt}`);
  if (callback.resolvedAt !== null) {
    lines.push(
      `  resolved:     ${callback.resolvedAt} by ${callback.resolvedBy}: ${callback.resolutionNote}`,
    );
  }
  return lines.join("\n");
}

export const CALLBACK_COMMANDS: CommandSpec[] = [
  {
    name: "callbacks list",
    args: "[--dead] [--alerts]",
    summary:
      "List undelivered credits and rollbacks: --dead the dead letters (refused by the wallet), --alerts those still failing past the alert age.",
    options: { dead: { type: "boolean" }, alerts: { type: "boolean" } },
    positionals: { names: [] },
    prepare(values) {
      const filter = { dead: values.dead === true, alerts: values.alerts === true };
      return async (api) => {
        const callbacks = await api.listCallbacks(filter);
        return {
          json: callbacks,
          text:
            callbacks.length > 0
              ? callbacks.map(formatCallback).join("\n\n")
              : "No callbacks need attention.",
        };
      };
    },
  },
  {
    name: "callbacks retry",
    args: "<transaction-id> [--by NAME]",
    summary:
      "Send a dead letter again (its attempts are kept); recorded in the audit trail under --by (default: your user name).",
    options: { by: { type: "string" } },
    positionals: { names: ["transaction-id"] },
    prepare(values, [id = ""]) {
      const by = text(values, "by") ?? currentUser();
      return async (api) => {
        const callback = await api.retryCallback({ id, by });
        return { json: callback, text: `Queued for delivery again.\n${formatCallback(callback)}` };
      };
    },
  },
  {
    name: "callbacks resolve",
    args: '<transaction-id> --note "..." --by NAME',
    summary:
      "Record that a callback was settled by hand: it is never sent again, and its round closes if it was the closing one.",
    options: { note: { type: "string" }, by: { type: "string" } },
    positionals: { names: ["transaction-id"] },
    prepare(values, [id = ""]) {
      const note = text(values, "note");
      const by = text(values, "by");
      if (note === undefined) throw new Error("--note is required: say how the callback was settled");
      if (by === undefined) throw new Error("--by is required: name the person resolving it");
      return async (api) => {
        const callback = await api.resolveCallback({ id, note, by });
        return { json: callback, text: `Resolved.\n${formatCallback(callback)}` };
      };
    },
  },
];
