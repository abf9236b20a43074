import { findGame } from "@rgs/protocol/catalog";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { isJurisdictionName, JURISDICTION_NAMES, type JurisdictionName } from "@rgs/protocol/jurisdictions";
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import { currencyDefaultLimits } from "../launch/bet-limits.ts";
import { COUNTRY_CODES } from "../launch/country-codes.ts";
import { validTimeZone } from "../reporting/time-zones.ts";
import type { OperatorLimitOverride } from "../store/operators-repository.ts";
import { OperatorError, type OperatorErrorCode } from "./operator-error.ts";

/**
 * Checks of onboarding input. Each takes `unknown` because the input may come from JSON, and either
 * returns the value in its stored form or throws an OperatorError naming the offending value.
 */

export type Environment = "staging" | "production";

const MAX_URL_LENGTH = 2048;
const MAX_NAME_LENGTH = 100;
const MAX_LIST_LENGTH = 500;
const CONTROL_CHARACTERS = /\p{Cc}/u;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function fail(code: OperatorErrorCode, message: string): never {
  throw new OperatorError(code, message);
}

function show(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}

function list(value: unknown, code: OperatorErrorCode, what: string): unknown[] {
  if (!Array.isArray(value)) fail(code, `${what} must be a list, got ${show(value)}.`);
  if (value.length > MAX_LIST_LENGTH) fail(code, `${what} may hold at most ${MAX_LIST_LENGTH} entries.`);
  return value;
}

export function validateName(value: unknown, code: "invalid_name" = "invalid_name"): string {
  if (typeof value !== "string") fail(code, `The name must be a string, got ${show(value)}.`);
  const name = value.trim();
  if (name.length < 1 || name.length > MAX_NAME_LENGTH || CONTROL_CHARACTERS.test(name)) {
    fail(code, `The name must be 1 to ${MAX_NAME_LENGTH} printable characters, got ${show(value)}.`);
  }
  return name;
}

