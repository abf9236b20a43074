import {
  CALLBACK_ANSWER_FIELDS,
  CALLBACK_EXAMPLES,
  CALLBACK_REQUEST_FIELDS,
  type CallbackField,
  callbackPath,
  statusOutcome,
  WALLET_CALLBACKS,
  WALLET_STATUS_MEANINGS,
  type WalletCallback,
} from "@rgs/protocol/wallet-callbacks";
import { WALLET_STATUSES, type WalletStatus } from "@rgs/protocol/wallet-status";
import { escapeHtml } from "./html.ts";

/** What the callback contract section states about this deployment. */
export interface CallbackDocsOptions {
  signatureWindowSeconds: number;
  callbackTimeoutMs: number;
  debitRetries: number;
  outboxBaseDelayMs: number;
  outboxMaxDelayMs: number;
  outboxAlertAfterMs: number;
  sessionTtlSeconds: number;
  sessionRefreshGraceSeconds: number;
}

function fieldTable(fields: readonly CallbackField[]): string {
  const body = fields
    .map(
      (f) =>
        `<tr><td><code>${escapeHtml(f.name)}</code></td><td>${f.type}</td><td>${f.required}</td><td>${escapeHtml(f.notes)}</td></tr>`,
    )
    .join("");
  return `<table><tr><th>Field</th><th>Type</th><th>Required</th><th>Notes</th></tr>${body}</table>`;
}

/** The order operators meet the callbacks in: launch, game load, then a round's money movements. */
const CALLBACK_WHEN: ReadonlyArray<readonly [WalletCallback, string]> = [
  ["authenticate", "At a real-money launch, before the session exists: confirms the player may play."],
  ["balance", "When the game loads or reloads (POST /game/current), to show the balance."],
  ["debit", "For every stake: a bet, and each double, split, insurance, war or added bet."],
  ["credit", "For every payout, refund and round close, also with amount 0; never carries a session token."],
  ["rollback", "To reverse a debit whose outcome the RGS could not confirm; never carries a session token."],
];

const OUTCOME_WORDS = {
  ok: "success",
  refused: "definite refusal (nothing was applied)",
  ambiguous: "ambiguous (money may have moved)",
} as const;

/** How the RGS reads a status, per callback where the callbacks differ. */
function statusReading(status: WalletStatus): string {
  const outcomes = WALLET_CALLBACKS.map((callback) => statusOutcome(callback, status));
  const distinct = [...new Set(outcomes)];
  if (distinct.length === 1) return OUTCOME_WORDS[distinct[0] ?? "ambiguous"];
  return distinct
    .map((outcome) => {
      const on = WALLET_CALLBACKS.filter((_, i) => outcomes[i] === outcome);
      return `${OUTCOME_WORDS[outcome]} on ${on.join(", ")}`;
    })
    .join("; ");
}

function statusTable(): string {
  const rows = WALLET_STATUSES.map(
    (status) =>
      `<tr><td><code>${status}</code></td><td>${escapeHtml(WALLET_STATUS_MEANINGS[status])}</td><td>${escapeHtml(statusReading(status))}</td></tr>`,
  ).join("");
  return `<table><tr><th>status</th><th>Meaning</th><th>The RGS reads it as</th></tr>${rows}</table>`;
}

