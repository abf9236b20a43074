import os from "node:os";
import { parseArgs } from "node:util";
import { asActor } from "../audit/actor.ts";
import { BackofficeError } from "../backoffice/backoffice-error.ts";
import { type Config, loadConfig } from "../config.ts";
import type { OnboardingApi } from "../operators/onboarding.ts";
import { OperatorError } from "../operators/operator-error.ts";
import { AdminRequestError } from "./admin-error.ts";
import { type CommandOutput, type CommandSpec, UsageError } from "./command-spec.ts";
import { COMMANDS, commandGroups, commandHelpText, groupHelpText, helpText, usageOf } from "./commands.ts";
import { type Timings, timingsLine } from "./timings.ts";
import { openTransport, type Phase, type Transport } from "./transport.ts";

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Standard error is a terminal: a slow command then says where its time went without --timings. */
  interactive?: boolean;
}

/**
 * Refusals of a value the caller gave, which the arguments' checks could not see (a pack id, a game code):
 * exit code 2, like usage errors. `invalid_request` also refuses states of the data, so it stays a refusal.
 */
function isInvalidValue(code: string): boolean {
  return (
    (code.startsWith("invalid_") && code !== "invalid_request") ||
    code === "unknown_currency" ||
    code === "unknown_game"
  );
}

const HELP_FLAGS = new Set(["--help", "-h", "help"]);
/** A command this slow says, on a terminal, where its time went. */
const SLOW_MS = 1000;

/** The help asked for, if any: everything, a group's, or a command's. */
function helpRequested(argv: string[]): string | undefined {
  const words = argv.filter((arg) => arg !== "--json" && arg !== "--timings");
  const [first, second, ...rest] = words;
  if (first === undefined || (HELP_FLAGS.has(first) && second === undefined)) return helpText();
  const groups = commandGroups();
  if (first === "help" && second !== undefined && groups.includes(second)) return groupHelpText(second);
  const single = COMMANDS.find((c) => c.name === first);
  if (single && words.some((arg) => arg === "--help" || arg === "-h")) return commandHelpText(single);
  if (first !== undefined && groups.includes(first)) {
    if (second === undefined || (HELP_FLAGS.has(second) && rest.length === 0)) return groupHelpText(first);
    const command = COMMANDS.find((c) => c.name === `${first} ${second}`);
    if (command && words.some((arg) => arg === "--help" || arg === "-h")) return commandHelpText(command);
  }
  return undefined;
}

