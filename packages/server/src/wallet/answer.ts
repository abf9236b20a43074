import { decimalToMinor, type ExactDecimal, parseDecimalExact } from "@rgs/protocol/money";
import { isWalletStatus, type WalletStatus } from "@rgs/protocol/wallet-status";
import type { CallbackKind } from "./callback-bodies.ts";

/**
 * Reads a wallet's answer to one callback into one of three outcomes. Money decisions rest on it, so
 * anything the RGS cannot read with certainty is "ambiguous", never taken as success or as refusal: the
 * caller then rolls a debit back, or keeps resending a credit or rollback.
 */

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

/** The statuses by which a wallet definitely declines a callback without applying it. */
export type RefusalStatus = Exclude<WalletStatus, "OK" | "ERROR_UNKNOWN">;

export interface WalletRefused {
  outcome: "refused";
  status: RefusalStatus;
  /** The wallet's message for the player: trimmed, control characters removed, at most 200 characters. */
  customUserError?: string;
  raw: string;
}

export type AmbiguousReason =
  | "http_status"
  | "malformed_body"
  | "missing_request_id"
  | "request_id_mismatch"
  | "unknown_status"
  | "error_unknown"
  | "missing_balance"
  | "unreadable_balance"
  | "timeout"
  | "connection_refused"
  | "connection_reset"
  | "dns_failure"
  | "tls_failure"
  | "body_too_large"
  | "network_error";

export interface WalletAmbiguous {
  outcome: "ambiguous";
  reason: AmbiguousReason;
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
}

export type WalletAnswer = WalletOk | WalletRollbackTargetUnknown | WalletRefused | WalletAmbiguous;

export type AnswerFor<K extends CallbackKind> =
  | (K extends "authenticate"
      ? AuthenticateOk
      : K extends "rollback"
        ? WalletOk | WalletRollbackTargetUnknown
        : WalletOk)
  | WalletRefused
  | WalletAmbiguous;

export interface AnswerInput<K extends CallbackKind> {
  kind: K;
  httpStatus: number;
  /** The body as received; bytes are decoded as strict UTF-8. */
  body: string | Uint8Array;
  expectedRequestId: string;
  /** Decimals of the session currency, for `balanceMinor`. */
  decimals: number;
}

const CUSTOM_USER_ERROR_MAX = 200;
const TEXT_FIELD_MAX = 200;
const ADDRESS_MAX = 500;
const QUOTE_MAX = 80;

/** Wallet text echoed in a detail is JSON-quoted and shortened, so a hostile answer cannot flood a log line. */
function quoteForDetail(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text);
}

function ambiguous(
  reason: AmbiguousReason,
  detail: string,
  httpStatus: number,
  raw: string | undefined,
): WalletAmbiguous {
  const answer: WalletAmbiguous = { outcome: "ambiguous", reason, detail, httpStatus };
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

function cleanText(value: string, max: number): string | undefined {
  const cleaned = value.replace(CONTROL, " ").trim();
  if (cleaned === "") return undefined;
  const chars = Array.from(cleaned);
  return chars.length > max ? chars.slice(0, max).join("").trimEnd() : cleaned;
}

export function validateAnswer<K extends CallbackKind>(input: AnswerInput<K>): AnswerFor<K> {
  return readAnswer(input) as AnswerFor<K>;
}

function readAnswer(input: AnswerInput<CallbackKind>): WalletAnswer | AuthenticateOk {
  const { httpStatus, kind } = input;
  const raw = decode(input.body);
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
  const { requestId, status } = parsed;
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
  if (!isWalletStatus(status)) {
    return ambiguous(
      "unknown_status",
      `The status ${quoteForDetail(status)} is not a wallet status.`,
      httpStatus,
      raw,
    );
  }
  if (status === "ERROR_UNKNOWN") {
    return ambiguous(
      "error_unknown",
      "The wallet answered ERROR_UNKNOWN, which does not say whether the callback was applied.",
      httpStatus,
      raw,
    );
  }
  if (status === "OK") {
    const balance = readBalance(parsed.balance, input.decimals);
    if (!balance.ok) return ambiguous(balance.reason, balance.detail, httpStatus, raw);
    const ok: WalletOk = { outcome: "ok", status, balance: balance.value, balanceMinor: balance.minor, raw };
    if (kind !== "authenticate") return ok;
    const { profile, warnings } = readProfile(parsed);
    return { ...ok, profile, warnings };
  }
  if (status === "ERROR_TRANSACTION_DOES_NOT_EXIST" && kind === "rollback") {
    const success: WalletRollbackTargetUnknown = { outcome: "ok", status, raw };
    const balance = readBalance(parsed.balance, input.decimals);
    if (balance.ok) {
      success.balance = balance.value;
      success.balanceMinor = balance.minor;
    }
    return success;
  }
  const refused: WalletRefused = { outcome: "refused", status, raw };
  if (typeof parsed.customUserError === "string") {
    const message = cleanText(parsed.customUserError, CUSTOM_USER_ERROR_MAX);
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
  ["name", textOf(TEXT_FIELD_MAX), "a non-empty string"],
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
  ["address", textOf(ADDRESS_MAX), "a non-empty string"],
  ["excludedUntil", dateOf, "a YYYY-MM-DD date"],
];

/** `null` is how many wallet frameworks write an absent field, so it is read as absent without a warning. */
function readProfile(answer: Record<string, unknown>): { profile: PlayerProfile; warnings: string[] } {
  const warnings: string[] = [];
  const profile: PlayerProfile = { excluded: false };
  for (const [field, read, expected] of PROFILE_FIELDS) {
    const value = answer[field];
    if (value === undefined || value === null) continue;
    const text = read(value);
    if (text === undefined) {
      warnings.push(`${field} ${quoteForDetail(value)} is not ${expected}; it was ignored.`);
    } else {
      profile[field] = text;
    }
  }
  const excluded = answer.excluded;
  if (typeof excluded === "boolean") {
    profile.excluded = excluded;
  } else if (excluded !== undefined && excluded !== null) {
    warnings.push(`excluded ${quoteForDetail(excluded)} is not a JSON boolean; it was ignored.`);
  }
  return { profile, warnings };
}
