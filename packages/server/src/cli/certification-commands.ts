import type { RunReport } from "@rgs/tester";
import { renderSummary } from "@rgs/tester/report/console";
import type { CertificationStatusView, CertificationView } from "../operators/certification-view.ts";
import type { CommandSpec } from "./command-spec.ts";

/** The command an RGS administrator runs to certify an operator, for messages. */
function certifyCommand(operatorId: string): string {
  return `npm run rgs -- operator certify ${operatorId} --player <test-player-id>`;
}

/**
 * The certification commands: the integration tester run against an operator's callback URL, which a
 * production server requires to have passed before it opens real-money sessions for the operator.
 * Mistakes in the arguments throw before anything is opened, which the CLI reports as a usage error.
 */

type Values = Parameters<CommandSpec["prepare"]>[0];

function option(values: Values, name: string): string | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "") throw new Error(`--${name} needs a value`);
  return value;
}

function counts(totals: CertificationView["totals"]): string {
  return `${totals.pass} pass, ${totals.warn} warn, ${totals.fail} fail, ${totals.skip} skip`;
}

function verdict(passed: boolean): string {
  return passed ? "PASSED" : "FAILED";
}

/** The certification lines of `operator show`. */
export function formatCertificationStatus(operatorId: string, status: CertificationStatusView): string[] {
  const where = status.requiredForRealPlay
    ? "required for real play on this production server"
    : "not required for real play on this staging server";
  const latest = status.latest;
  let state: string;
  if (status.callbackUrl === null) state = "none (no callback URL)";
  else if (latest === null) state = `none for this callback URL: run \`${certifyCommand(operatorId)}\``;
  else if (latest.passed) state = `PASSED ${latest.finishedAt} (run ${latest.id}, ${counts(latest.totals)})`;
  else
    state = `FAILED ${latest.finishedAt} (run ${latest.id}): ${latest.failedChecks.join(", ")} failed; fix the wallet and run \`${certifyCommand(operatorId)}\` again`;
  return [`  certification:      ${state}`, `                      (${where})`];
}

function formatRun(certification: CertificationView): string {
  const players =
    certification.secondPlayerId === null
      ? certification.playerId
      : `${certification.playerId}, ${certification.secondPlayerId}`;
  return [
    `Certification ${certification.id} of operator ${certification.operatorId}: ${verdict(certification.passed)}`,
    `  callback URL:   ${certification.callbackUrl}`,
    `  test players:   ${players} (${certification.currency})`,
    `  run:            ${certification.startedAt} to ${certification.finishedAt}`,
    `  tester:         rgs-tester ${certification.testerVersion}`,
    `  checks:         ${counts(certification.totals)}`,
    ...(certification.failedChecks.length > 0
      ? [`  failed:         ${certification.failedChecks.join(", ")}`]
      : []),
  ].join("\n");
}

function formatListLine(certification: CertificationView): string {
  const failed =
    certification.failedChecks.length > 0 ? `  failed: ${certification.failedChecks.join(", ")}` : "";
  return `${certification.id}  ${verdict(certification.passed)}  ${certification.finishedAt}  ${certification.callbackUrl}  ${counts(certification.totals)}${failed}`;
}

function consequence(certification: CertificationView): string {
  return certification.passed
    ? "Real play is allowed in production for this callback URL (until it changes or a later run fails)."
    : "Real play stays refused in production for this callback URL until a run passes.";
}

export const CERTIFICATION_COMMANDS: CommandSpec[] = [
  {
    name: "operator certify",
    args: "<operator-id> --player ID [--second-player ID] [--currency CODE] [--free-rounds]",
    summary:
      "Run the integration tester against the operator's callback URL (signed with its secret) and record the result; production allows real play only after a pass, and free-round campaigns only after a pass with --free-rounds (which adds the free-round checks). Exit code 1 when it fails.",
    options: {
      player: { type: "string" },
      "second-player": { type: "string" },
      currency: { type: "string" },
      "free-rounds": { type: "boolean" },
    },
    positionals: { names: ["operator-id"] },
    prepare(values, [id = ""]) {
      const playerId = option(values, "player");
      if (playerId === undefined) {
        throw new Error("--player is required: a test player that exists in the operator's wallet");
      }
      const secondPlayerId = option(values, "second-player");
      const currency = option(values, "currency");
      const freeRounds = values["free-rounds"] === true;
      return async (api) => {
        const run = await api.certifyOperator({
          id,
          playerId,
          ...(secondPlayerId !== undefined && { secondPlayerId }),
          ...(currency !== undefined && { currency }),
          ...(freeRounds && { freeRounds }),
        });
        return {
          json: run,
          text: [formatRun(run), renderSummary(run.report, { color: false }), "", consequence(run)].join(
            "\n",
          ),
          exitCode: run.passed ? 0 : 1,
        };
      };
    },
  },
  {
    name: "operator certifications",
    args: "<operator-id> [--report CERTIFICATION-ID]",
    summary:
      "List the operator's certification runs, newest first; --report prints the tester's report of one run.",
    options: { report: { type: "string" } },
    positionals: { names: ["operator-id"] },
    prepare(values, [id = ""]) {
      const certification = option(values, "report");
      if (certification !== undefined) {
        return async (api) => {
          const report: RunReport = await api.certificationReport({ id, certification });
          return { json: report, text: renderSummary(report, { color: false }).replace(/^\n/, "") };
        };
      }
      return async (api) => {
        const runs = await api.listCertifications({ id });
        return {
          json: runs,
          text:
            runs.length > 0
              ? runs.map(formatListLine).join("\n")
              : `No certification runs yet: run \`${certifyCommand(id)}\`.`,
        };
      };
    },
  },
];
