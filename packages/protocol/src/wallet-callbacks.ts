import { freeRoundOf } from "./free-rounds.ts";
import {
  decimalToMinor,
  type ExactDecimal,
  MAX_CURRENCY_DECIMALS,
  parseAmount,
  parseDecimalExact,
} from "./money.ts";
import { isWalletStatus, WALLET_STATUSES, type WalletStatus } from "./wallet-status.ts";

/**
 * The wallet callback contract (SPEC "Wallet callback records", "Wallet callback endpoints", "Wallet
 * callback status codes"): the five callbacks, the fields of their requests and answers in wire order,
 * the rules each field follows, and how an answer is read. The RGS builds its bodies and reads answers
 * with it, the reference wallet checks requests with it, the integration tester sends and judges with
 * it, and the /docs page and the OpenAPI document are generated from it, so none of them can drift.
 */

export const WALLET_CALLBACKS = ["authenticate", "debit", "credit", "balance", "rollback"] as const;

export type WalletCallback = (typeof WALLET_CALLBACKS)[number];

export function isWalletCallback(value: unknown): value is WalletCallback {
  return typeof value === "string" && (WALLET_CALLBACKS as readonly string[]).includes(value);
}

/** Where a callback is served, appended to the operator's callback base URL. */
export function callbackPath(callback: WalletCallback): string {
  return `/callback/${callback}`;
}

/** Identifiers (players, transactions, rounds, sessions) are at most this long. */
export const WIRE_ID_MAX_LENGTH = 256;
/** Game and currency codes are at most this long. */
export const WIRE_CODE_MAX_LENGTH = 64;
/** The most characters of a wallet's `customUserError` shown to the player. */
export const CUSTOM_USER_ERROR_MAX = 200;
/** The most characters of an authenticate answer's `name` kept. */
export const PROFILE_TEXT_MAX = 200;
/** The most characters of an authenticate answer's `address` kept. */
export const PROFILE_ADDRESS_MAX = 500;

/**
 * How a field's value is written and checked:
 * - `id`: non-empty text of at most 256 characters, without control characters or broken UTF-16;
 * - `code`: the same, at most 64 characters;
 * - `stake`: a positive decimal amount string ("0" only on a free round's debit, whose `metadata` carries
 *   `freeRound`: free-rounds.ts); `payout`: a zero or positive one;
 * - `flag`: a JSON boolean; `json-text`: a string holding JSON;
 * - in answers, `echo` (the request's requestId), `status`, `balance` (an exact decimal string, any
 *   sign and precision), and the leniently read optional fields (`message`, `text`, `date`, ...).
 */
export type FieldFormat =
  | "id"
  | "code"
  | "stake"
  | "payout"
  | "flag"
  | "json-text"
  | "echo"
  | "status"
  | "balance"
  | "message"
  | "text"
  | "currency"
  | "country"
  | "language"
  | "date"
  | "boolean";

export interface CallbackField {
  readonly name: string;
  readonly type: "string" | "boolean";
  /** `when OK`: required in an answer whose status is OK. */
  readonly required: "yes" | "no" | "when OK";
  readonly format: FieldFormat;
  readonly notes: string;
}

const field = (
  name: string,
  format: FieldFormat,
  required: CallbackField["required"],
  notes: string,
): CallbackField => ({
  name,
  type: format === "flag" || format === "boolean" ? "boolean" : "string",
  required,
  format,
  notes,
});

const REQUEST_ID = field("requestId", "id", "yes", "unique per callback; echoed in the answer");
const PLAYER_ID = field("playerId", "id", "yes", "the launch's playerId");
const SESSION_TOKEN = field(
  "sessionToken",
  "id",
  "no",
  "the session's stable ID (never the browser's token); never on credits and rollbacks",
);
const METADATA = field("metadata", "json-text", "no", "a string holding JSON that describes the action");
const ROUND_CLOSED = field("roundClosed", "flag", "yes", "true on the round's last callback");

