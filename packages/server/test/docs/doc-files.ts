import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The repository's documentation: docs/, the README and each package's README. */

export const ROOT = path.resolve(import.meta.dirname, "../../../..");

export interface DocFile {
  /** Relative to the repository root, e.g. "docs/tester.md". */
  name: string;
  text: string;
}

function markdownUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

export function docFiles(): DocFile[] {
  const packages = readdirSync(path.join(ROOT, "packages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const readme = path.join("packages", entry.name, "README.md");
      try {
        readFileSync(path.join(ROOT, readme));
        return [readme];
      } catch {
        return [];
      }
    });
  return [...markdownUnder("docs"), "README.md", ...packages]
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(ROOT, name), "utf8") }));
}

/** The 1-based line of `index` in `text`. */
export function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

export interface CommandLine {
  doc: string;
  line: number;
  /** The command as written, continuation lines joined and a trailing comment removed. */
  text: string;
}

const STARTS_A_PROGRAM = /^(?:[A-Z][A-Z0-9_]*=\S*\s+)*(?:npm |npx |node |rgs-tester(?:\s|$))/;

/**
 * Every command line of a document: each line of a fenced code block (a `\` continues it on the next), and
 * each inline code span, that starts one of our programs (npm, npx, node, rgs-tester), after any VAR=value
 * settings. `a && b` is two commands.
 */
export function commandLines(doc: DocFile): CommandLine[] {
  const found: CommandLine[] = [];
  const add = (text: string, index: number) => {
    for (const part of text.split(/\s+&&\s+|\s+\|\s+|;\s+/)) {
      const command = part
        .replace(/\s+#.*$/, "")
        .replace(/\s+/g, " ")
        .trim();
      if (STARTS_A_PROGRAM.test(command))
        found.push({ doc: doc.name, line: lineOf(doc.text, index), text: command });
    }
  };
  const fences = /^```[^\n]*\n([\s\S]*?)^```/gm;
  for (const block of doc.text.matchAll(fences)) {
    const start = (block.index ?? 0) + block[0].indexOf("\n") + 1;
    const lines = (block[1] ?? "").split("\n");
    let offset = start;
    for (let i = 0; i < lines.length; i++) {
      let text = lines[i] ?? "";
      const at = offset;
      while (text.endsWith("\\") && i + 1 < lines.length) {
        offset += (lines[i]?.length ?? 0) + 1;
        i++;
        text = `${text.slice(0, -1)} ${(lines[i] ?? "").trim()}`;
      }
      add(text.trim(), at);
      offset += (lines[i]?.length ?? 0) + 1;
    }
  }
  const outsideFences = doc.text.replace(fences, (block) => " ".repeat(block.length));
  for (const span of outsideFences.matchAll(/`([^`\n]+)`/g)) add((span[1] ?? "").trim(), span.index ?? 0);
  return found;
}
