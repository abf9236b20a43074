import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ConfigError, parseArgs as parseTesterArgs } from "@rgs/tester/config";
import { describe, expect, it } from "vitest";
import { argumentProblem } from "../../src/cli/run.ts";
import { type CommandLine, commandLines, docFiles, ROOT } from "./doc-files.ts";

/**
 * Every command line of the documentation that starts one of our programs names a script, a file and
 * flags that exist: the onboarding CLI's and the tester's arguments go through their own parsers; any
 * other program of ours must declare each flag the documentation gives it. Synopses (`[--json]`,
 * `<operator-id>`, `...`) are read as the commands they stand for.
 */

interface Manifest {
  scripts?: Record<string, string>;
}

const ROOT_MANIFEST = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as Manifest & {
  workspaces: string[];
};
const WORKSPACES = new Map(
  ROOT_MANIFEST.workspaces.map((folder) => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, folder, "package.json"), "utf8")) as Manifest & {
      name: string;
    };
    return [manifest.name, { folder, manifest }] as const;
  }),
);
const CLI = "packages/server/src/cli/main.ts";
const TESTER = "packages/tester/src/cli.ts";

/** Shell words: quotes keep spaces, `$(...)` stays one word, synopsis brackets are dropped. */
function shellWords(command: string): string[] {
  const result: string[] = [];
  let word = "";
  let quote: string | undefined;
  let depth = 0;
  for (const char of command.replace(/[[\]]/g, " ")) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === "(" || char === ")") {
      depth += char === "(" ? 1 : -1;
      word += char;
    } else if (/\s/.test(char) && depth === 0) {
      if (word !== "") result.push(word);
      word = "";
    } else {
      word += char;
    }
  }
  if (word !== "") result.push(word);
  return result;
}

/** The program a script or command starts: a .ts file of ours, or undefined for a tool (vitest, tsc, ...). */
function programOf(invocation: string[]): { file?: string; args: string[] } {
  const fileAt = invocation.findIndex((word) => /\.(ts|js)$/.test(word));
  if (fileAt === -1) return { args: [] };
  return { file: invocation[fileAt], args: invocation.slice(fileAt + 1) };
}

/** The file and its relative imports, recursively. */
function sourceClosure(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file) || !existsSync(path.join(ROOT, file))) return [...seen];
  seen.add(file);
  const text = readFileSync(path.join(ROOT, file), "utf8");
  for (const match of text.matchAll(/(?:from\s+|import\()["'](\.{1,2}\/[^"']+)["']/g)) {
    sourceClosure(path.join(path.dirname(file), match[1] ?? ""), seen);
  }
  return [...seen];
}

function declaresFlag(file: string, flag: string): boolean {
  const name = flag.replace(/^--/, "").replace(/=.*$/, "");
  const escaped = name.replace(/[-/\\^$*+?.()|[\]{}]/g, "\\$&");
  const declared = new RegExp(`["'\`]--${escaped}["'\`=]|["']?${escaped}["']?\\s*:\\s*\\{\\s*type\\s*:`);
  return sourceClosure(file).some((source) => declared.test(readFileSync(path.join(ROOT, source), "utf8")));
}

function argsProblem(file: string, args: string[]): string | undefined {
  if (args.includes("...") || args[0] === "<command>") return undefined;
  if (file === CLI) {
    // A command named in a sentence without its arguments ("`npm run rgs -- operator certify`") is fine.
    const problem = argumentProblem(args);
    return problem?.startsWith("missing <") ? undefined : problem;
  }
  if (file === TESTER) {
    try {
      parseTesterArgs(args);
      return undefined;
    } catch (error) {
      return error instanceof ConfigError ? error.problems.join("; ") : String(error);
    }
  }
  const unknown = args.filter((arg) => arg.startsWith("--") && !declaresFlag(file, arg));
  return unknown.length > 0 ? `${file} declares no ${unknown.join(", ")}` : undefined;
}

