import type { CheckDefinition } from "../checks/check-run.ts";
import type { CheckResult, Outcome, RunReport } from "../model.ts";
import { exchangeText } from "./exchange-text.ts";

const COLORS: Record<Outcome, string> = { pass: "32", warn: "33", fail: "31", skip: "90" };
const LABELS: Record<Outcome, string> = { pass: "PASS", warn: "WARN", fail: "FAIL", skip: "SKIP" };

export interface ConsoleStyle {
  color: boolean;
}

function paint(style: ConsoleStyle, code: string, text: string): string {
  return style.color ? `\u001b[${code}m${text}\u001b[0m` : text;
}

function tag(style: ConsoleStyle, outcome: Outcome): string {
  return paint(style, `1;${COLORS[outcome]}`, LABELS[outcome]);
}

/** One line per finished check, with the reason underneath for anything but a pass. */
export function progressLine(result: CheckResult, style: ConsoleStyle): string {
  const lines = [
    `  ${tag(style, result.outcome)}  ${result.id.padEnd(38)} ${result.title} (${result.durationMs} ms)`,
  ];
  if (result.outcome === "skip" && result.skipReason !== undefined) {
    lines.push(paint(style, "90", `        skipped: ${result.skipReason}`));
  }
  for (const finding of result.findings) {
    if (finding.level === "note") continue;
    lines.push(`        ${finding.level === "fail" ? "✗" : "!"} ${finding.message}`);
  }
  return lines.join("\n");
}

export function categoryHeader(
  check: CheckDefinition,
  previous: string | undefined,
  style: ConsoleStyle,
): string | undefined {
  return check.category === previous ? undefined : paint(style, "1", `\n${check.category}`);
}

/** The end of the console output: failures with their evidence, the summary by category, money, verdict. */
export function renderSummary(report: RunReport, style: ConsoleStyle): string {
  const out: string[] = [];
  const problems = report.checks.filter((check) => check.outcome === "fail" || check.outcome === "warn");
  if (problems.length > 0) {
    out.push(paint(style, "1", "\nFindings"));
    for (const check of problems) {
      out.push(`\n${tag(style, check.outcome)} ${check.id} — ${check.title}`);
      out.push(`  Requirement: ${check.requirement}`);
      for (const finding of check.findings) {
        if (finding.level === "note") continue;
        out.push(`  ${finding.level === "fail" ? "✗" : "!"} ${finding.message}`);
        if (finding.expected !== undefined)
          out.push(`    The wallet should have answered: ${finding.expected}`);
        if (finding.rule !== undefined) out.push(`    Rule: ${finding.rule}`);
        for (const exchange of check.exchanges.filter((e) => finding.exchanges.includes(e.seq))) {
          out.push(
            exchangeText(exchange)
              .split("\n")
              .map((line) => `      ${line}`)
              .join("\n"),
          );
        }
      }
    }
  }
  out.push(paint(style, "1", "\nSummary by category"));
  out.push(`  ${"Category".padEnd(26)} pass  warn  fail  skip`);
  for (const c of report.categories) {
    const cell = (n: number, outcome: Outcome) =>
      n > 0 && outcome !== "pass"
        ? paint(style, COLORS[outcome], String(n).padStart(4))
        : String(n).padStart(4);
    out.push(
      `  ${c.category.padEnd(26)} ${cell(c.pass, "pass")}  ${cell(c.warn, "warn")}  ${cell(c.fail, "fail")}  ${cell(c.skip, "skip")}`,
    );
  }
  const t = report.totals;
  out.push(
    `  ${"Total".padEnd(26)} ${String(t.pass).padStart(4)}  ${String(t.warn).padStart(4)}  ${String(t.fail).padStart(4)}  ${String(t.skip).padStart(4)}`,
  );
  for (const money of report.money) {
    out.push(
      `\nMoney: player ${money.playerId} started at ${money.startBalance ?? "?"} and ends at ${money.endBalance ?? "?"} (net ${money.netMovement ?? "?"})${
        money.settlement.length > 0 ? `; settlement: ${money.settlement.join("; ")}` : ""
      }`,
    );
  }
  const verdict = report.passed
    ? paint(style, "1;32", "PASSED: every Happy Path check passed and nothing failed")
    : report.stopped !== undefined
      ? paint(style, "1;31", `STOPPED at the first request: ${report.stopped}`)
      : paint(style, "1;31", `FAILED: ${t.fail} check(s) failed`);
  out.push(
    `\n${verdict}${t.warn > 0 ? ` (${t.warn} warning(s))` : ""} in ${(report.durationMs / 1000).toFixed(1)} s`,
  );
  return out.join("\n");
}