/** The request fields of each callback, in the order they are written on the wire. */
export const CALLBACK_REQUEST_FIELDS: Readonly<Record<WalletCallback, readonly CallbackField[]>> = {
  authenticate: [
    REQUEST_ID,
    PLAYER_ID,
    field("currency", "code", "yes", "the session currency (CNY for a launch in RMB)"),
    field("gameCode", "code", "yes", "game code with its RTP suffix, e.g. dice-alpha"),
    SESSION_TOKEN,
  ],
  debit: [
    REQUEST_ID,
    PLAYER_ID,
    field("transactionId", "id", "yes", "idempotency key of this debit"),
    field("roundId", "id", "yes", "the game round; a round may hold several debits"),
    field("gameCode", "code", "yes", "game code"),
    field(
      "amount",
      "stake",
      "yes",
      'the stake: a positive decimal with the currency\'s decimals; "0" on the debit of a free round, whose metadata carries freeRound',
    ),
    SESSION_TOKEN,
    METADATA,
  ],
  credit: [
    REQUEST_ID,
    PLAYER_ID,
    field("transactionId", "id", "yes", "idempotency key of this credit"),
    field("roundId", "id", "yes", "the game round; a round may hold several credits"),
    ROUND_CLOSED,
    field("gameId", "code", "yes", "the game code (named gameId here, gameCode on debits)"),
    field("amount", "payout", "yes", 'the payout with the currency\'s decimals; "0" for a loss'),
    METADATA,
  ],
  balance: [REQUEST_ID, PLAYER_ID, SESSION_TOKEN],
  rollback: [
    REQUEST_ID,
    PLAYER_ID,
    field("transactionId", "id", "yes", "idempotency key of this rollback"),
    field("reverseTransactionId", "id", "yes", "transactionId of the debit to reverse"),
    field("roundId", "id", "yes", "the game round of that debit"),
    ROUND_CLOSED,
    field("gameId", "code", "yes", "the game code"),
    METADATA,
  ],
};

const ANSWER_BASE: readonly CallbackField[] = [
  field("requestId", "echo", "yes", "echo of the request's requestId"),
  field("status", "status", "yes", "OK or an error status"),
  field(
    "balance",
    "balance",
    "when OK",
    "decimal string; the balance after the callback (more decimals are read exactly, shown rounded down)",
  ),
];

/** The answer fields of each callback. Fields a wallet adds beyond these are ignored. */
export const CALLBACK_ANSWER_FIELDS: Readonly<Record<WalletCallback, readonly CallbackField[]>> = {
  authenticate: [
    ...ANSWER_BASE,
    field("accountCurrency", "currency", "no", "if present and not the request currency, the launch fails"),
    field("name", "text", "no", `display name (at most ${PROFILE_TEXT_MAX} characters are kept)`),
    field("countryCode", "country", "no", "ISO 3166-1 alpha-2"),
    field("languageCode", "language", "no", "ISO 639-1, the game client's language (en-GB is read as en)"),
    field("birthDate", "date", "no", "YYYY-MM-DD"),
    field("registrationDate", "date", "no", "YYYY-MM-DD"),
    field("address", "text", "no", `free text (at most ${PROFILE_ADDRESS_MAX} characters are kept)`),
    field(
      "excluded",
      "boolean",
      "no",
      "JSON true: the player is self-excluded and the launch is refused (player_self_excluded); any value but true, false or null refuses it too (wallet_answer_invalid)",
    ),
    field("excludedUntil", "date", "no", "YYYY-MM-DD; recorded for auditing"),
  ],
  debit: [
    ...ANSWER_BASE,
    field(
      "customUserError",
      "message",
      "no",
      `shown to the player when the debit is refused (plain text, at most ${CUSTOM_USER_ERROR_MAX} characters)`,
    ),
  ],
  credit: ANSWER_BASE,
  balance: ANSWER_BASE,
  rollback: ANSWER_BASE,
};