/** The command and its arguments' values, or a UsageError. */
function parseCommand(argv: string[]) {
  const [group = "", name = ""] = argv;
  const command =
    COMMANDS.find((c) => c.name === `${group} ${name}`) ?? COMMANDS.find((c) => c.name === group);
  if (!command) {
    const known = commandGroups().includes(group);
    throw new UsageError(
      `unknown command '${argv.slice(0, 2).join(" ")}'${known ? `\n\n${groupHelpText(group)}` : ""}`,
    );
  }
  let parsed: { values: Parameters<CommandSpec["prepare"]>[0]; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv.slice(command.name.split(" ").length),
      options: { ...command.options, json: { type: "boolean" }, timings: { type: "boolean" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // parseArgs reports unknown flags and missing values with a TypeError carrying an ERR_PARSE_ARGS_* code.
    throw new UsageError((error as Error).message, command);
  }
  checkPositionals(command, parsed.positionals);
  return { command, values: parsed.values, positionals: parsed.positionals };
}

/**
 * What is wrong with `argv` as a command line (an unknown command or flag, a missing argument), without
 * checking values or opening anything; undefined when nothing is. The documentation's command lines are
 * checked with it.
 */
export function argumentProblem(argv: string[]): string | undefined {
  if (helpRequested(argv) !== undefined) return undefined;
  try {
    parseCommand(argv);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Runs one CLI invocation and returns its exit code: 0 done, 1 refused or failed, 2 bad arguments or
 * invalid values. Errors are reported as one message, never a stack trace. Help, usage errors and
 * invalid values are answered before the store's code is even loaded.
 */
export async function runCli(
  argv: string[],
  opts: {
    env: Record<string, string | undefined>;
    io: CliIo;
    openTransport?: (config: Config) => Promise<Transport>;
    /** Milliseconds since the process started (performance.now): what --timings measures with. */
    now?: () => number;
  },
): Promise<number> {
  const { io } = opts;
  const now = opts.now ?? (() => performance.now());
  const timings: Timings = { startedMs: now(), phases: [] };
  const json = argv.includes("--json");
  const help = helpRequested(argv);
  if (help !== undefined) {
    io.stdout(`${help}\n`);
    return 0;
  }

  let parsed: ReturnType<typeof parseCommand>;
  try {
    parsed = parseCommand(argv);
  } catch (error) {
    return usageFailure(io, json, error, error instanceof UsageError ? error.command : undefined);
  }
  const { command } = parsed;

  const loaded = loadConfig(opts.env);
  // A command that opens no store needs no configuration: an invalid one then checks values as strictly as
  // production would.
  const environment = loaded.ok ? loaded.config.environment : "production";
  let execute: ReturnType<CommandSpec["prepare"]>;
  try {
    execute = command.prepare(parsed.values, parsed.positionals, { environment });
  } catch (error) {
    return usageFailure(io, json, error, command);
  }
  if (command.store === false) {
    try {
      return report(io, json, await execute(WITHOUT_STORE));
    } catch (error) {
      return failure(io, json, "failed", error instanceof Error ? error.message : String(error));
    }
  }
  if (!loaded.ok)
    return failure(io, json, "invalid_configuration", `Invalid configuration: ${loaded.errors.join("; ")}`);

  const code = await runPrepared(execute, loaded.config, { ...opts, now, json, timings });
  const totalMs = now();
  if (parsed.values.timings === true || (io.interactive === true && !json && totalMs >= SLOW_MS)) {
    io.stderr(`${timingsLine(timings, totalMs)}\n`);
  }
  return code;
}

async function runPrepared(
  execute: ReturnType<CommandSpec["prepare"]>,
  config: Config,
  opts: {
    io: CliIo;
    json: boolean;
    now: () => number;
    timings: Timings;
    openTransport?: (config: Config) => Promise<Transport>;
  },
): Promise<number> {
  const { io, json, now, timings } = opts;
  const phase: Phase = async (name, work) => {
    const started = now();
    try {
      return await work();
    } finally {
      timings.phases.push({ name, ms: now() - started });
    }
  };
  let transport: Transport | undefined;
  try {
    const given = opts.openTransport;
    const opened = await (given
      ? phase("opening the store", () => given(config))
      : openTransport(config, { phase }));
    transport = opened;
    const output = await phase("the command", () => asActor(cliActor(), () => execute(opened.api)));
    return report(io, json, output);
  } catch (error) {
    if (
      error instanceof OperatorError ||
      error instanceof AdminRequestError ||
      error instanceof BackofficeError
    ) {
      return failure(io, json, error.code, error.message, isInvalidValue(error.code) ? 2 : 1);
    }
    return failure(io, json, "failed", error instanceof Error ? error.message : String(error));
  } finally {
    if (transport) {
      const opened = transport;
      await phase("closing", () => opened.close()).catch(() => {});
    }
  }
}

/** What a command that opens no store is given instead of the onboarding operations. */
const WITHOUT_STORE = new Proxy({} as OnboardingApi, {
  get() {
    throw new Error("this command does not open the store");
  },
});

function report(io: CliIo, json: boolean, output: CommandOutput): number {
  io.stdout(json ? `${JSON.stringify(output.json, null, 2)}\n` : `${output.text}\n`);
  return output.exitCode ?? 0;
}

/** Who the audit trail records as running the command: the account of this shell. */
function cliActor(): string {
  try {
    return `cli:${os.userInfo().username}`.slice(0, 200);
  } catch {
    return "cli:unknown";
  }
}

function checkPositionals(command: CommandSpec, positionals: string[]): void {
  const { names, variadic } = command.positionals;
  if (positionals.length < names.length) {
    throw new UsageError(`missing <${names[positionals.length]}>`, command);
  }
  if (!variadic && positionals.length > names.length) {
    throw new UsageError(`unexpected argument '${positionals[names.length]}'`, command);
  }
}

function usageFailure(io: CliIo, json: boolean, error: unknown, command: CommandSpec | undefined): number {
  const message = error instanceof Error ? error.message : String(error);
  if (json) {
    const code = error instanceof OperatorError ? error.code : "usage";
    io.stderr(`${JSON.stringify({ error: { code, message } })}\n`);
  } else {
    const usage = command
      ? `usage: ${usageOf(command)}`
      : "run 'npm run rgs -- help' for the list of commands";
    io.stderr(`error: ${message}\n${usage}\n`);
  }
  return 2;
}

function failure(io: CliIo, json: boolean, code: string, message: string, exitCode = 1): number {
  io.stderr(json ? `${JSON.stringify({ error: { code, message } })}\n` : `error: ${message}\n`);
  return exitCode;
}
