import type { CheckResult, Exchange, Finding, Outcome, RunReport } from "../model.ts";
import { exchangeText } from "./exchange-text.ts";
import { escapeXml as esc } from "./xml.ts";

const LABELS: Record<Outcome, string> = { pass: "PASS", warn: "WARN", fail: "FAIL", skip: "SKIP" };

const STYLE = `
:root { --pass:#1a7f37; --warn:#9a6700; --fail:#cf222e; --skip:#6e7781; --line:#d0d7de; --soft:#f6f8fa; }
* { box-sizing: border-box; }
body { font: 14px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color:#1f2328; margin:0 auto; max-width:1100px; padding:24px; }
h1 { font-size:24px; margin:0 0 4px; } h2 { font-size:18px; margin:32px 0 8px; border-bottom:1px solid var(--line); padding-bottom:4px; }
h3 { font-size:15px; margin:0; display:flex; gap:8px; align-items:baseline; flex-wrap:wrap; }
.verdict { display:inline-block; padding:6px 12px; border-radius:6px; color:#fff; font-weight:600; margin:12px 0; }
.verdict.passed { background:var(--pass); } .verdict.failed { background:var(--fail); }
table { border-collapse:collapse; width:100%; margin:8px 0; } th, td { border:1px solid var(--line); padding:4px 8px; text-align:left; vertical-align:top; }
th { background:var(--soft); } td.n { text-align:right; width:64px; }
.badge { display:inline-block; min-width:44px; text-align:center; font-size:12px; font-weight:700; border-radius:4px; padding:1px 6px; color:#fff; }
.badge.pass { background:var(--pass); } .badge.warn { background:var(--warn); } .badge.fail { background:var(--fail); } .badge.skip { background:var(--skip); }
.check { border:1px solid var(--line); border-left-width:6px; border-radius:6px; padding:10px 12px; margin:10px 0; break-inside:avoid-page; }
.check.pass { border-left-color:var(--pass); } .check.warn { border-left-color:var(--warn); } .check.fail { border-left-color:var(--fail); } .check.skip { border-left-color:var(--skip); }
.id { font-family:ui-monospace, SFMono-Regular, Menlo, monospace; font-size:13px; color:#57606a; }
.meta { color:#57606a; margin:4px 0; }
.finding { margin:8px 0; padding:8px; border-radius:4px; background:var(--soft); }
.finding.fail { background:#ffebe9; } .finding.warn { background:#fff8c5; }
.finding p { margin:2px 0; }
pre { white-space:pre-wrap; word-break:break-all; font:12px/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; background:#fff; border:1px solid var(--line); border-radius:4px; padding:8px; margin:6px 0; }
details > summary { cursor:pointer; color:#0969da; margin:4px 0; }
@media print {
  body { max-width:none; padding:0; font-size:11px; }
  .check { break-inside:avoid; } details > summary { color:#1f2328; }
  pre { font-size:9.5px; }
}
`;

function badge(outcome: Outcome): string {
  return `<span class="badge ${outcome}">${LABELS[outcome]}</span>`;
}

function exchangeBlock(exchange: Exchange): string {
  return `<pre>${esc(exchangeText(exchange))}</pre>`;
}

function findingBlock(check: CheckResult, finding: Finding): string {
  const shown = check.exchanges.filter((exchange) => finding.exchanges.includes(exchange.seq));
  return `<div class="finding ${finding.level}">
<p><strong>${finding.level === "fail" ? "Failure" : finding.level === "warn" ? "Warning" : "Note"}:</strong> ${esc(finding.message)}</p>
${finding.expected === undefined ? "" : `<p><strong>The wallet should have answered:</strong> ${esc(finding.expected)}</p>`}
${finding.rule === undefined ? "" : `<p><strong>Rule:</strong> ${esc(finding.rule)}</p>`}
${shown.map(exchangeBlock).join("\n")}
</div>`;
}