/** The meaning of each status (SPEC "Wallet callback status codes"). */
export const WALLET_STATUS_MEANINGS: Readonly<Record<WalletStatus, string>> = {
  OK: "success",
  ERROR_NOT_ENOUGH_MONEY: "balance too low for the bet; the only answer that lets the player be told so",
  ERROR_PLAYER_DISABLED: "player locked or disabled (also for an unknown player)",
  ERROR_INVALID_SESSION: "session token unknown",
  ERROR_SESSION_EXPIRED: "session expired",
  ERROR_INVALID_GAME: "game unknown or disabled",
  ERROR_WRONG_CURRENCY: "currency differs from the wallet's",
  ERROR_DUPLICATE_TRANSACTION: "transactionId already processed with different parameters",
  ERROR_TRANSACTION_DOES_NOT_EXIST: "rollback target never processed; a success for a rollback",
  ERROR_INVALID_SIGNATURE: "signature check failed (HTTP 401 is also accepted)",
  ERROR_WRONG_SYNTAX: "malformed request",
  ERROR_UNKNOWN: "any other error; it does not say whether the callback was applied, so it is ambiguous",
};

/** The statuses by which a wallet definitely declines a callback without applying it. */
export type RefusalStatus = Exclude<WalletStatus, "OK" | "ERROR_UNKNOWN">;

/**
 * What a status means for one callback: success, a definite refusal, or ambiguous (the wallet may or
 * may not have applied it).
 */
export function statusOutcome(
  callback: WalletCallback,
  status: WalletStatus,
): "ok" | "refused" | "ambiguous" {
  if (status === "OK") return "ok";
  if (status === "ERROR_UNKNOWN") return "ambiguous";
  if (status === "ERROR_TRANSACTION_DOES_NOT_EXIST" && callback === "rollback") return "ok";
  return "refused";
}

/** A request and an OK answer of each callback, as the documentation shows them. */
export const CALLBACK_EXAMPLES: Readonly<Record<WalletCallback, { request: string; answer: string }>> = {
  authenticate: {
    request:
      '{"requestId":"0f6c2a4e-5b1d-4e7a-9c3f-2d8b6a1e4f70","playerId":"player-42","currency":"EUR","gameCode":"dice-alpha","sessionToken":"7d1e9a52-3c84-4b0f-a6e2-58c1d9f3b247"}',
    answer:
      '{"requestId":"0f6c2a4e-5b1d-4e7a-9c3f-2d8b6a1e4f70","status":"OK","balance":"250.00","accountCurrency":"EUR","countryCode":"DE","languageCode":"de","excluded":false}',
  },
  debit: {
    request:
      '{"requestId":"5d0c6a2e-8f1b-4c3a-9e7d-2b4f6a8c0e13","playerId":"player-42","transactionId":"tx-1","roundId":"round-1","gameCode":"dice-alpha","amount":"1.50"}',
    answer: '{"requestId":"5d0c6a2e-8f1b-4c3a-9e7d-2b4f6a8c0e13","status":"OK","balance":"248.50"}',
  },
  credit: {
    request:
      '{"requestId":"8e4f2b6a-1c3d-4e5f-9a7b-6c5d4e3f2a10","playerId":"player-42","transactionId":"tx-2","roundId":"round-1","roundClosed":true,"gameId":"dice-alpha","amount":"0"}',
    answer: '{"requestId":"8e4f2b6a-1c3d-4e5f-9a7b-6c5d4e3f2a10","status":"OK","balance":"248.50"}',
  },
  balance: {
    request: '{"requestId":"c8a3f1d2-6e4b-4a9c-8f7e-1b2d3c4e5f60","playerId":"player-42"}',
    answer: '{"requestId":"c8a3f1d2-6e4b-4a9c-8f7e-1b2d3c4e5f60","status":"OK","balance":"250.00"}',
  },
  rollback: {
    request:
      '{"requestId":"3b7d9f1e-2a4c-4e6b-8d0f-1a3c5e7b9d20","playerId":"player-42","transactionId":"tx-3","reverseTransactionId":"tx-1","roundId":"round-1","roundClosed":true,"gameId":"dice-alpha"}',
    answer: '{"requestId":"3b7d9f1e-2a4c-4e6b-8d0f-1a3c5e7b9d20","status":"OK","balance":"250.00"}',
  },
};

// ---- requests

/** The wire records, as the wallet receives them. */
export interface AuthenticateRequest {
  requestId: string;
  playerId: string;
  currency: string;
  gameCode: string;
  sessionToken?: string;
}

