import { createHash } from "node:crypto";
import { ERROR_CATALOG } from "@rgs/protocol/errors";
import { type CallbackDocsOptions, callbacksSection } from "./callbacks-section.ts";
import { escapeHtml } from "./html.ts";

/**
 * The human-readable API reference, rendered on the server from the same OpenAPI document that
 * /openapi.json serves: one self-contained HTML page (inline CSS, no script, nothing fetched from
 * elsewhere), so it works offline and under a strict Content-Security-Policy.
 */

type Json = Record<string, unknown>;

export interface DocsPageOptions extends CallbackDocsOptions {
  environment: "staging" | "production";
  publicBaseUrl: string;
  signatureWindowSeconds: number;
  rateLimit: { ratePerSecond: number; burst: number };
  bodyLimitBytes: number;
  launchDetailsMaxBytes: number;
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d232a;background:#fff}
header{background:#17212b;color:#fff;padding:1.2rem 2rem}
header h1{margin:0;font-size:1.5rem}
.env{display:inline-block;padding:.1rem .6rem;border-radius:1rem;font-size:.8rem;font-weight:600;margin-left:.6rem;vertical-align:middle}
.env-staging{background:#f0b429;color:#17212b}.env-production{background:#c53030;color:#fff}
main{max-width:60rem;margin:0 auto;padding:1rem 2rem 4rem}
nav ul{columns:2;padding-left:1.2rem}
h2{border-bottom:1px solid #d9dee3;padding-bottom:.3rem;margin-top:2.5rem}
code,pre{font-family:ui-monospace,monospace;font-size:.9em;background:#f3f5f7;border-radius:4px}
code{padding:0 .25rem}pre{padding:.8rem;overflow-x:auto}
header code{background:#2c3a47;color:#fff}
table{border-collapse:collapse;width:100%;margin:.6rem 0}
th,td{border:1px solid #d9dee3;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f5f7}
.method{font-weight:700;padding:.1rem .45rem;border-radius:4px;color:#fff;margin-right:.4rem}
.GET{background:#2f7d32}.POST{background:#1f5fa8}
.op{border:1px solid #d9dee3;border-radius:6px;padding:.2rem 1rem 1rem;margin:1.2rem 0}
`;

/** The CSP source for the inline stylesheet, so the page needs no 'unsafe-inline'. */
export const DOCS_STYLE_HASH = `'sha256-${createHash("sha256").update(STYLE, "utf8").digest("base64")}'`;

export { escapeHtml };

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function typeOf(schema: Json): string {
  if (schema.type === "array" && isObject(schema.items)) return `array of ${typeOf(schema.items)}`;
  if (typeof schema.type === "string") return schema.type;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  return "any";
}

function constraints(schema: Json): string[] {
  const notes: string[] = [];
  if (typeof schema.minLength === "number") notes.push(`min length ${schema.minLength}`);
  if (typeof schema.maxLength === "number") notes.push(`max length ${schema.maxLength}`);
  if (typeof schema.pattern === "string") notes.push(`pattern <code>${escapeHtml(schema.pattern)}</code>`);
  if (typeof schema.format === "string") notes.push(`format ${escapeHtml(schema.format)}`);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) {
    notes.push(`e.g. <code>${escapeHtml(JSON.stringify(schema.examples[0]))}</code>`);
  }
  if (schema.additionalProperties === false) notes.push("no other fields");
  return notes;
}

/** One row per field, nested objects flattened with dotted names. */
function fieldRows(schema: Json, prefix: string): string[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const rows: string[] = [];
  for (const [name, child] of Object.entries(properties)) {
    if (!isObject(child)) continue;
    const path = `${prefix}${name}`;
    const notes = constraints(child);
    rows.push(
      `<tr><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(typeOf(child))}</td><td>${required.has(name) ? "yes" : "no"}</td><td>${[escapeHtml(text(child.description)), notes.length > 0 ? `<small>${notes.join("; ")}</small>` : ""].filter(Boolean).join("<br>")}</td></tr>`,
    );
    if (isObject(child.properties)) rows.push(...fieldRows(child, `${path}.`));
    if (child.type === "array" && isObject(child.items) && isObject(child.items.properties)) {
      rows.push(...fieldRows(child.items, `${path}[].`));
    }
  }
  return rows;
}

function schemaTable(schema: unknown): string {
  if (!isObject(schema)) return "";
  const rows = fieldRows(schema, "");
  if (rows.length === 0) return "";
  return `<table><tr><th>Field</th><th>Type</th><th>Required</th><th>Meaning</th></tr>${rows.join("")}</table>`;
}

function jsonSchemaOf(container: unknown): unknown {
  if (!isObject(container) || !isObject(container.content)) return undefined;
  const json = container.content["application/json"];
  return isObject(json) ? json.schema : undefined;
}

function anchorFor(method: string, path: string): string {
  return `${method}-${path}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

interface Operation {
  method: string;
  path: string;
  operation: Json;
}

function operationsOf(document: Json): Operation[] {
  const paths = isObject(document.paths) ? document.paths : {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const operation = item[method];
      if (isObject(operation)) operations.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return operations;
}

function renderOperation({ method, path, operation }: Operation): string {
  const parts = [
    `<section class="op" id="${anchorFor(method, path)}">`,
    `<h3><span class="method ${method}">${method}</span><code>${escapeHtml(path)}</code></h3>`,
    `<p><strong>${escapeHtml(text(operation.summary))}</strong></p>`,
  ];
  if (text(operation.description)) parts.push(`<p>${escapeHtml(text(operation.description))}</p>`);
  const security = Array.isArray(operation.security) ? operation.security : [];
  if (security.some((entry) => isObject(entry) && "SessionToken" in entry)) {
    parts.push(
      '<p>Game API: <code>Authorization: Bearer &lt;session token&gt;</code> (see <a href="#game-api">Game API</a>).</p>',
    );
  } else if (security.length > 0) {
    parts.push(
      '<p>Signed request: <code>X-Operator-ID</code>, <code>X-Timestamp</code>, <code>X-HMAC-SHA256</code> (see <a href="#signing">Signing</a>). No query string.</p>',
    );
  }
  const body = jsonSchemaOf(operation.requestBody);
  if (body !== undefined) parts.push("<h4>Request body (application/json)</h4>", schemaTable(body));
  const responses = isObject(operation.responses) ? operation.responses : {};
  const rows: string[] = [];
  for (const [status, response] of Object.entries(responses)) {
    if (!isObject(response)) continue;
    rows.push(`<tr><td>${escapeHtml(status)}</td><td>${escapeHtml(text(response.description))}</td></tr>`);
  }
  if (rows.length > 0) {
    parts.push(`<h4>Responses</h4><table><tr><th>Status</th><th>Meaning</th></tr>${rows.join("")}</table>`);
  }
  const success = jsonSchemaOf(responses["200"]);
  if (success !== undefined) parts.push("<h4>200 response body</h4>", schemaTable(success));
  parts.push("</section>");
  return parts.join("\n");
}

function signingSection(opts: DocsPageOptions): string {
  const base = escapeHtml(opts.publicBaseUrl);
  return `<h2 id="signing">Signing requests</h2>
<p>Every operator request carries three headers:</p>
<table><tr><th>Header</th><th>Value</th></tr>
<tr><td><code>X-Operator-ID</code></td><td>your operator ID (UUID)</td></tr>
<tr><td><code>X-Timestamp</code></td><td>current Unix time in whole seconds, plain digits (e.g. <code>1700000000</code>)</td></tr>
<tr><td><code>X-HMAC-SHA256</code></td><td>lower- or upper-case hex of HMAC-SHA256, keyed with your secret (UTF-8), over <code>timestamp + path + body</code></td></tr></table>
<p>The path is the request path without host or query (e.g. <code>/operator/launch</code>); the body is the exact text sent (empty for GET). Sign the compact JSON you send, byte for byte. The timestamp is accepted up to ${opts.signatureWindowSeconds} s either side of the server clock: keep your clock synchronised (NTP). Operator endpoints refuse any query string. A POST is accepted once: an exact replay (same timestamp and signature) is refused with <code>401 replayed_request</code>, so sign each retry again with the current time, at least one second after the previous attempt. Bodies are UTF-8 JSON; the signature is checked over the bytes received.</p>
<p>After a secret rotation the previous secret stays valid for a grace period, so you can switch without downtime.</p>
<pre>SECRET='&lt;HMAC_SECRET&gt;'; OPERATOR_ID='&lt;OPERATOR_ID&gt;'
BODY='{"playerId":"player-1","currency":"USD","gameCode":"dice-alpha","countryCode":"DE","demo":true}'
TS=$(date +%s)
SIG=$(printf '%s' "$TS/operator/launch$BODY" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //')
curl -sS -X POST '${base}/operator/launch' -H 'Content-Type: application/json' \\
  -H "X-Operator-ID: $OPERATOR_ID" -H "X-Timestamp: $TS" -H "X-HMAC-SHA256: $SIG" --data-raw "$BODY"</pre>`;
}

function errorsSection(): string {
  const rows = Object.entries(ERROR_CATALOG)
    .map(
      ([code, entry]) =>
        `<tr><td>${entry.status}${"adminStatus" in entry ? ` (${entry.adminStatus} on the admin interface)` : ""}</td><td><code>${escapeHtml(code)}</code></td><td>${escapeHtml(entry.title)}</td></tr>`,
    )
    .join("");
  return `<h2 id="errors">Errors</h2>
<p>Every error, on every endpoint, has the same JSON body: <code>{"status": 401, "title": "Signature does not match", "code": "bad_signature", "detail": "..."}</code>. Program against <code>code</code>; <code>detail</code> explains this particular request to a human and may change. Every answer carries an <code>X-Request-ID</code> header (yours is kept when you send a plausible one): quote it when reporting a problem.</p>
<table><tr><th>Status</th><th>code</th><th>title</th></tr>${rows}</table>`;
}

function rateLimitSection(opts: DocsPageOptions): string {
  return `<h2 id="rate-limits">Rate limits</h2>
<p>Each operator endpoint has a token bucket per client IP address: ${opts.rateLimit.ratePerSecond} requests per second sustained, bursts of ${opts.rateLimit.burst}. Clients behind one proxy share one budget. Over the limit the answer is <code>429</code> with code <code>rate_limit_exceeded</code> and a <code>Retry-After</code> header in whole seconds: wait at least that long, then retry with exponential backoff.</p>
<p>Request bodies are limited to ${opts.bodyLimitBytes} bytes (413 <code>payload_too_large</code>); the <code>details</code> object of a launch to ${opts.launchDetailsMaxBytes} bytes of JSON.</p>`;
}

function gameApiSection(opts: DocsPageOptions): string {
  return `<h2 id="game-api">Game API</h2>
<p>The endpoints tagged <em>game</em> (<code>/game/*</code>, <code>/seed/*</code>, <code>/session/refresh</code>) are called by the game client in the player's browser, not by your backend. They are authenticated by the session token of the launch URL, sent as <code>Authorization: Bearer &lt;token&gt;</code>; no token, an unknown or replaced one answers 401 <code>invalid_session</code>, a session that timed out 401 <code>session_expired</code>. The client is served from this server's origin, so the game API sends no CORS headers. Query strings are allowed there (it is not signed). A session ends after ${opts.sessionTtlSeconds} s without activity; <code>POST /session/refresh</code> answers a new token and the old one keeps working for ${opts.sessionRefreshGraceSeconds} s. Refusals by your wallet reach the player with code <code>not_enough_money</code>, <code>player_disabled</code> or <code>bet_refused</code> and, when you sent one, your <code>customUserError</code> message. <code>POST /game/verify</code> recomputes any round from its revealed seeds without a session.</p>
<p id="idempotency-key"><code>POST /game/play</code> and <code>POST /game/action</code> take an <code>Idempotency-Key</code> header, one fresh key per bet and per action (the game client sends one): a request whose answer was lost, resent with the same key and body, is answered with its original outcome and never placed twice, on any instance. <code>409 request_in_progress</code> (with <code>Retry-After</code>) means the original is still under way; the same key with another request answers <code>422 idempotency_key_reused</code>. Keys live with the round they protect. While an instance stops it answers <code>503 shutting_down</code>, and while it cannot reach its database <code>503 store_unavailable</code>, both with <code>Retry-After</code>: resend with the same key.</p>`;
}

function versioningSection(version: string): string {
  return `<h2 id="versioning">Versioning</h2>
<p>This is version <strong>${escapeHtml(version)}</strong> of the operator API (semantic versioning). Within a major version changes are additive only: new endpoints, new optional request fields, new response fields, new error codes. Ignore response fields you do not know. A breaking change gets a new major version, served beside the old one; the old one is announced deprecated at least 6 months before it is removed, and its answers then carry <code>Deprecation</code> and <code>Sunset</code> headers (RFC 9745, RFC 8594).</p>`;
}

export function renderDocsPage(document: Json, opts: DocsPageOptions): string {
  const info = isObject(document.info) ? document.info : {};
  const version = text(info.version);
  const title = text(info.title) || "API reference";
  const operations = operationsOf(document);
  const toc = [
    ...operations.map(
      (op) => `<li><a href="#${anchorFor(op.method, op.path)}">${op.method} ${escapeHtml(op.path)}</a></li>`,
    ),
    '<li><a href="#signing">Signing requests</a></li>',
    '<li><a href="#game-api">Game API (browser)</a></li>',
    '<li><a href="#callbacks">Wallet callbacks</a>: <a href="#callback-signing">signed input</a>, <a href="#callback-timeouts">time-outs</a>, <a href="#callback-retries">retry schedule</a>, <a href="#callback-ordering">ordering</a>, <a href="#session-lifetime">session lifetime</a>, <a href="#launch-failures">launch failure codes</a></li>',
    '<li><a href="#errors">Errors</a></li>',
    '<li><a href="#rate-limits">Rate limits</a></li>',
    '<li><a href="#versioning">Versioning</a></li>',
    '<li><a href="/openapi.json">OpenAPI document (JSON)</a></li>',
  ].join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} ${escapeHtml(version)} (${opts.environment})</title>
<style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(title)} <small>v${escapeHtml(version)}</small><span class="env env-${opts.environment}">${opts.environment}</span></h1>
<p>Base URL: <code>${escapeHtml(opts.publicBaseUrl)}</code></p></header>
<main>
<p>${escapeHtml(text(info.description))}</p>
<nav><h2 id="contents">Contents</h2><ul>${toc}</ul></nav>
<h2 id="endpoints">Endpoints</h2>
${operations.map(renderOperation).join("\n")}
${signingSection(opts)}
${gameApiSection(opts)}
${callbacksSection(opts)}
${errorsSection()}
${rateLimitSection(opts)}
${versioningSection(version)}
</main></body></html>`;
}
