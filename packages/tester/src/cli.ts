import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { ALL_CHECKS } from "./checks/index.ts";
import { ConfigError, parseArgs, type ReportFormat, resolveOptions, USAGE } from "./config.ts";
import type { RunReport } from "./model.ts";
import { categoryHeader, progressLine, renderSummary } from "./report/console.ts";
import { renderHtml } from "./report/html.ts";
import { renderJson } from "./report/json.ts";
import { renderJunit } from "./report/junit.ts";
import { redact } from "./report/redact.ts";
import { isSelected, runTester, TOOL } from "./runner.ts";

export const EXIT_USAGE = 2;

export function renderReport(report: RunReport, format: ReportFormat): string {
  if (format === "json") return renderJson(report);
  if (format === "junit") return renderJunit(report);
  return renderHtml(report);
}

interface Streams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/**
 * Runs the tester from command-line arguments and the environment; returns the exit code: 0 when every
 * Happy Path check passed and nothing failed, 1 when a check failed, 2 for invalid options.
 */
export async function main(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
  streams: Streams = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  let options: ReturnType<typeof resolveOptions>;
  let noColor = false;
  try {
    const args = parseArgs(argv);
    if (args.help) {
      streams.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (args.list) {
      for (const check of ALL_CHECKS) {
        streams.stdout.write(`${check.id.padEnd(40)} ${check.category.padEnd(24)} ${check.requirement}\n`);
      }
      return 0;
    }
    noColor = args.noColor;
    options = resolveOptions(args, env);
    if (args.freeRounds) options.config.freeRounds = true;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    streams.stderr.write(
      `${TOOL.name}: invalid options\n${error.problems.map((p) => `  - ${p}`).join("\n")}\nRun with --help for usage.\n`,
    );
    return EXIT_USAGE;
  }

  const { config } = options;
  const unmatched = config.only.filter(
    (item) => !ALL_CHECKS.some((check) => isSelected(check, [item], false)),
  );
  if (unmatched.length > 0) {
    streams.stderr.write(`${TOOL.name}: --only ${unmatched.join(",")} selects no check (see --list)\n`);
    return EXIT_USAGE;
  }
  const reportToStdout = options.format !== undefined && options.output === undefined;
  const progress = reportToStdout ? streams.stderr : streams.stdout;
  const style = { color: progress.isTTY === true && !noColor && env.NO_COLOR === undefined };
  progress.write(
    `${TOOL.name} ${TOOL.version}: testing ${config.walletUrl} with player ${JSON.stringify(config.playerId)} in ${config.currency}\n`,
  );

  let category: string | undefined;
  const raw = await runTester(config, {
    onCheckStart(check) {
      const header = categoryHeader(check, category, style);
      if (header !== undefined) progress.write(`${header}\n`);
      category = check.category;
    },
    onCheckDone(result) {
      progress.write(`${progressLine(redact(result, config.secret), style)}\n`);
    },
  });
  const report = redact(raw, config.secret);
  progress.write(`${renderSummary(report, style)}\n`);

  if (options.format !== undefined) {
    const text = renderReport(report, options.format);
    if (options.output === undefined) {
      streams.stdout.write(text);
    } else {
      try {
        writeFileSync(options.output, text);
        progress.write(`${options.format} report written to ${options.output}\n`);
      } catch (error) {
        streams.stderr.write(`${TOOL.name}: cannot write ${options.output}: ${(error as Error).message}\n`);
        return EXIT_USAGE;
      }
    }
  }
  return report.exitCode;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  process.exitCode = await main(process.argv.slice(2));
}
