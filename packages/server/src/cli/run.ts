import os from "node:os";
import { parseArgs } from "node:util";
import { asActor } from "../audit/actor.ts";
import { type Config, loadConfig } from "../config.ts";
import type { OnboardingApi } from "../operators/onboarding.ts";
import { OperatorError } from "../operators/operator-error.ts";
import { AdminRequestError } from "./admin-client.ts";
import { COMMANDS, type CommandOutput, type CommandSpec, helpText, UsageError, usageOf } from "./commands.ts";
import { openTransport, type Transport } from "./transport.ts";

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/**
 * Runs one CLI invocation and returns its exit code: 0 done, 1 refused or failed, 2 bad arguments.
 * Errors are reported as one message, never a stack trace.
 */
export async function runCli(
  argv: string[],
  opts: {
    env: Record<string, string | undefined>;
    io: CliIo;
    openTransport?: (config: Config) => Promise<Transport>;
  },
): Promise<number> {
  const { io } = opts;
  const json = argv.includes("--json");
  if (argv.length === 0 || argv[0] === "help" || argv.includes("--help") || argv.includes("-h")) {
    io.stdout(`${helpText()}\n`);
    return 0;
  }

  let command: CommandSpec | undefined;
  let execute: ReturnType<CommandSpec["prepare"]>;
  try {
    command =
      COMMANDS.find((c) => c.name === `${argv[0]} ${argv[1] ?? ""}`) ??
      COMMANDS.find((c) => c.name === argv[0]);
    if (!command) throw new UsageError(`unknown command '${argv.slice(0, 2).join(" ")}'`);
    const parsed = parseArgs({
      args: argv.slice(command.name.split(" ").length),
      options: { ...command.options, json: { type: "boolean" } },
      allowPositionals: true,
      strict: true,
    });
    checkPositionals(command, parsed.positionals);
    execute = command.prepare(parsed.values, parsed.positionals);
  } catch (error) {
    return usageFailure(io, json, error, command);
  }

  if (command.store === false) return report(io, json, await execute(WITHOUT_STORE));

  const loaded = loadConfig(opts.env);
  if (!loaded.ok)
    return failure(io, json, "invalid_configuration", `Invalid configuration: ${loaded.errors.join("; ")}`);

  let transport: Transport | undefined;
  try {
    transport = await (opts.openTransport ?? openTransport)(loaded.config);
    const api = transport.api;
    return report(io, json, await asActor(cliActor(), () => execute(api)));
  } catch (error) {
    if (error instanceof OperatorError || error instanceof AdminRequestError) {
      return failure(io, json, error.code, error.message);
    }
    return failure(io, json, "failed", error instanceof Error ? error.message : String(error));
  } finally {
    await transport?.close().catch(() => {});
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
  // parseArgs reports unknown flags and missing values with a TypeError carrying an ERR_PARSE_ARGS_* code.
  const message = error instanceof Error ? error.message : String(error);
  if (json) {
    io.stderr(`${JSON.stringify({ error: { code: "usage", message } })}\n`);
  } else {
    const usage = command
      ? `usage: ${usageOf(command)}`
      : "run 'npm run rgs -- help' for the list of commands";
    io.stderr(`error: ${message}\n${usage}\n`);
  }
  return 2;
}

function failure(io: CliIo, json: boolean, code: string, message: string): number {
  io.stderr(json ? `${JSON.stringify({ error: { code, message } })}\n` : `error: ${message}\n`);
  return 1;
}
