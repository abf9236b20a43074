import type { CheckResult, RunReport } from "../model.ts";
import { exchangeText } from "./exchange-text.ts";
import { escapeXml } from "./xml.ts";

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function findingText(check: CheckResult, level: "fail" | "warn"): string {
  const parts: string[] = [];
  for (const finding of check.findings.filter((f) => f.level === level)) {
    parts.push(finding.message);
    if (finding.expected !== undefined) parts.push(`The wallet should have answered: ${finding.expected}`);
    if (finding.rule !== undefined) parts.push(`Rule: ${finding.rule}`);
    for (const exchange of check.exchanges.filter((e) => finding.exchanges.includes(e.seq))) {
      parts.push(exchangeText(exchange));
    }
    parts.push("");
  }
  return parts.join("\n");
}

function testcase(check: CheckResult): string {
  const open = `    <testcase classname="${escapeXml(`rgs-tester.${check.category}`)}" name="${escapeXml(`${check.id}: ${check.title}`)}" time="${seconds(check.durationMs)}"`;
  const body: string[] = [];
  if (check.outcome === "fail") {
    const first = check.findings.find((f) => f.level === "fail");
    body.push(
      `      <failure message="${escapeXml(first?.message ?? "failed")}" type="${escapeXml(check.id)}">${escapeXml(findingText(check, "fail"))}</failure>`,
    );
  }
  if (check.outcome === "skip")
    body.push(`      <skipped message="${escapeXml(check.skipReason ?? "skipped")}"/>`);
  const warnings = findingText(check, "warn");
  if (warnings !== "") body.push(`      <system-out>${escapeXml(`WARNING\n${warnings}`)}</system-out>`);
  return body.length === 0 ? `${open}/>` : `${open}>\n${body.join("\n")}\n    </testcase>`;
}

/**
 * JUnit XML as CI tools read it: one testsuite per category, one testcase per check, failures and skips
 * as elements, warnings in system-out (a warning does not fail a build).
 */
export function renderJunit(report: RunReport): string {
  const suites = report.categories.map((summary) => {
    const checks = report.checks.filter((check) => check.category === summary.category);
    const time = checks.reduce((sum, check) => sum + check.durationMs, 0);
    return [
      `  <testsuite name="${escapeXml(summary.category)}" tests="${checks.length}" failures="${summary.fail}" errors="0" skipped="${summary.skip}" time="${seconds(time)}" timestamp="${escapeXml(report.startedAt.slice(0, 19))}">`,
      ...checks.map(testcase),
      "  </testsuite>",
    ].join("\n");
  });
  const t = report.totals;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(`${report.tool.name} ${report.target.walletUrl}`)}" tests="${t.pass + t.warn + t.fail + t.skip}" failures="${t.fail}" errors="0" skipped="${t.skip}" time="${seconds(report.durationMs)}">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}
