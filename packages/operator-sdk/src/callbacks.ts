import { timingSafeEqual } from "node:crypto";
import { SIGNATURE_HEADERS, type SignatureFailure, verifyRequest } from "@rgs/protocol/signing";
import {
  type AuthenticateRequest,
  type BalanceRequest,
  type CallbackRequests,
  type CreditRequest,
  checkCallbackRequest,
  type DebitRequest,
  isWalletCallback,
  type RefusalStatus,
  type RollbackRequest,
  type WalletCallback,
} from "@rgs/protocol/wallet-callbacks";

export type {
  AuthenticateRequest,
  BalanceRequest,
  CreditRequest,
  DebitRequest,
  RollbackRequest,
  WalletCallback,
};

/** An answer that moved (or confirmed) money: the balance after it, as a decimal string. */
export interface OkAnswer {
  status: "OK";
  balance: string;
}

/** A definite refusal: nothing was applied. `customUserError` is shown to the player. */
export interface RefusalAnswer {
  status: RefusalStatus;
  balance?: string;
  customUserError?: string;
}

export interface AuthenticateOkAnswer extends OkAnswer {
  accountCurrency?: string;
  name?: string;
  countryCode?: string;
  languageCode?: string;
  birthDate?: string;
  registrationDate?: string;
  address?: string;
  /** A JSON boolean: anything else refuses the launch. */
  excluded?: boolean;
  excludedUntil?: string;
}

export interface CallbackAnswers {
  authenticate: AuthenticateOkAnswer | RefusalAnswer;
  debit: OkAnswer | RefusalAnswer;
  credit: OkAnswer | RefusalAnswer;
  balance: OkAnswer | RefusalAnswer;
  /** `ERROR_TRANSACTION_DOES_NOT_EXIST` when the debit is unknown (remember the rollback: the debit may come late). */
  rollback: OkAnswer | RefusalAnswer;
}

export interface CallbackContext {
  /** The X-Operator-ID header. */
  operatorId: string | undefined;
  /** Which of `secrets` verified the signature (0: the current one). */
  secretIndex: number;
}

export type CallbackHandlers = {
  [K in WalletCallback]: (
    request: CallbackRequests[K],
    context: CallbackContext,
  ) => CallbackAnswers[K] | Promise<CallbackAnswers[K]>;
};

export interface CallbackVerifierOptions {
  /** The callback secret, or the current and the previous one during a rotation's grace period. */
  secrets: string | readonly string[];
  handlers: CallbackHandlers;
  /** When set, X-Operator-ID must be this operator's ID. */
  operatorId?: string;
  /** Accepted clock difference, seconds. Default 30. */
  windowSeconds?: number;
  /** The clock, ms. Injectable for tests. */
  now?: () => number;
  /**
   * Prepended to the received path before verifying, when a proxy strips the callback base URL's
   * prefix: the RGS signs the full path of your callback base URL.
   */
  strippedPrefix?: string;
}

/** What a framework hands over: the raw body, never a parsed one, since the signature covers the bytes. */
export interface RawCallbackRequest {
  method: string;
  /** The request target as received (path and query). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array | string;
}

export interface CallbackReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };
const utf8 = new TextDecoder("utf-8", { fatal: true });

function reply(status: number, body: Record<string, unknown>): CallbackReply {
  return { status, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}

/** A repeated header is ambiguous about what was signed, so it counts as absent. */
function header(headers: RawCallbackRequest["headers"], name: string): string | undefined {
  const value = headers[name];
  return typeof value === "string" ? value : undefined;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

export type CallbackVerification =
  | { ok: true; secretIndex: number }
  | { ok: false; reason: SignatureFailure | "unknown_operator"; detail: string };

/**
 * Checks a callback the way the RGS signs it: X-Operator-ID when one is configured, then HMAC-SHA256
 * over the X-Timestamp text, the full request path as received (query excluded, `strippedPrefix`
 * prepended) and the exact body text, with any of the accepted secrets, within the clock window.
 */
export function verifyCallbackRequest(
  options: Pick<CallbackVerifierOptions, "secrets" | "operatorId" | "windowSeconds" | "strippedPrefix">,
  request: { url: string; headers: RawCallbackRequest["headers"]; body: string; nowSeconds: number },
): CallbackVerification {
  if (options.operatorId !== undefined) {
    const sent = header(request.headers, SIGNATURE_HEADERS.operatorId);
    if (sent === undefined || !sameText(sent, options.operatorId)) {
      return {
        ok: false,
        reason: "unknown_operator",
        detail: "X-Operator-ID is missing or is not the operator this wallet serves.",
      };
    }
  }
  const path = request.url.split(/[?#]/, 1)[0] ?? "";
  return verifyRequest({
    secrets: typeof options.secrets === "string" ? [options.secrets] : options.secrets,
    timestamp: header(request.headers, SIGNATURE_HEADERS.timestamp),
    signature: header(request.headers, SIGNATURE_HEADERS.signature),
    path: `${options.strippedPrefix ?? ""}${path}`,
    body: request.body,
    nowSeconds: request.nowSeconds,
    ...(options.windowSeconds === undefined ? {} : { windowSeconds: options.windowSeconds }),
  });
}

function requestIdOf(parsed: unknown): Record<string, unknown> {
  const id = (parsed as { requestId?: unknown } | null)?.requestId;
  return typeof id === "string" ? { requestId: id } : {};
}

/**
 * Verifies and answers one wallet callback: the signature over the raw body first (HTTP 401 when it
 * fails, nothing parsed), then the body against the contract (ERROR_WRONG_SYNTAX), then the typed
 * handler, whose answer is sent with the request's requestId echoed. A handler that throws is answered
 * HTTP 500, which the RGS reads as "unknown" and resends: never a refusal the money state may contradict.
 */
export async function answerCallback(
  options: CallbackVerifierOptions,
  request: RawCallbackRequest,
): Promise<CallbackReply> {
  const path = request.url.split(/[?#]/, 1)[0] ?? "";
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (!isWalletCallback(name) || !path.endsWith(`/callback/${name}`)) {
    return reply(404, { status: "ERROR_WRONG_SYNTAX", message: `no wallet callback at ${path}` });
  }
  if (request.method !== "POST") return reply(405, { status: "ERROR_WRONG_SYNTAX" });
  let text: string;
  try {
    text = typeof request.body === "string" ? request.body : utf8.decode(request.body);
  } catch {
    text = "";
  }
  const verified = verifyCallbackRequest(options, {
    url: request.url,
    headers: request.headers,
    body: text,
    nowSeconds: (options.now ?? Date.now)() / 1000,
  });
  if (!verified.ok) return reply(401, { status: "ERROR_INVALID_SIGNATURE", message: verified.detail });

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return reply(200, { status: "ERROR_WRONG_SYNTAX" });
  }
  const checked = checkCallbackRequest(name, parsed);
  if (!checked.ok) return reply(200, { ...requestIdOf(parsed), status: "ERROR_WRONG_SYNTAX" });
  const context: CallbackContext = {
    operatorId: header(request.headers, "x-operator-id"),
    secretIndex: verified.secretIndex,
  };
  try {
    const handler = options.handlers[name] as (
      request: CallbackRequests[WalletCallback],
      context: CallbackContext,
    ) => Promise<CallbackAnswers[WalletCallback]> | CallbackAnswers[WalletCallback];
    const answer = await handler(checked.request, context);
    return reply(200, { requestId: checked.request.requestId, ...answer });
  } catch {
    return reply(500, { requestId: checked.request.requestId, status: "ERROR_UNKNOWN" });
  }
}