export interface BalanceRequest {
  requestId: string;
  playerId: string;
  sessionToken?: string;
}

export interface DebitRequest {
  requestId: string;
  playerId: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  amount: string;
  sessionToken?: string;
  /** JSON text. */
  metadata?: string;
}

export interface CreditRequest {
  requestId: string;
  playerId: string;
  transactionId: string;
  roundId: string;
  roundClosed: boolean;
  gameId: string;
  amount: string;
  /** JSON text. */
  metadata?: string;
}

export interface RollbackRequest {
  requestId: string;
  playerId: string;
  transactionId: string;
  reverseTransactionId: string;
  roundId: string;
  roundClosed: boolean;
  gameId: string;
  /** JSON text. */
  metadata?: string;
}

export interface CallbackRequests {
  authenticate: AuthenticateRequest;
  debit: DebitRequest;
  credit: CreditRequest;
  balance: BalanceRequest;
  rollback: RollbackRequest;
}

/**
 * The exact body text of a request: compact JSON with the contract's fields in wire order, optional
 * ones left out when undefined. It checks the field names, not their values (the sender does), so a
 * field the contract does not have can never be sent. A mistake here is the sender's bug and throws.
 */
export function callbackRequestText(
  callback: WalletCallback,
  values: Readonly<Record<string, string | boolean | undefined>>,
): string {
  const fields = CALLBACK_REQUEST_FIELDS[callback];
  for (const name of Object.keys(values)) {
    if (!fields.some((f) => f.name === name)) {
      throw new TypeError(`${name} is not a field of the ${callback} request`);
    }
  }
  const record: Record<string, string | boolean> = {};
  for (const f of fields) {
    const value = values[f.name];
    if (value === undefined) {
      if (f.required === "yes") throw new TypeError(`the ${callback} request needs ${f.name}`);
      continue;
    }
    record[f.name] = value;
  }
  return JSON.stringify(record);
}

/**
 * Control characters (C0, DEL, C1), bidirectional overrides and unpaired UTF-16 surrogates have no place in
 * an identifier: NUL cannot even be stored in PostgreSQL text, an override reorders how the text around it
 * is shown, and two different lone surrogates would be stored as the same replacement character.
 */
function hasUnsafeCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || isBidiOverride(c)) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/** U+202A to U+202E (embeddings and overrides) and U+2066 to U+2069 (isolates). */
const isBidiOverride = (c: number): boolean => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/**
 * Why a value is not an identifier (non-empty printable text of at most `maxLength` UTF-16 units), as a
 * phrase to follow the field's name, or undefined when it is one.
 */
export function wireIdProblem(value: unknown, maxLength = WIRE_ID_MAX_LENGTH): string | undefined {
  if (typeof value !== "string") return `must be a string, got ${describe(value)}`;
  if (value === "") return "is empty";
  if (value.length > maxLength) return `is longer than ${maxLength} characters`;
  if (hasUnsafeCharacter(value))
    return "contains control characters, bidirectional overrides or broken UTF-16";
  return undefined;
}

/** Why a value breaks its field's rule, or undefined when it follows it. */
function requestFieldProblem(f: CallbackField, value: unknown, freeRound: boolean): string | undefined {
  switch (f.format) {
    case "id":
      return wireIdProblem(value);
    case "code":
      return wireIdProblem(value, WIRE_CODE_MAX_LENGTH);
    case "stake":
    case "payout": {
      const allowZero = f.format === "payout" || freeRound;
      const parsed = parseAmount(value, MAX_CURRENCY_DECIMALS, { allowZero });
      return parsed.ok ? undefined : parsed.detail;
    }
    case "flag":
      return typeof value === "boolean" ? undefined : `must be true or false, got ${describe(value)}`;
    case "json-text":
      return typeof value === "string" ? undefined : `must be a string, got ${describe(value)}`;
    default:
      throw new TypeError(`${f.format} is not a request field format`);
  }
}

export type RequestCheck<K extends WalletCallback> =
  | { ok: true; request: CallbackRequests[K] }
  | { ok: false; field: string; detail: string };

