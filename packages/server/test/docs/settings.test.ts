import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { WALLET_STATUSES } from "@rgs/protocol/wallet-status";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "../../src/config.ts";
import { docFiles, lineOf, ROOT } from "./doc-files.ts";

/**
 * The other half of the README's configuration table (test/readme.test.ts): every setting the
 * documentation names is one a program of ours reads. A name in capitals with underscores is a setting
 * unless it is a wallet status, a constant of the code, a variable of the shell snippet it appears in
 * (`$NAME`), a placeholder (`<NAME>`) or a function written as `NAME(...)`.
 */

/** Variables of Node.js itself and of the shell's tools that the documentation may name. */
const OTHER_PROGRAMS_SETTINGS = ["NODE_OPTIONS", "LC_ALL"];
/** Switches of our own test suites (read in test files, which this check does not read). */
const TEST_SUITE_SETTINGS = ["UPDATE_DOCS_SCREENSHOTS"];

const NAME = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;

function sourceFiles(): string[] {
  const files: string[] = ["vitest.config.ts"];
  for (const dir of ["packages", "test-support"]) {
    for (const entry of readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      const file = path.relative(ROOT, path.join(entry.parentPath, entry.name));
      if (
        !entry.isFile() ||
        file.includes("node_modules") ||
        file.includes("/dist/") ||
        file.includes("/test/")
      )
        continue;
      if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) files.push(file);
    }
  }
  return files;
}

/** Names the code reads from the environment (or a settings file), and the constants it declares. */
function namesInCode(): { settings: Set<string>; constants: Set<string> } {
  const settings = new Set<string>(CONFIG_VARIABLES.map((variable) => variable.name));
  const constants = new Set<string>();
  const reads = [
    /\benv(?:\.|\?\.|\[\s*["'`])([A-Z][A-Z0-9_]*)/g,
    /\benv,\s*["'`]([A-Z][A-Z0-9_]*)["'`]/g,
    /\benv:\s*["'`]([A-Z][A-Z0-9_]*)["'`]/g,
    // A name the code spells as a whole string: a key of a file it reads (DATA_DIR/sandbox-operator.env).
    /["'`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["'`]/g,
  ];
  for (const file of sourceFiles()) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    for (const pattern of reads) for (const match of text.matchAll(pattern)) settings.add(match[1] ?? "");
    for (const match of text.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g)) {
      for (const name of (match[1] ?? "").split(",")) settings.add(name.trim().split(/[\s:=]/)[0] ?? "");
    }
    for (const match of text.matchAll(/\b(?:const|let|enum|function|class)\s+([A-Z][A-Z0-9_]*)\b/g)) {
      constants.add(match[1] ?? "");
    }
  }
  return { settings, constants };
}

describe("the settings the documentation names", () => {
  const { settings, constants } = namesInCode();

  it("are read by a program of ours", () => {
    const unknown: string[] = [];
    for (const doc of docFiles()) {
      const shellVariables = new Set([...doc.text.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));
      for (const match of doc.text.matchAll(NAME)) {
        const name = match[0];
        const at = match.index ?? 0;
        const before = doc.text[at - 1];
        const after = doc.text[at + name.length];
        if (before === "<" && after === ">") continue;
        if (after === "(") continue;
        if (shellVariables.has(name)) continue;
        if ((WALLET_STATUSES as readonly string[]).includes(name) || constants.has(name)) continue;
        if (
          settings.has(name) ||
          OTHER_PROGRAMS_SETTINGS.includes(name) ||
          TEST_SUITE_SETTINGS.includes(name)
        )
          continue;
        unknown.push(`${doc.name}:${lineOf(doc.text, at)} ${name}`);
      }
    }
    expect(unknown, "settings no program reads").toEqual([]);
  });

  it("catches a setting that does not exist", () => {
    expect(settings.has("OUTBOX_BASE_DELAY_MS")).toBe(true);
    expect(settings.has("WALLET_PLAYERS")).toBe(true);
    expect(settings.has("RGS_TESTER_SECOND_PLAYER")).toBe(true);
    expect(settings.has("OPERATOR_SECRET")).toBe(true);
    expect(settings.has("OUTBOX_RETRY_BASE_MS")).toBe(false);
  });
});
