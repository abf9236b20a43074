import type { OnboardingApi } from "../operators/onboarding.ts";
import type { Environment } from "../operators/validation.ts";

/** Wrong command-line usage: reported with the command's usage line and exit code 2. */
export class UsageError extends Error {
  override name = "UsageError";

  constructor(
    message: string,
    readonly command?: CommandSpec,
  ) {
    super(message);
  }
}

export type OptionSpec = { type: "string" | "boolean"; multiple?: boolean };
export type Values = Record<string, string | boolean | string[] | undefined>;

export interface CommandOutput {
  json: unknown;
  text: string;
  /** 0 when absent; a command whose result is a failure (a failed certification) says 1. */
  exitCode?: number;
}

/** What the checks of arguments need to know of the configuration. */
export interface PrepareContext {
  environment: Environment;
}

export interface CommandSpec {
  /** "operator create", "pack list", ... */
  name: string;
  /** Arguments and flags after the name, for the usage line. */
  args: string;
  summary: string;
  options: Record<string, OptionSpec>;
  positionals: { names: string[]; variadic?: boolean };
  /** False for a command that needs no store (nor configuration): it runs without opening one. */
  store?: false;
  /**
   * Checks the arguments before anything is opened, and returns the run. A wrong argument throws a
   * UsageError, a value the service would refuse the service's OperatorError: both exit with code 2.
   */
  prepare(
    values: Values,
    positionals: string[],
    context: PrepareContext,
  ): (api: OnboardingApi) => Promise<CommandOutput>;
}
