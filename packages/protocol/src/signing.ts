import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Request signing shared by operator requests and wallet callbacks (SPEC "Authentication"):
 * HMAC-SHA256 keyed with the shared secret (UTF-8) over `timestamp + path + body`, lower-case hex.
 * Node-only (node:crypto), so it is deliberately not re-exported from the browser-safe index.
 */

/** Header names as written on the wire by Node (lower case, as Node and Fastify expose incoming headers). */
export const SIGNATURE_HEADERS = {
  operatorId: "x-operator-id",
  timestamp: "x-timestamp",
  signature: "x-hmac-sha256",
} as const;

export const DEFAULT_SIGNATURE_WINDOW_SECONDS = 30;

/** Unix seconds need 10 digits until the year 2286; 12 leaves room without admitting absurd input. */
const MAX_TIMESTAMP_DIGITS = 12;
const SIGNATURE_HEX_LENGTH = 64;

export type SignatureFailure =
  | "missing_timestamp"
  | "missing_signature"
  | "malformed_timestamp"
  | "malformed_signature"
  | "expired_timestamp"
  | "bad_signature";

export type VerifyResult =
  | { ok: true; secretIndex: number }
  | { ok: false; reason: SignatureFailure; detail: string };

/** A body given as text is signed as its UTF-8 bytes; bytes are signed as they are. */
function hmacBytes(secret: string, timestamp: string, path: string, body: string | Uint8Array): Buffer {
  return createHmac("sha256", Buffer.from(secret, "utf8"))
    .update(Buffer.from(timestamp + path, "utf8"))
    .update(typeof body === "string" ? Buffer.from(body, "utf8") : body)
    .digest();
}

/** The hex signature of one request. */
export function signRequest(secret: string, timestamp: string, path: string, body: string): string {
  return hmacBytes(secret, timestamp, path, body).toString("hex");
}

/**
 * The headers to send with a signed request, in their canonical capitalisation.
 * `nowSeconds` may carry a fraction (e.g. `Date.now() / 1000`); the timestamp sent is its whole seconds.
 */
export function signedHeaders(opts: {
  operatorId?: string;
  secret: string;
  path: string;
  body: string;
  nowSeconds: number;
}): Record<string, string> {
  const timestamp = String(Math.floor(opts.nowSeconds));
  const headers: Record<string, string> = {};
  if (opts.operatorId !== undefined) headers["X-Operator-ID"] = opts.operatorId;
  headers["X-Timestamp"] = timestamp;
  headers["X-HMAC-SHA256"] = signRequest(opts.secret, timestamp, opts.path, opts.body);
  return headers;
}

function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return text.length > 0;
}

function isHex(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const digit = c >= 48 && c <= 57;
    const lower = c >= 97 && c <= 102;
    const upper = c >= 65 && c <= 70;
    if (!digit && !lower && !upper) return false;
  }
  return true;
}

/**
 * Only plain decimal Unix seconds are accepted: digits only, no sign, no leading zero, no fraction,
 * no exponent, no spaces. The signed input uses the header text verbatim, so a single canonical
 * spelling keeps operators and the RGS from disagreeing about what was signed.
 */
function parseTimestamp(raw: string): number | undefined {
  if (raw.length > MAX_TIMESTAMP_DIGITS || !isDigits(raw)) return undefined;
  if (raw.length > 1 && raw.startsWith("0")) return undefined;
  return Number(raw);
}

/** Request text echoed in a detail is JSON-quoted and shortened, so a hostile value cannot flood the answer. */
function quoteForDetail(text: string): string {
  const limit = 200;
  return JSON.stringify(text.length > limit ? `${text.slice(0, limit)}…` : text);
}

function failure(reason: SignatureFailure, detail: string): VerifyResult {
  return { ok: false, reason, detail };
}

/**
 * Verifies a signed request against every accepted secret (for example the current and the previous
 * one during a rotation). The checks run in a fixed order: presence, syntax, clock window, signature.
 * Every secret is compared, in constant time, even after a match, so the timing does not reveal
 * which secret matched. `detail` is written for the operator and never contains a secret or the
 * expected signature.
 */
export function verifyRequest(opts: {
  secrets: readonly string[];
  timestamp: string | undefined;
  signature: string | undefined;
  path: string;
  /** The body as received: its bytes, or text standing for its UTF-8 bytes. */
  body: string | Uint8Array;
  nowSeconds: number;
  windowSeconds?: number;
}): VerifyResult {
  const windowSeconds = opts.windowSeconds ?? DEFAULT_SIGNATURE_WINDOW_SECONDS;
  const { timestamp, signature } = opts;

  if (timestamp === undefined || timestamp === "") {
    return failure(
      "missing_timestamp",
      "The X-Timestamp header is missing; send the current Unix time in seconds.",
    );
  }
  if (signature === undefined || signature === "") {
    return failure(
      "missing_signature",
      "The X-HMAC-SHA256 header is missing; send the hex HMAC-SHA256 of timestamp + path + body.",
    );
  }
  const sentSeconds = parseTimestamp(timestamp);
  if (sentSeconds === undefined) {
    return failure(
      "malformed_timestamp",
      "X-Timestamp must be Unix time in whole seconds written as plain decimal digits (for example 1700000000), without sign, fraction, exponent or spaces.",
    );
  }
  if (signature.length !== SIGNATURE_HEX_LENGTH || !isHex(signature)) {
    return failure(
      "malformed_signature",
      `X-HMAC-SHA256 must be exactly ${SIGNATURE_HEX_LENGTH} hexadecimal characters (a hex-encoded HMAC-SHA256); received ${signature.length} characters${isHex(signature) ? "" : " including non-hexadecimal ones"}.`,
    );
  }
  const skew = Math.floor(opts.nowSeconds) - sentSeconds;
  if (Math.abs(skew) > windowSeconds) {
    const direction = skew > 0 ? "behind" : "ahead of";
    return failure(
      "expired_timestamp",
      `X-Timestamp is ${Math.abs(skew)} s ${direction} server time; the accepted window is ±${windowSeconds} s. Sign each request with the current time and check the clock (NTP) of the sending host.`,
    );
  }

  const sent = Buffer.from(signature, "hex");
  let matchedIndex = -1;
  for (let i = 0; i < opts.secrets.length; i++) {
    const expected = hmacBytes(opts.secrets[i] ?? "", timestamp, opts.path, opts.body);
    if (timingSafeEqual(expected, sent) && matchedIndex === -1) matchedIndex = i;
  }
  if (matchedIndex === -1) {
    return failure(
      "bad_signature",
      `X-HMAC-SHA256 does not match. The signed input is the X-Timestamp value, then the request path (${quoteForDetail(opts.path)}, without host or query), then the exact body bytes sent (${typeof opts.body === "string" ? Buffer.byteLength(opts.body, "utf8") : opts.body.byteLength} bytes), keyed with the shared secret.`,
    );
  }
  return { ok: true, secretIndex: matchedIndex };
}

/**
 * The path to sign for a URL: for an absolute URL (a callback address under the operator's callback
 * base URL) its full path, base-URL prefix included, as the WHATWG URL parser and `fetch` send it;
 * for a request target such as `/operator/games?x=1` the path text as received. Query and fragment
 * are never signed.
 */
export function pathForSigning(url: string): string {
  if (url.startsWith("/")) {
    const end = url.search(/[?#]/);
    return end === -1 ? url : url.slice(0, end);
  }
  return new URL(url).pathname;
}