function npmProblem(words: string[]): string | undefined {
  const workspaceAt = words.findIndex((word) => word === "-w" || word === "--workspace");
  const workspace = workspaceAt === -1 ? undefined : WORKSPACES.get(words[workspaceAt + 1] ?? "");
  if (workspaceAt !== -1 && !workspace) return `no workspace ${words[workspaceAt + 1]}`;
  const rest = words.filter(
    (_, index) => workspaceAt === -1 || (index !== workspaceAt && index !== workspaceAt + 1),
  );
  const [, verb, ...more] = rest;
  if (verb === "install" || verb === "ci" || verb === "exec") return undefined;
  const named =
    verb === "run" || verb === "run-script"
      ? more.filter((word) => !/^-(s|-silent)$/.test(word))
      : [verb ?? "", ...more];
  const [script = "", ...afterScript] = named;
  const scripts = (workspace?.manifest ?? ROOT_MANIFEST).scripts ?? {};
  const body = scripts[script];
  if (body === undefined) return `no npm script ${script}${workspace ? ` in ${words[workspaceAt + 1]}` : ""}`;
  const separator = afterScript.indexOf("--");
  const args = separator === -1 ? [] : afterScript.slice(separator + 1);
  if (separator === -1 && afterScript.length > 0) return `npm run ${script} takes its arguments after --`;
  const program = programOf(shellWords(body));
  if (!program.file) return undefined;
  const file = workspace ? path.join(workspace.folder, program.file) : program.file;
  return argsProblem(file, [...program.args, ...args]);
}

/** What is wrong with a documented command line, or undefined. */
function problemOf(command: CommandLine): string | undefined {
  const all = shellWords(command.text);
  const start = all.findIndex((word) => !/^[A-Z][A-Z0-9_]*=/.test(word));
  const invocation = all.slice(start);
  const [program, first] = invocation;
  if (program === "npm") return npmProblem(invocation);
  if (program === "rgs-tester") return argsProblem(TESTER, invocation.slice(1));
  if ((program === "npx" && first === "tsx") || program === "node") {
    const { file, args } = programOf(invocation);
    // A file of the reader's own project (the SDK's quick start copied there) is not ours to check.
    if (!file?.startsWith("packages/")) return undefined;
    if (!existsSync(path.join(ROOT, file))) return `no file ${file}`;
    return argsProblem(file, args);
  }
  return undefined;
}

describe("the command lines of the documentation", () => {
  const commands = docFiles().flatMap(commandLines);

  it("are found in code blocks and inline code", () => {
    const texts = commands.map((command) => command.text);
    expect(texts).toContain("npm run sandbox");
    expect(texts).toContain("npm run bench -- --seconds 5 --json");
    expect(
      texts.some((text) =>
        text.startsWith("RGS_TESTER_SECRET='<HMAC_SECRET>' npm run tester -- --wallet-url"),
      ),
    ).toBe(true);
    expect(commands.length).toBeGreaterThan(80);
  });

  it("start scripts, files and commands that exist, with flags their programs take", () => {
    const problems = commands.flatMap((command) => {
      const problem = problemOf(command);
      return problem === undefined ? [] : [`${command.doc}:${command.line} \`${command.text}\`: ${problem}`];
    });
    expect(problems).toEqual([]);
  });

  it("would catch a flag, a command or a script that does not exist", () => {
    const check = (text: string) => problemOf({ doc: "example.md", line: 1, text });
    expect(check("npm run rgs -- operator create --name X --colour red")).toMatch(/--colour/);
    expect(check("npm run rgs -- operator explode")).toMatch(/unknown command/);
    expect(check("npm run tester -- --wallet-url http://w --players p")).toMatch(/--players/);
    expect(check("npm run bench -- --secs 5")).toMatch(/declares no --secs/);
    expect(check("npm run sandbox -- --no-build")).toBeUndefined();
    expect(check("npm run sandbox -- --no-browser")).toMatch(/--no-browser/);
    expect(check("npm run deploy")).toMatch(/no npm script deploy/);
    expect(check("npx tsx packages/server/scripts/nothing.ts")).toMatch(/no file/);
    expect(check("npm start -w @rgs/reference-wallet")).toBeUndefined();
  });
});
