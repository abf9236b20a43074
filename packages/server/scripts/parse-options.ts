import { type ParseArgsConfig, parseArgs } from "node:util";

/**
 * The options of a developer script, or its usage on standard error and exit code 2: an unknown or malformed
 * option is the caller's mistake, never a stack trace.
 */
export function parseOptionsOrExit<const O extends NonNullable<ParseArgsConfig["options"]>>(
  options: O,
  usage: string,
) {
  try {
    return parseArgs({ options, strict: true }).values;
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error), usage);
  }
}

export function usageError(message: string, usage: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}
