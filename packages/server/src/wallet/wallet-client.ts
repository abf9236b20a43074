import { randomUUID } from "node:crypto";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { pathForSigning, signedHeaders } from "@rgs/protocol/signing";
import { callbackPath } from "@rgs/protocol/wallet-callbacks";
import { type Clock, systemClock } from "../clock.ts";
import { type AnswerFor, validateAnswer, type WalletAmbiguous } from "./answer.ts";
import {
  type AuthenticateInput,
  authenticateBody,
  type BalanceInput,
  balanceBody,
  CALLBACK_KINDS,
  type CallbackKind,
  type CreditInput,
  creditBody,
  type DebitInput,
  debitBody,
  type RollbackInput,
  rollbackBody,
} from "./callback-bodies.ts";
import {
  createHttpTransport,
  type HttpTransportOptions,
  type TransportResult,
  type WalletTransport,
} from "./http-transport.ts";

/**
 * Sends wallet callbacks to one operator. Every call is signed afresh with the clock's current time and
 * the secret that signs callbacks at that moment, so a retry of a stored body (same `requestId`, same
 * `transactionId`, same bytes) carries a new timestamp and signature. It keeps no state between calls:
 * storing bodies for retries and deciding what an outcome means for a round belong to the caller.
 */

const DEFAULT_CALLBACK_TIMEOUT_MS = 5000;

export interface WalletClientOptions {
  operatorId: string;
  /** Absolute http(s) URL without query or fragment; callbacks go to `{base}/callback/{kind}`. */
  callbackBaseUrl: string;
  /** The secret that signs callbacks now; read on every call, so a rotation takes effect at once. */
  callbackSecret: () => string;
  /** Total time one call may take. Default 5 s. */
  timeoutMs?: number;
  clock?: Clock;
  /** Shared transport (not closed by `close()`); by default the client owns a new HTTP transport. */
  transport?: WalletTransport;
  /** Options of the client's own HTTP transport, when none is given. */
  http?: HttpTransportOptions;
  /** Told each time the wallet answered clearly (confirmed or refused): it is reachable. */
  onAnswered?: (operatorId: string) => void;
  /** The operator allows a private network: a transport refusing non-public addresses lets its calls through. */
  allowPrivateNetwork?: boolean;
}

/** A callback as sent (the body to store for byte-for-byte retries) and the wallet's answer. */
export interface Sent<K extends CallbackKind> {
  body: string;
  answer: AnswerFor<K>;
}

export interface WalletClient {
  readonly operatorId: string;
  callbackUrl(kind: CallbackKind): URL;
  /**
   * Sends a body exactly as given, e.g. a stored one being retried. `decimals` are those of the session
   * currency, for the answer's `balanceMinor`.
   */
  send<K extends CallbackKind>(
    kind: K,
    body: string,
    expectedRequestId: string,
    decimals: number,
  ): Promise<AnswerFor<K>>;
  authenticate(input: AuthenticateInput): Promise<Sent<"authenticate">>;
  balance(input: BalanceInput & { decimals: number }): Promise<Sent<"balance">>;
  debit(input: DebitInput): Promise<Sent<"debit">>;
  credit(input: CreditInput): Promise<Sent<"credit">>;
  rollback(input: RollbackInput & { decimals: number }): Promise<Sent<"rollback">>;
  /** Closes the client's own connection pool; a shared transport stays open. */
  close(): void;
}

/** A fresh `requestId`: unique per callback, reused only when the same stored body is resent. */
export function newRequestId(): string {
  return randomUUID();
}

function parseBaseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`callback base URL ${JSON.stringify(value)} is not an absolute URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`callback base URL ${JSON.stringify(value)} must use http or https`);
  }
  if (url.search !== "" || url.hash !== "" || value.includes("?") || value.includes("#")) {
    throw new TypeError(`callback base URL ${JSON.stringify(value)} must have no query or fragment`);
  }
  return url;
}

/** `https://w.example/wallet/v2/` and `https://w.example/wallet/v2` name the same callbacks. */
function callbackUrls(base: URL): Record<CallbackKind, URL> {
  const prefix = base.href.replace(/\/+$/, "");
  const urls = {} as Record<CallbackKind, URL>;
  for (const kind of CALLBACK_KINDS) urls[kind] = new URL(`${prefix}${callbackPath(kind)}`);
  return urls;
}

function transportFailure(result: Extract<TransportResult, { ok: false }>): WalletAmbiguous {
  const answer: WalletAmbiguous = { outcome: "ambiguous", reason: result.error, detail: result.detail };
  if (result.httpStatus !== undefined) answer.httpStatus = result.httpStatus;
  return answer;
}