const LAUNCH_FAILURES: readonly (readonly [number, string, string])[] = [
  [400, "invalid_request", "a field is missing or malformed (the detail names it)"],
  [400, "unknown_currency / unknown_game", "not in GET /operator/currencies or the catalog"],
  [400, "bet_limits_not_allowed", "requested limits outside the operator's"],
  [
    400,
    "bet_limits_unplayable",
    "requested limits that leave no bet to place (minBet above maxBet or maxWin)",
  ],
  [403, "game_not_enabled", "the game is outside your packs"],
  [403, "country_not_allowed", "the player's location is outside your geo-restrictions"],
  [409, "callback_url_required", "real play without a callback base URL"],
  [
    403,
    "operator_not_certified",
    "production only: the latest integration-tester run against your current callback URL did not pass, or there is none",
  ],
  [
    409,
    "currency_mismatch",
    "accountCurrency (or ERROR_WRONG_CURRENCY) says the account is in another currency",
  ],
  [403, "player_self_excluded", "authenticate answered excluded true; an audit event records it"],
  [403, "player_disabled", "authenticate answered ERROR_PLAYER_DISABLED (also for an unknown player)"],
  [
    403,
    "player_refused",
    "authenticate answered another refusal about the player; the detail names the status",
  ],
  [
    502,
    "wallet_refused",
    "authenticate answered ERROR_WRONG_SYNTAX, ERROR_INVALID_GAME...: fix the integration",
  ],
  [
    502,
    "wallet_signature_refused",
    "authenticate answered HTTP 401 or ERROR_INVALID_SIGNATURE: the wallet verifies with another secret than the RGS signs with (a rotation on one side only?); retrying will not help",
  ],
  [
    502,
    "wallet_answer_invalid",
    "authenticate answered excluded with something other than true, false or null: the self-exclusion cannot be read, so the launch fails closed; an audit event records it",
  ],
  [
    503,
    "wallet_unavailable",
    "no clear answer: time-out, connection failure, non-200, ERROR_UNKNOWN, unreadable body; retrying is safe",
  ],
];

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** The wallet callback contract as operators must implement it (the full text is docs/callbacks.md). */
export function callbacksSection(opts: CallbackDocsOptions): string {
  const callbacks = CALLBACK_WHEN.map(
    ([
      name,
      when,
    ]) => `<h3 id="callback-${name}"><code>POST {callback base URL}${callbackPath(name)}</code></h3>
<p>${escapeHtml(when)}</p><h4>Request</h4>${fieldTable(CALLBACK_REQUEST_FIELDS[name])}<pre>${escapeHtml(CALLBACK_EXAMPLES[name].request)}</pre>
<h4>Answer (HTTP 200)</h4>${fieldTable(CALLBACK_ANSWER_FIELDS[name])}<pre>${escapeHtml(CALLBACK_EXAMPLES[name].answer)}</pre>`,
  ).join("\n");
  const failures = LAUNCH_FAILURES.map(
    ([status, code, when]) =>
      `<tr><td>${status}</td><td><code>${escapeHtml(code)}</code></td><td>${escapeHtml(when)}</td></tr>`,
  ).join("");
  return `<h2 id="callbacks">Wallet callbacks</h2>
<p>For real-money play the RGS holds no player money: it calls your wallet at your callback base URL, e.g. <code>https://wallet.example.com/wallet/v2</code>, plus <code>/callback/{name}</code>. Every callback is a <code>POST</code> of compact JSON in UTF-8. Amounts are decimal strings with the currency's decimals (zero is <code>"0"</code>); balances in your answers are decimal strings (more decimals are read exactly, shown rounded down). <code>metadata</code> is a string holding JSON. Answer every callback you processed with <strong>HTTP 200</strong>, errors included, with the outcome in <code>status</code>. Redirects are not followed.</p>
<h3 id="callback-signing">Signed input</h3>
<p>Each callback carries <code>X-Operator-ID</code>, <code>X-Timestamp</code> (Unix seconds) and <code>X-HMAC-SHA256</code> = hex HMAC-SHA256, keyed with the shared secret, of <code>timestamp + path + body</code>, where <strong>path is the full path including your base URL's prefix</strong> (<code>/wallet/v2/callback/debit</code>) and body the raw bytes received. Verify before parsing; refuse a wrong signature, a body changed after signing or a timestamp more than ${opts.signatureWindowSeconds} s from your clock with HTTP 401 (or 200 with <code>ERROR_INVALID_SIGNATURE</code>). A retry is signed afresh with a new timestamp.</p>
${callbacks}
<h3 id="callback-statuses">Statuses and how answers are read</h3>
${statusTable()}
<p>An answer is trusted only when it is HTTP 200 with the request's <code>requestId</code>, a listed status and, for <code>OK</code>, a readable balance; anything else (another HTTP status, <code>ERROR_UNKNOWN</code>, an unknown status, a missing or wrong <code>requestId</code>, a body that is not a JSON object) is ambiguous: the RGS does not know whether money moved.</p>
<h3 id="callback-timeouts">Time-outs</h3>
<p>Each call, from connecting to reading the last byte of the answer, must finish within <strong>${seconds(opts.callbackTimeoutMs)}</strong>; a later answer is not read and the call counts as ambiguous. Connections are kept alive and reused per operator.</p>
<h3 id="callback-retries">Retry schedule</h3>
<ul><li><strong>Debit</strong>: an ambiguous outcome is resent up to ${opts.debitRetries} time(s) at once with the same body (same <code>requestId</code> and <code>transactionId</code>); if none answers clearly, the bet or action is cancelled and a <strong>rollback</strong> naming the debit is sent. That debit is never sent again.</li>
<li><strong>Credit and rollback</strong>: stored before they are sent, then resent byte for byte until HTTP 200, with exponential backoff from ${seconds(opts.outboxBaseDelayMs)} doubling up to ${seconds(opts.outboxMaxDelayMs)} between attempts (with random jitter), across restarts of the RGS. One still undelivered after ${seconds(opts.outboxAlertAfterMs)} raises an alert at the RGS and keeps being retried. A 200 answer with an error status (other than <code>ERROR_TRANSACTION_DOES_NOT_EXIST</code> to a rollback) stops the retries and is resolved by a person.</li>
<li>Deduplicate on <code>transactionId</code>: a repeat returns the original result and moves nothing; the same <code>transactionId</code> with different parameters is answered <code>ERROR_DUPLICATE_TRANSACTION</code> (or the original result).</li></ul>
<h3 id="callback-ordering">Ordering within a round</h3>
<p>The callbacks of one round are sent in order: a later one waits for the earlier one's answer. A round may hold several debits and credits; only <code>roundClosed</code> true ends it, and every round ends with a credit (also of <code>0</code>) or a rollback, never a debit alone. Because an attempt that timed out may still reach you late: a rollback may arrive before its debit (answer <code>OK</code> and remember it), and a debit arriving after the rollback of the same <code>transactionId</code> must not move money.</p>
<h3 id="session-lifetime">Session lifetime</h3>
<p>A game session ends after ${opts.sessionTtlSeconds} s without activity; every game request extends it. The browser's token can be rotated (<code>POST /session/refresh</code>); the replaced token keeps working for ${opts.sessionRefreshGraceSeconds} s. The session's stable ID, sent as <code>sessionToken</code> on authenticate, balance and debit, never changes. Credits and rollbacks do not depend on a live session: answer them even after the session expired or the player was disabled.</p>
<h3 id="launch-failures">Launch failure codes</h3>
<table><tr><th>Status</th><th>code</th><th>When</th></tr>${failures}</table>`;
}
