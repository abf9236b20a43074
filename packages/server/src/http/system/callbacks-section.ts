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

type Row = readonly [string, string, string, string];

function fieldTable(rows: readonly Row[]): string {
  const body = rows
    .map(
      ([name, type, required, notes]) =>
        `<tr><td><code>${name}</code></td><td>${type}</td><td>${required}</td><td>${escapeHtml(notes)}</td></tr>`,
    )
    .join("");
  return `<table><tr><th>Field</th><th>Type</th><th>Required</th><th>Notes</th></tr>${body}</table>`;
}

const ANSWER_ROWS: readonly Row[] = [
  ["requestId", "string", "yes", "echo of the request's requestId"],
  ["status", "string", "yes", "OK or an error status (below)"],
  ["balance", "string", "when OK", "decimal string; after the debit, credit or rollback"],
];

interface Callback {
  name: string;
  when: string;
  request: readonly Row[];
  answer: readonly Row[];
  example: string;
}

const CALLBACKS: readonly Callback[] = [
  {
    name: "authenticate",
    when: "At a real-money launch, before the session exists: confirms the player may play.",
    request: [
      ["requestId", "string", "yes", "unique per callback"],
      ["playerId", "string", "yes", "the launch's playerId"],
      ["currency", "string", "yes", "the session currency (CNY for a launch in RMB)"],
      ["gameCode", "string", "yes", "game code with its RTP suffix"],
      ["sessionToken", "string", "no", "the session's stable ID (never the browser's token)"],
    ],
    answer: [
      ...ANSWER_ROWS,
      ["accountCurrency", "string", "no", "if present and not the request currency, the launch fails"],
      ["name", "string", "no", "display name, kept on the session"],
      ["countryCode", "string", "no", "ISO 3166-1 alpha-2, kept on the session"],
      ["languageCode", "string", "no", "ISO 639-1: the language of the game client"],
      ["birthDate / registrationDate", "string", "no", "YYYY-MM-DD"],
      ["address", "string", "no", "free text"],
      ["excluded", "boolean", "no", "JSON true refuses the launch (player_self_excluded) and is audited"],
      ["excludedUntil", "string", "no", "YYYY-MM-DD, recorded in the audit event"],
    ],
    example:
      '{"requestId":"0f6c2a4e-5b1d-4e7a-9c3f-2d8b6a1e4f70","playerId":"player-42","currency":"EUR","gameCode":"dice-alpha","sessionToken":"7d1e9a52-3c84-4b0f-a6e2-58c1d9f3b247"}',
  },
  {
    name: "balance",
    when: "When the game loads or reloads (POST /game/current), to show the balance.",
    request: [
      ["requestId", "string", "yes", ""],
      ["playerId", "string", "yes", ""],
      ["sessionToken", "string", "no", "the session's stable ID"],
    ],
    answer: ANSWER_ROWS,
    example: '{"requestId":"c8a3f1d2-6e4b-4a9c-8f7e-1b2d3c4e5f60","playerId":"player-42"}',
  },
  {
    name: "debit",
    when: "For every stake: a bet, and each double, split, insurance, war or added bet.",
    request: [
      ["requestId", "string", "yes", ""],
      ["playerId", "string", "yes", ""],
      ["transactionId", "string", "yes", "idempotency key"],
      ["roundId", "string", "yes", "a round may hold several debits"],
      ["gameCode", "string", "yes", ""],
      ["amount", "string", "yes", "positive decimal with the currency's decimals"],
      ["sessionToken", "string", "no", "the session's stable ID"],
      ["metadata", "string", "no", "a string holding JSON"],
    ],
    answer: [
      ...ANSWER_ROWS,
      ["customUserError", "string", "no", "shown to the player when the debit is refused (200 characters)"],
    ],
    example:
      '{"requestId":"5d0c6a2e-8f1b-4c3a-9e7d-2b4f6a8c0e13","playerId":"player-42","transactionId":"tx-1","roundId":"round-1","gameCode":"dice-alpha","amount":"1.50"}',
  },
  {
    name: "credit",
    when: "For every payout, refund and round close, also with amount 0; never carries a session token.",
    request: [
      ["requestId", "string", "yes", ""],
      ["playerId", "string", "yes", ""],
      ["transactionId", "string", "yes", "idempotency key"],
      ["roundId", "string", "yes", ""],
      ["roundClosed", "boolean", "yes", "true on the round's last callback"],
      ["gameId", "string", "yes", "the game code (named gameId here)"],
      ["amount", "string", "yes", "0 for a loss"],
      ["metadata", "string", "no", "a string holding JSON"],
    ],
    answer: ANSWER_ROWS,
    example:
      '{"requestId":"8e4f2b6a-1c3d-4e5f-9a7b-6c5d4e3f2a10","playerId":"player-42","transactionId":"tx-2","roundId":"round-1","roundClosed":true,"gameId":"dice-alpha","amount":"0"}',
  },
  {
    name: "rollback",
    when: "To reverse a debit whose outcome the RGS could not confirm; never carries a session token.",
    request: [
      ["requestId", "string", "yes", ""],
      ["playerId", "string", "yes", ""],
      ["transactionId", "string", "yes", "this rollback's idempotency key"],
      ["reverseTransactionId", "string", "yes", "transactionId of the debit to reverse"],
      ["roundId", "string", "yes", ""],
      ["roundClosed", "boolean", "yes", "true when the rollback closes the round"],
      ["gameId", "string", "yes", "the game code"],
      ["metadata", "string", "no", "a string holding JSON"],
    ],
    answer: ANSWER_ROWS,
    example:
      '{"requestId":"3b7d9f1e-2a4c-4e6b-8d0f-1a3c5e7b9d20","playerId":"player-42","transactionId":"tx-3","reverseTransactionId":"tx-1","roundId":"round-1","roundClosed":true,"gameId":"dice-alpha"}',
  },
];