function currencyDecimals(code: string): number {
  const currency = resolveCurrency(code);
  if (currency === undefined) throw new RangeError(`unknown currency ${JSON.stringify(code)}`);
  return currency.decimals;
}

export function createWalletClient(options: WalletClientOptions): WalletClient {
  const urls = callbackUrls(parseBaseUrl(options.callbackBaseUrl));
  const timeoutMs = options.timeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError(`timeoutMs must be a positive integer, got ${timeoutMs}`);
  }
  const clock = options.clock ?? systemClock;
  const ownsTransport = options.transport === undefined;
  const transport = options.transport ?? createHttpTransport(options.http);

  async function send<K extends CallbackKind>(
    kind: K,
    body: string,
    expectedRequestId: string,
    decimals: number,
  ): Promise<AnswerFor<K>> {
    // The kind of a stored callback may come back from the database as any string.
    if (!Object.hasOwn(urls, kind)) throw new TypeError(`unknown callback kind ${JSON.stringify(kind)}`);
    const url = urls[kind];
    const headers = signedHeaders({
      operatorId: options.operatorId,
      secret: options.callbackSecret(),
      path: pathForSigning(url.href),
      body,
      nowSeconds: clock.now() / 1000,
    });
    const result = await transport.post({
      url,
      headers,
      body,
      timeoutMs,
      privateNetworkAllowed: options.allowPrivateNetwork === true,
    });
    if (!result.ok) return transportFailure(result);
    const answer = validateAnswer({
      kind,
      httpStatus: result.httpStatus,
      body: result.body,
      expectedRequestId,
      decimals,
    });
    if (answer.outcome !== "ambiguous") options.onAnswered?.(options.operatorId);
    return answer;
  }

  async function sendBuilt<K extends CallbackKind>(
    kind: K,
    body: string,
    requestId: string,
    decimals: number,
  ): Promise<Sent<K>> {
    return { body, answer: await send(kind, body, requestId, decimals) };
  }

  return {
    operatorId: options.operatorId,
    callbackUrl: (kind) => new URL(urls[kind].href),
    send,
    authenticate: (input) =>
      sendBuilt("authenticate", authenticateBody(input), input.requestId, currencyDecimals(input.currency)),
    balance: (input) => sendBuilt("balance", balanceBody(input), input.requestId, input.decimals),
    debit: (input) => sendBuilt("debit", debitBody(input), input.requestId, input.decimals),
    credit: (input) => sendBuilt("credit", creditBody(input), input.requestId, input.decimals),
    rollback: (input) => sendBuilt("rollback", rollbackBody(input), input.requestId, input.decimals),
    close() {
      if (ownsTransport) transport.close();
    },
  };
}

export interface OperatorWallet {
  operatorId: string;
  callbackBaseUrl: string;
  callbackSecret: () => string;
  /** The operator allows a private network (its wallet is on the RGS's own network). */
  allowPrivateNetwork?: boolean;
}

export interface WalletClientPoolOptions {
  timeoutMs?: number;
  clock?: Clock;
  http?: HttpTransportOptions;
  /** Replaces the HTTP transport, one per operator. */
  createTransport?: () => WalletTransport;
  /** Told each time an operator's wallet answered clearly. */
  onAnswered?: (operatorId: string) => void;
}

/**
 * One connection pool per operator, kept across calls so callbacks ride on warm keep-alive connections.
 * Clients are cheap views over an operator's pool, built per call from the operator's current settings,
 * so a changed callback URL or secret applies to the next callback.
 */
export interface WalletClientPool {
  client(operator: OperatorWallet): WalletClient;
  /** Closes one operator's connections, e.g. when it is disabled; the next `client()` opens a new pool. */
  evict(operatorId: string): void;
  close(): void;
}

export function createWalletClientPool(options: WalletClientPoolOptions = {}): WalletClientPool {
  const transports = new Map<string, WalletTransport>();
  const newTransport = options.createTransport ?? (() => createHttpTransport(options.http));
  return {
    client(operator) {
      let transport = transports.get(operator.operatorId);
      if (transport === undefined) {
        transport = newTransport();
        transports.set(operator.operatorId, transport);
      }
      return createWalletClient({
        ...operator,
        transport,
        timeoutMs: options.timeoutMs,
        clock: options.clock,
        ...(options.onAnswered !== undefined && { onAnswered: options.onAnswered }),
      });
    },
    evict(operatorId) {
      transports.get(operatorId)?.close();
      transports.delete(operatorId);
    },
    close() {
      for (const transport of transports.values()) transport.close();
      transports.clear();
    },
  };
}