/**
 * Checks a parsed request body against the contract, the way a wallet should before acting on it: the
 * first field that breaks its rule is named. Amounts are checked against the wire grammar with up to 18
 * decimals; whether they fit the player's currency is for the wallet, which knows the account. An
 * optional field sent as null counts as absent; fields the contract does not have are ignored.
 */
export function checkCallbackRequest<K extends WalletCallback>(callback: K, body: unknown): RequestCheck<K> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, field: "", detail: "the body must be a JSON object" };
  }
  const source = body as Record<string, unknown>;
  const request: Record<string, unknown> = {};
  const freeRound = callback === "debit" && freeRoundOf(source.metadata) !== undefined;
  for (const f of CALLBACK_REQUEST_FIELDS[callback]) {
    const value = source[f.name];
    if (f.required !== "yes" && (value === undefined || value === null)) continue;
    const problem = requestFieldProblem(f, value, freeRound);
    if (problem !== undefined) return { ok: false, field: f.name, detail: `${f.name} ${problem}` };
    request[f.name] = value;
  }
  return { ok: true, request: request as unknown as CallbackRequests[K] };
}

// ---- answers

/** The wallet confirmed the callback; `balance` is exactly what it reported. */
export interface WalletOk {
  outcome: "ok";
  status: "OK";
  balance: ExactDecimal;
  /** The balance in minor units of the session currency, rounded down: never more than the wallet holds. */
  balanceMinor: bigint;
  raw: string;
}

/**
 * A rollback whose target the wallet never processed (SPEC: to be treated as success). The wallet may
 * leave the balance out of such an answer, so it is only present when it was readable.
 */
export interface WalletRollbackTargetUnknown {
  outcome: "ok";
  status: "ERROR_TRANSACTION_DOES_NOT_EXIST";
  balance?: ExactDecimal;
  balanceMinor?: bigint;
  raw: string;
}

export interface WalletRefused {
  outcome: "refused";
  status: RefusalStatus;
  /** The wallet's message for the player: trimmed, control characters removed, at most 200 characters. */
  customUserError?: string;
  raw: string;
}

/** Why an answer that arrived cannot be trusted. */
export type AnswerAmbiguousReason =
  | "http_status"
  | "signature_refused"
  | "malformed_body"
  | "missing_request_id"
  | "request_id_mismatch"
  | "unknown_status"
  | "error_unknown"
  | "missing_balance"
  | "unreadable_balance";

export interface AmbiguousAnswer<R extends string = AnswerAmbiguousReason> {
  outcome: "ambiguous";
  reason: R;
  /** For logs and the operator: what was wrong, with any echoed wallet text quoted and shortened. */
  detail: string;
  httpStatus?: number;
  raw?: string;
}

/** Optional player data of an authenticate answer; malformed fields are dropped, never trusted. */
export interface PlayerProfile {
  accountCurrency?: string;
  name?: string;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode?: string;
  /** ISO 639-1, lower case. */
  languageCode?: string;
  /** YYYY-MM-DD. */
  birthDate?: string;
  registrationDate?: string;
  address?: string;
  /** True only when the wallet sent the JSON boolean `true`. */
  excluded: boolean;
  excludedUntil?: string;
}

export interface AuthenticateOk extends WalletOk {
  profile: PlayerProfile;
  /** One line per optional field that was present but malformed and therefore ignored. */
  warnings: string[];
  /**
   * Set when `excluded` was present but not a JSON boolean (the string "true", 1): what was wrong with it.
   * A responsible-gaming flag that cannot be read is never taken as "not excluded", so such an answer
   * must not let the player play.
   */
  exclusionUnreadable?: string;
}

export type AnswerRead<K extends WalletCallback> =
  | (K extends "authenticate"
      ? AuthenticateOk
      : K extends "rollback"
        ? WalletOk | WalletRollbackTargetUnknown
        : WalletOk)
  | WalletRefused
  | AmbiguousAnswer;

export interface AnswerInput<K extends WalletCallback> {
  kind: K;
  httpStatus: number;
  /** The body as received; bytes are decoded as strict UTF-8. */
  body: string | Uint8Array;
  expectedRequestId: string;
  /** Decimals of the session currency, for `balanceMinor`. */
  decimals: number;
}