const LAUNCH_FAILURES: readonly (readonly [number, string, string])[] = [
  [400, "invalid_request", "a field is missing or malformed (the detail names it)"],
  [400, "unknown_currency / unknown_game", "not in GET /operator/currencies or the catalog"],
  [400, "bet_limits_not_allowed", "requested limits outside the operator's"],
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
    "authenticate answered ERROR_INVALID_SIGNATURE, ERROR_WRONG_SYNTAX, ERROR_INVALID_GAME...: fix the integration",
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
  const callbacks = CALLBACKS.map(
    (c) => `<h3 id="callback-${c.name}"><code>POST {callback base URL}/callback/${c.name}</code></h3>
<p>${escapeHtml(c.when)}</p><h4>Request</h4>${fieldTable(c.request)}<pre>${escapeHtml(c.example)}</pre>
<h4>Answer (HTTP 200)</h4>${fieldTable(c.answer)}`,
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
<p><code>OK</code>, <code>ERROR_NOT_ENOUGH_MONEY</code> (the only refusal that lets the player be told the balance is too low), <code>ERROR_PLAYER_DISABLED</code>, <code>ERROR_INVALID_SESSION</code>, <code>ERROR_SESSION_EXPIRED</code>, <code>ERROR_INVALID_GAME</code>, <code>ERROR_WRONG_CURRENCY</code>, <code>ERROR_DUPLICATE_TRANSACTION</code>, <code>ERROR_TRANSACTION_DOES_NOT_EXIST</code> (a success for a rollback), <code>ERROR_INVALID_SIGNATURE</code>, <code>ERROR_WRONG_SYNTAX</code>, <code>ERROR_UNKNOWN</code>. An answer is trusted only when it is HTTP 200 with the request's <code>requestId</code>, a listed status and, for <code>OK</code>, a readable balance; anything else (another HTTP status, <code>ERROR_UNKNOWN</code>, an unknown status, a missing or wrong <code>requestId</code>, a body that is not a JSON object) is ambiguous: the RGS does not know whether money moved.</p>
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