function parseHttpUrl(value: string, code: OperatorErrorCode, what: string): URL {
  if (value.length > MAX_URL_LENGTH || /\s/.test(value)) {
    fail(code, `The ${what} must be an absolute http(s) URL without spaces, got ${show(value)}.`);
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(code, `The ${what} must be an absolute http(s) URL, got ${show(value)}.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    fail(code, `The ${what} must use http or https, got ${show(value)}.`);
  }
  if (url.username !== "" || url.password !== "") {
    fail(code, `The ${what} must not contain credentials, got ${show(value)}.`);
  }
  return url;
}

/**
 * The wallet's base URL: absolute http(s), no query or fragment (callback paths are appended to it).
 * Production sends money messages over it, so plain http is refused there except to this machine.
 */
export function validateCallbackUrl(value: unknown, environment: Environment): string | null {
  if (value === null) return null;
  if (typeof value !== "string")
    fail("invalid_callback_url", `The callback URL must be a string, got ${show(value)}.`);
  const url = parseHttpUrl(value, "invalid_callback_url", "callback URL");
  if (value.includes("?") || value.includes("#")) {
    fail("invalid_callback_url", `The callback URL must not have a query or a fragment, got ${show(value)}.`);
  }
  if (environment === "production" && url.protocol === "http:" && !LOCAL_HOSTS.has(url.hostname)) {
    fail("invalid_callback_url", `In production the callback URL must use https, got ${show(value)}.`);
  }
  return value;
}

/** Whether the operator may run free-round campaigns: a JSON boolean only. */
export function validateFreeRounds(value: unknown): boolean {
  if (typeof value !== "boolean")
    fail("invalid_request", `freeRounds must be true or false, got ${show(value)}.`);
  return value;
}

/** Whether production may send the operator's callbacks to a non-public address: a JSON boolean only. */
export function validateAllowPrivateNetwork(value: unknown): boolean {
  if (typeof value !== "boolean") {
    fail("invalid_request", `allowPrivateNetwork must be true or false, got ${show(value)}.`);
  }
  return value;
}

/** The operator's own zone: an IANA name (Europe/Berlin, Asia/Kathmandu), kept as written. */
export function validateTimeZone(value: unknown): string {
  const zone = validTimeZone(value);
  if (zone === undefined) {
    fail(
      "invalid_time_zone",
      `The time zone must be an IANA name such as Europe/Berlin or Asia/Kathmandu, got ${show(value)}.`,
    );
  }
  return zone;
}

/** The operator's default jurisdiction profile: one of the profiles shipped (docs/jurisdictions.md), as spelled there. */
export function validateJurisdiction(value: unknown): JurisdictionName {
  if (typeof value !== "string" || !isJurisdictionName(value)) {
    fail(
      "unknown_jurisdiction",
      `The jurisdiction profile must be one of ${JURISDICTION_NAMES.join(", ")}, got ${show(value)}.`,
    );
  }
  return value;
}

/** Where players return after a session: any absolute http(s) URL. */
export function validateLobbyUrl(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== "string")
    fail("invalid_lobby_url", `The lobby URL must be a string, got ${show(value)}.`);
  parseHttpUrl(value, "invalid_lobby_url", "lobby URL");
  return value;
}

/** A responsible-gambling page of the operator (`responsibleGambling`, `limits`): an absolute http(s) URL. */
export function validatePageUrl(value: unknown, page: "responsibleGambling" | "limits"): string | null {
  const [code, label] =
    page === "limits"
      ? (["invalid_limits_url", "limits page URL"] as const)
      : (["invalid_responsible_gambling_url", "responsible-gambling page URL"] as const);
  if (value === null) return null;
  if (typeof value !== "string") fail(code, `The ${label} must be a string, got ${show(value)}.`);
  parseHttpUrl(value, code, label);
  return value;
}

const COUNTRY = /^[A-Z]{2}$/;
const REGION = /^([A-Z]{2})-[A-Z0-9]{1,3}$/;

/**
 * Geo-restriction: null for none, else a non-empty list of ISO 3166-1 alpha-2 countries ("CA") and
 * ISO 3166-2 regions ("CA-ON"), upper case as the standard writes them. Duplicates are dropped.
 */
export function validateCountries(value: unknown): string[] | null {
  if (value === null) return null;
  const entries = list(value, "invalid_countries", "The allowed countries");
  if (entries.length === 0) {
    fail(
      "invalid_countries",
      "The allowed countries must not be empty: leave them unset for no restriction.",
    );
  }
  const result: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== "string")
      fail("invalid_countries", `A country must be a string, got ${show(entry)}.`);
    const country = COUNTRY.test(entry) ? entry : REGION.exec(entry)?.[1];
    if (country === undefined) {
      fail(
        "invalid_countries",
        `${show(entry)} is neither an upper-case ISO 3166-1 alpha-2 country ("CA") nor an ISO 3166-2 region ("CA-ON").`,
      );
    }
    if (!COUNTRY_CODES.has(country)) {
      fail("invalid_countries", `${show(entry)}: ${country} is not an ISO 3166-1 alpha-2 country code.`);
    }
    if (!result.includes(entry)) result.push(entry);
  }
  return result;
}

const ORIGIN = /^(https?):\/\/(\*\.)?([^/?#:@\s]+)(:[0-9]{1,5})?\/?$/i;
/**
 * A host as a CSP source names it: DNS labels (an international name in its xn-- form) or an IP address.
 * Anything else (a quote, a semicolon, a comma) would be written into the header as is.
 */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$|^\[[0-9a-f:.]+\]$/;

/**
 * Origins allowed to embed the game client (CSP frame-ancestors): `scheme://host[:port]`, where the
 * host may start with `*.` for every subdomain. Stored lower-case without a trailing slash.
 */
export function validateFrameAncestors(value: unknown): string[] {
  const entries = list(value, "invalid_frame_ancestors", "The frame ancestors");
  const result: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== "string") {
      fail("invalid_frame_ancestors", `A frame ancestor must be a string, got ${show(entry)}.`);
    }
    const match = ORIGIN.exec(entry);
    const host = match?.[3];
    let parsed: URL | undefined;
    try {
      parsed = match && host ? new URL(`${match[1]}://${host}${match[4] ?? ""}`) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!match || !parsed || !HOST_NAME.test(parsed.hostname)) {
      fail(
        "invalid_frame_ancestors",
        `${show(entry)} is not an origin: write scheme://host[:port], e.g. https://casino.example.`,
      );
    }
    const origin = `${parsed.protocol}//${match[2] ? "*." : ""}${parsed.host}`;
    if (!result.includes(origin)) result.push(origin);
  }
  return result;
}

/**
 * Per-currency overrides: each may only narrow the currency's default limits
 * (default min <= minBet <= maxBet <= maxWin, maxBet <= default max, maxWin <= default max win).
 * Currencies are stored under their canonical code (CNY for RMB), one override per currency.
 */
export function validateBetLimits(value: unknown): OperatorLimitOverride[] {
  const entries = list(value, "invalid_bet_limits", "The bet limits");
  const result: OperatorLimitOverride[] = [];
  for (const entry of entries) {
    const { currency: code, minBet, maxBet, maxWin } = (entry ?? {}) as Partial<Record<string, unknown>>;
    if (
      typeof code !== "string" ||
      typeof minBet !== "bigint" ||
      typeof maxBet !== "bigint" ||
      typeof maxWin !== "bigint"
    ) {
      fail(
        "invalid_bet_limits",
        "A bet limit override needs a currency and minBet, maxBet, maxWin in minor units.",
      );
    }
    const currency = resolveCurrency(code);
    if (!currency) fail("unknown_currency", `${show(code)} is not a supported currency.`);
    if (result.some((l) => l.currency === currency.code)) {
      fail("invalid_bet_limits", `The bet limits list ${currency.code} more than once.`);
    }
    const defaults = currencyDefaultLimits(currency);
    const amount = (minor: bigint) => `${formatAmount(minor, currency.decimals)} ${currency.code}`;
    const problems: string[] = [];
    if (minBet < defaults.minBet)
      problems.push(`minBet ${amount(minBet)} is below the default ${amount(defaults.minBet)}`);
    if (maxBet > defaults.maxBet)
      problems.push(`maxBet ${amount(maxBet)} is above the default ${amount(defaults.maxBet)}`);
    if (maxWin > defaults.maxWin)
      problems.push(`maxWin ${amount(maxWin)} is above the default ${amount(defaults.maxWin)}`);
    if (minBet > maxBet) problems.push(`minBet ${amount(minBet)} is above maxBet ${amount(maxBet)}`);
    if (maxBet > maxWin) problems.push(`maxBet ${amount(maxBet)} is above maxWin ${amount(maxWin)}`);
    if (problems.length > 0) {
      fail("invalid_bet_limits", `Bet limits may only narrow the currency defaults: ${problems.join("; ")}.`);
    }
    result.push({ currency: currency.code, minBet, maxBet, maxWin });
  }
  return result;
}

/** A bet limit override written as decimal strings in the currency ("USD", "0.50", "500", "50000"). */
export interface BetLimitStrings {
  currency: string;
  minBet: string;
  maxBet: string;
  maxWin: string;
}

/** Reads decimal-string limits with the currency's decimals; validateBetLimits then checks them. */
export function parseBetLimitStrings(value: unknown): OperatorLimitOverride[] {
  const entries = list(value, "invalid_bet_limits", "The bet limits");
  return entries.map((entry) => {
    const { currency: code, ...amounts } = (entry ?? {}) as Partial<Record<string, unknown>>;
    if (typeof code !== "string")
      fail("invalid_bet_limits", `A bet limit override needs a currency, got ${show(entry)}.`);
    const currency = resolveCurrency(code);
    if (!currency) fail("unknown_currency", `${show(code)} is not a supported currency.`);
    const read = (field: "minBet" | "maxBet" | "maxWin"): bigint => {
      const parsed = parseAmount(amounts[field], currency.decimals, { allowZero: false });
      if (!parsed.ok) fail("invalid_bet_limits", `${currency.code} ${field}: ${parsed.detail}`);
      return parsed.minor;
    };
    return {
      currency: currency.code,
      minBet: read("minBet"),
      maxBet: read("maxBet"),
      maxWin: read("maxWin"),
    };
  });
}

export function formatBetLimit(limit: OperatorLimitOverride): BetLimitStrings {
  const decimals = resolveCurrency(limit.currency)?.decimals;
  if (decimals === undefined) throw new Error(`stored bet limits use the unknown currency ${limit.currency}`);
  return {
    currency: limit.currency,
    minBet: formatAmount(limit.minBet, decimals),
    maxBet: formatAmount(limit.maxBet, decimals),
    maxWin: formatAmount(limit.maxWin, decimals),
  };
}

const MIN_SECRET_LENGTH = 32;
const MAX_SECRET_LENGTH = 256;

/** An imported secret: 32 to 256 printable ASCII characters, no whitespace. */
export function validateSecret(value: unknown): string {
  if (typeof value !== "string") fail("invalid_secret", "The secret must be a string.");
  if (value.length < MIN_SECRET_LENGTH || value.length > MAX_SECRET_LENGTH) {
    fail(
      "invalid_secret",
      `The secret must be ${MIN_SECRET_LENGTH} to ${MAX_SECRET_LENGTH} characters long, got ${value.length}.`,
    );
  }
  if (!/^[\x21-\x7e]+$/.test(value)) {
    fail("invalid_secret", "The secret must hold printable ASCII characters only, without spaces.");
  }
  return value;
}

const PACK_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export function validatePackId(value: unknown): string {
  if (typeof value !== "string" || !PACK_ID.test(value)) {
    fail(
      "invalid_pack_id",
      `A pack id is 1 to 64 lower-case letters, digits, '-' or '_', starting with a letter or digit; got ${show(value)}.`,
    );
  }
  return value;
}

/** Pack ids to assign, deduplicated (their existence is the service's check). */
export function validatePackList(value: unknown): string[] {
  const entries = list(value, "invalid_packs", "The packs");
  const result: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== "string" || !PACK_ID.test(entry))
      fail("invalid_packs", `${show(entry)} is not a pack id.`);
    if (!result.includes(entry)) result.push(entry);
  }
  return result;
}

/** Game codes of the catalog, deduplicated; every unknown code is named in the error. */
export function validateGameCodes(value: unknown): string[] {
  const entries = list(value, "invalid_games", "The games");
  if (entries.some((e) => typeof e !== "string")) fail("invalid_games", "Game codes must be strings.");
  const codes = [...new Set(entries as string[])];
  const unknown = codes.filter((code) => !findGame(code));
  if (unknown.length > 0) {
    fail("unknown_game", `Not in the game catalog: ${unknown.map(show).join(", ")}.`);
  }
  return codes;
}

/** Grace period of a secret rotation, whole seconds from 0 (immediate) to 90 days. */
export function validateGraceSeconds(value: unknown): number {
  const max = 90 * 24 * 3600;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > max) {
    fail(
      "invalid_grace_period",
      `The grace period must be a whole number of seconds from 0 to ${max}, got ${show(value)}.`,
    );
  }
  return value;
}