const QUOTE_MAX = 80;

/** Wallet text echoed in a detail is JSON-quoted and shortened, so a hostile answer cannot flood a log line. */
function quoteForDetail(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text);
}

function ambiguous(
  reason: AnswerAmbiguousReason,
  detail: string,
  httpStatus: number,
  raw: string | undefined,
): AmbiguousAnswer {
  const answer: AmbiguousAnswer = { outcome: "ambiguous", reason, detail, httpStatus };
  if (raw !== undefined) answer.raw = raw;
  return answer;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function decode(body: string | Uint8Array): string | undefined {
  if (typeof body === "string") return body;
  try {
    return utf8.decode(body);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Control characters (C0, DEL, C1) and line/paragraph separators would let a message break the UI's layout. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** Bidirectional embeddings, overrides and isolates would let a message show its text in another order. */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;

function cleanText(value: string, max: number): string | undefined {
  const cleaned = value.replace(BIDI, "").replace(CONTROL, " ").trim();
  if (cleaned === "") return undefined;
  const chars = Array.from(cleaned);
  return chars.length > max ? chars.slice(0, max).join("").trimEnd() : cleaned;
}

/**
 * Reads a wallet's answer to one callback into one of three outcomes. Money decisions rest on it, so
 * anything that cannot be read with certainty is "ambiguous", never taken as success or as refusal.
 */
export function readWalletAnswer<K extends WalletCallback>(input: AnswerInput<K>): AnswerRead<K> {
  return readAnswer(input) as AnswerRead<K>;
}

function readAnswer(
  input: AnswerInput<WalletCallback>,
): WalletOk | WalletRollbackTargetUnknown | WalletRefused | AmbiguousAnswer | AuthenticateOk {
  const { httpStatus } = input;
  const raw = decode(input.body);
  // A refused signature is a configuration fault (secrets differ, often after a one-sided rotation): told
  // apart so launches, alerts and dead letters point at the secret, yet still unclear about money.
  if (httpStatus === 401) {
    return ambiguous(
      "signature_refused",
      "The wallet answered HTTP 401: it refused the RGS's signature. Check that it verifies with the operator's current callback secret (and the previous one during a rotation's grace period) over X-Timestamp + path + raw body.",
      httpStatus,
      raw,
    );
  }
  if (httpStatus !== 200) {
    return ambiguous(
      "http_status",
      `The wallet answered HTTP ${httpStatus}; every processed callback, errors included, is answered with HTTP 200.`,
      httpStatus,
      raw,
    );
  }
  if (raw === undefined) {
    return ambiguous("malformed_body", "The answer is not valid UTF-8 text.", httpStatus, undefined);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return ambiguous("malformed_body", `The answer is not JSON: ${quoteForDetail(raw)}.`, httpStatus, raw);
  }
  if (!isRecord(parsed)) {
    return ambiguous(
      "malformed_body",
      `The answer is JSON but not an object: ${quoteForDetail(raw)}.`,
      httpStatus,
      raw,
    );
  }
  const { requestId } = parsed;
  if (requestId === undefined || requestId === null) {
    return ambiguous("missing_request_id", "The answer has no requestId echo.", httpStatus, raw);
  }
  if (requestId !== input.expectedRequestId) {
    return ambiguous(
      "request_id_mismatch",
      `The answer's requestId ${quoteForDetail(requestId)} is not the request's ${quoteForDetail(input.expectedRequestId)}.`,
      httpStatus,
      raw,
    );
  }
  const read = readAnswerRecord(input.kind, parsed, input.decimals);
  if (read.outcome === "ambiguous") return ambiguous(read.reason, read.detail, httpStatus, raw);
  return { ...read, raw } as WalletOk | WalletRollbackTargetUnknown | WalletRefused | AuthenticateOk;
}

type Unraw<T> = T extends unknown ? Omit<T, "raw"> : never;

export type AnswerRecordRead =
  | Unraw<WalletOk | WalletRollbackTargetUnknown | WalletRefused | AuthenticateOk>
  | { outcome: "ambiguous"; reason: AnswerAmbiguousReason; detail: string };

/**
 * The status, balance and optional fields of an answer already parsed into an object, whatever its
 * requestId: what an HTTP 200 answer means once its echo is known to be right.
 */
export function readAnswerRecord(
  callback: WalletCallback,
  answer: Record<string, unknown>,
  decimals: number,
): AnswerRecordRead {
  const { status } = answer;
  if (!isWalletStatus(status)) {
    return {
      outcome: "ambiguous",
      reason: "unknown_status",
      detail: `The status ${quoteForDetail(status)} is not a wallet status.`,
    };
  }
  const outcome = statusOutcome(callback, status);
  if (outcome === "ambiguous") {
    return {
      outcome,
      reason: "error_unknown",
      detail: "The wallet answered ERROR_UNKNOWN, which does not say whether the callback was applied.",
    };
  }
  if (status === "OK") {
    const balance = readBalance(answer.balance, decimals);
    if (!balance.ok) return { outcome: "ambiguous", reason: balance.reason, detail: balance.detail };
    const ok = { outcome: "ok" as const, status, balance: balance.value, balanceMinor: balance.minor };
    if (callback !== "authenticate") return ok;
    return { ...ok, ...readProfile(answer) };
  }
  if (outcome === "ok") {
    const success: Unraw<WalletRollbackTargetUnknown> = {
      outcome: "ok",
      status: "ERROR_TRANSACTION_DOES_NOT_EXIST",
    };
    const balance = readBalance(answer.balance, decimals);
    if (balance.ok) {
      success.balance = balance.value;
      success.balanceMinor = balance.minor;
    }
    return success;
  }
  const refused: Unraw<WalletRefused> = { outcome: "refused", status: status as RefusalStatus };
  if (typeof answer.customUserError === "string") {
    const message = cleanText(answer.customUserError, CUSTOM_USER_ERROR_MAX);
    if (message !== undefined) refused.customUserError = message;
  }
  return refused;
}

type BalanceRead =
  | { ok: true; value: ExactDecimal; minor: bigint }
  | { ok: false; reason: "missing_balance" | "unreadable_balance"; detail: string };

/** Read exactly, whatever its number of decimals: a wallet keeping more precision than the currency is not wrong. */
function readBalance(value: unknown, decimals: number): BalanceRead {
  if (value === undefined || value === null) {
    return { ok: false, reason: "missing_balance", detail: "The answer is OK but has no balance." };
  }
  const parsed = parseDecimalExact(value);
  if (!parsed.ok) {
    return {
      ok: false,
      reason: "unreadable_balance",
      detail: `The balance cannot be read: ${parsed.detail}`,
    };
  }
  const exact: ExactDecimal = { units: parsed.units, scale: parsed.scale };
  const minor = decimalToMinor(exact, decimals, "floor");
  if (minor === undefined) throw new Error("floor conversion always yields a value");
  return { ok: true, value: exact, minor };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

const COUNTRY = /^[A-Za-z]{2}$/;
/** ISO 639-1, also as the primary subtag of a locale ("en-GB", "pt_BR"), of which only the language is kept. */
const LANGUAGE = /^([A-Za-z]{2})(?:[-_][A-Za-z0-9]{1,8})*$/;
const CURRENCY = /^[A-Za-z0-9]{1,16}$/;

type FieldReader = (value: unknown) => string | undefined;

const textOf =
  (max: number): FieldReader =>
  (value) =>
    typeof value === "string" ? cleanText(value, max) : undefined;

const dateOf: FieldReader = (value) =>
  typeof value === "string" && isCalendarDate(value) ? value : undefined;

const PROFILE_FIELDS: ReadonlyArray<
  readonly [Exclude<keyof PlayerProfile, "excluded">, FieldReader, string]
> = [
  [
    "accountCurrency",
    (value) => (typeof value === "string" && CURRENCY.test(value) ? value : undefined),
    "a currency code",
  ],
  ["name", textOf(PROFILE_TEXT_MAX), "a non-empty string"],
  [
    "countryCode",
    (value) => (typeof value === "string" && COUNTRY.test(value) ? value.toUpperCase() : undefined),
    "an ISO 3166-1 alpha-2 code",
  ],
  [
    "languageCode",
    (value) => (typeof value === "string" ? LANGUAGE.exec(value)?.[1]?.toLowerCase() : undefined),
    "an ISO 639-1 code",
  ],
  ["birthDate", dateOf, "a YYYY-MM-DD date"],
  ["registrationDate", dateOf, "a YYYY-MM-DD date"],
  ["address", textOf(PROFILE_ADDRESS_MAX), "a non-empty string"],
  ["excludedUntil", dateOf, "a YYYY-MM-DD date"],
];

/** `null` is how many wallet frameworks write an absent field, so it is read as absent without a warning. */
function readProfile(
  answer: Record<string, unknown>,
): Pick<AuthenticateOk, "profile" | "warnings" | "exclusionUnreadable"> {
  const warnings: string[] = [];
  const profile: PlayerProfile = { excluded: false };
  for (const [name, read, expected] of PROFILE_FIELDS) {
    const value = answer[name];
    if (value === undefined || value === null) continue;
    const text = read(value);
    if (text === undefined) {
      warnings.push(`${name} ${quoteForDetail(value)} is not ${expected}; it was ignored.`);
    } else {
      profile[name] = text;
    }
  }
  const excluded = answer.excluded;
  if (typeof excluded === "boolean") {
    profile.excluded = excluded;
  } else if (excluded !== undefined && excluded !== null) {
    return {
      profile,
      warnings,
      exclusionUnreadable: `excluded ${quoteForDetail(excluded)} is not a JSON boolean (true or false).`,
    };
  }
  return { profile, warnings };
}

// ---- JSON Schema (for the OpenAPI document)

type JsonSchema = Record<string, unknown>;

function fieldSchema(f: CallbackField): JsonSchema {
  const base: JsonSchema = { type: f.type, description: f.notes };
  switch (f.format) {
    case "id":
      return { ...base, minLength: 1, maxLength: WIRE_ID_MAX_LENGTH };
    case "code":
      return { ...base, minLength: 1, maxLength: WIRE_CODE_MAX_LENGTH };
    case "stake":
      // "0" is a free round's debit, told apart by its metadata (free-rounds.ts), which a schema cannot see.
      return { ...base, pattern: "^(0|[1-9][0-9]*)(\\.[0-9]+)?$" };
    case "payout":
      return { ...base, pattern: "^(0|[1-9][0-9]*)(\\.[0-9]+)?$" };
    case "balance":
      return { ...base, pattern: "^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$" };
    case "status":
      return { ...base, enum: [...WALLET_STATUSES] };
    case "date":
      return { ...base, format: "date" };
    default:
      return base;
  }
}

function objectSchema(fields: readonly CallbackField[], description: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const f of fields) properties[f.name] = fieldSchema(f);
  return {
    type: "object",
    description,
    properties,
    required: fields.filter((f) => f.required === "yes").map((f) => f.name),
  };
}

/** The request body of a callback as a JSON Schema (2020-12, as OpenAPI 3.1 uses). */
export function callbackRequestSchema(callback: WalletCallback): JsonSchema {
  return {
    ...objectSchema(
      CALLBACK_REQUEST_FIELDS[callback],
      `The ${callback} callback as the RGS sends it: compact JSON, fields in this order, signed with X-HMAC-SHA256.`,
    ),
    examples: [JSON.parse(CALLBACK_EXAMPLES[callback].request)],
  };
}

/** The answer to a callback as a JSON Schema; `balance` is required when `status` is OK. */
export function callbackAnswerSchema(callback: WalletCallback): JsonSchema {
  return {
    ...objectSchema(
      CALLBACK_ANSWER_FIELDS[callback],
      "Answered with HTTP 200 for everything the wallet processed, errors included. Unknown fields are ignored.",
    ),
    if: { properties: { status: { const: "OK" } } },
    // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword paired with `if`.
    then: { required: ["balance"] },
    examples: [JSON.parse(CALLBACK_EXAMPLES[callback].answer)],
  };
}