function checkBlock(check: CheckResult): string {
  const findings = check.findings.map((finding) => findingBlock(check, finding)).join("\n");
  const problem = check.outcome === "fail" || check.outcome === "warn";
  const exchanges =
    check.exchanges.length === 0
      ? ""
      : `<details${problem ? " open" : ""}><summary>All ${check.exchanges.length} exchange(s) of this check</summary>
${check.exchanges.map(exchangeBlock).join("\n")}
</details>`;
  return `<section class="check ${check.outcome}" id="${esc(check.id)}">
<h3>${badge(check.outcome)} <span>${esc(check.title)}</span> <span class="id">${esc(check.id)}</span></h3>
<p class="meta">${esc(check.requirement)}<br>Source: ${esc(check.source)} · ${check.durationMs} ms</p>
${check.skipReason === undefined ? "" : `<p class="meta"><strong>Skipped:</strong> ${esc(check.skipReason)}</p>`}
${findings}
${exchanges}
</section>`;
}

/**
 * A self-contained HTML report: inline CSS, no scripts, readable offline and printable. Failures and
 * warnings show their evidence open; the exchanges of passing checks are folded.
 */
export function renderHtml(report: RunReport): string {
  const t = report.totals;
  const target = report.target;
  const rows = report.categories
    .map(
      (c) =>
        `<tr><td><a href="#cat-${esc(c.category.replace(/\W+/g, "-"))}">${esc(c.category)}</a></td><td class="n">${c.pass}</td><td class="n">${c.warn}</td><td class="n">${c.fail}</td><td class="n">${c.skip}</td></tr>`,
    )
    .join("\n");
  const money = report.money
    .map(
      (m) =>
        `<tr><td>${esc(m.playerId)}</td><td>${esc(m.startBalance ?? "?")}</td><td>${esc(m.endBalance ?? "?")}</td><td>${esc(m.netMovement ?? "?")}</td><td>${esc(m.settlement.join("; ") || "none needed")}</td></tr>`,
    )
    .join("\n");
  const problems = report.checks.filter((c) => c.outcome === "fail" || c.outcome === "warn");
  const sections = report.categories
    .map((c) => {
      const checks = report.checks.filter((check) => check.category === c.category);
      return `<h2 id="cat-${esc(c.category.replace(/\W+/g, "-"))}">${esc(c.category)}</h2>\n${checks.map(checkBlock).join("\n")}`;
    })
    .join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wallet integration report: ${report.passed ? "passed" : "failed"}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Wallet integration report</h1>
<div class="meta">${esc(report.tool.name)} ${esc(report.tool.version)} · started ${esc(report.startedAt)} · ${(report.durationMs / 1000).toFixed(1)} s</div>
<div class="verdict ${report.passed ? "passed" : "failed"}">${
    report.passed
      ? "PASSED: every Happy Path check passed and nothing failed"
      : `FAILED: ${t.fail} check(s) failed`
  }${t.warn > 0 ? ` · ${t.warn} warning(s)` : ""}</div>
<table>
<tr><th>Wallet base URL</th><td>${esc(target.walletUrl)}</td></tr>
<tr><th>Test player</th><td>${esc(target.playerId)}${target.secondPlayerId === undefined ? "" : `, second player ${esc(target.secondPlayerId)}`}</td></tr>
<tr><th>Operator ID</th><td>${esc(target.operatorId ?? "(not sent)")}</td></tr>
<tr><th>Currency</th><td>${esc(target.currency)}</td></tr>
<tr><th>HMAC secret</th><td>&lt;HMAC_SECRET&gt; (never shown; signatures are)</td></tr>
</table>
<h2>Summary by category</h2>
<table>
<tr><th>Category</th><th>Pass</th><th>Warn</th><th>Fail</th><th>Skip</th></tr>
${rows}
<tr><th>Total</th><th class="n">${t.pass}</th><th class="n">${t.warn}</th><th class="n">${t.fail}</th><th class="n">${t.skip}</th></tr>
</table>
${
  problems.length === 0
    ? ""
    : `<h2>To fix</h2>\n<ul>\n${problems
        .map(
          (c) =>
            `<li>${badge(c.outcome)} <a href="#${esc(c.id)}">${esc(c.id)}</a>: ${esc(c.findings.find((f) => f.level === c.outcome)?.message ?? c.title)}</li>`,
        )
        .join("\n")}\n</ul>`
}
<h2>Money</h2>
<table>
<tr><th>Player</th><th>Start</th><th>End</th><th>Net movement</th><th>Settlement</th></tr>
${money || '<tr><td colspan="5">The starting balance could not be read.</td></tr>'}
</table>
${sections}
</body>
</html>
`;
}
