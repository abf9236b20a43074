import type { CheckResult, Exchange, Finding, RunReport } from "../model.ts";

export const SECRET_PLACEHOLDER = "<HMAC_SECRET>";

/**
 * A copy with every occurrence of the secret in wallet-supplied text replaced by `<HMAC_SECRET>`. The
 * tester never puts the secret in a report itself, so only what a wallet may echo back is rewritten: its
 * answers (bodies, header values, transport errors) and the findings and skip reasons that quote them.
 * Keys and the tester's own vocabulary (ids, outcomes, categories, labels) are never touched: a short
 * secret such as `x` would otherwise rewrite them and the renderers that look them up would break.
 */
export function redact(value: string, secret: string): string;
export function redact(value: CheckResult, secret: string): CheckResult;
export function redact(value: RunReport, secret: string): RunReport;
export function redact(
  value: string | CheckResult | RunReport,
  secret: string,
): string | CheckResult | RunReport {
  if (secret === "") return value;
  if (typeof value === "string") return redactText(value, secret);
  if ("checks" in value) return { ...value, checks: value.checks.map((check) => redactCheck(check, secret)) };
  return redactCheck(value, secret);
}

function redactText(text: string, secret: string): string {
  return text.split(secret).join(SECRET_PLACEHOLDER);
}

function redactCheck(check: CheckResult, secret: string): CheckResult {
  const redacted: CheckResult = {
    ...check,
    findings: check.findings.map((finding) => redactFinding(finding, secret)),
    exchanges: check.exchanges.map((exchange) => redactExchange(exchange, secret)),
  };
  if (check.skipReason !== undefined) redacted.skipReason = redactText(check.skipReason, secret);
  return redacted;
}

function redactFinding(finding: Finding, secret: string): Finding {
  const redacted: Finding = { ...finding, message: redactText(finding.message, secret) };
  if (finding.expected !== undefined) redacted.expected = redactText(finding.expected, secret);
  return redacted;
}

function redactExchange(exchange: Exchange, secret: string): Exchange {
  const redacted: Exchange = { ...exchange };
  if (exchange.response !== undefined) {
    const headers = Object.fromEntries(
      Object.entries(exchange.response.headers).map(([name, value]) => [name, redactText(value, secret)]),
    );
    redacted.response = {
      status: exchange.response.status,
      headers,
      body: redactText(exchange.response.body, secret),
    };
  }
  if (exchange.error !== undefined) redacted.error = redactText(exchange.error, secret);
  return redacted;
}
