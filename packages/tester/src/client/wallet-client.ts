import { pathForSigning, signRequest } from "@rgs/protocol/signing";
import { callbackPath } from "@rgs/protocol/wallet-callbacks";
import type { CallbackName, Exchange } from "../model.ts";

/**
 * How a request is signed. By default exactly as the RGS signs a callback; the HMAC checks change one
 * ingredient at a time to see whether the wallet notices.
 */
export interface SigningVariant {
  /** Added to the current time before it is written into X-Timestamp (negative: in the past). */
  timestampOffsetSeconds?: number;
  /** Sign with this secret instead of the shared one. */
  secret?: string;
  /** Sign this path instead of the one the request goes to. */
  path?: string;
  /** Sign this text, or what it makes of the sent body, instead of the body sent (a body changed after signing). */
  signedBody?: string | ((sentBody: string) => string);
  /** Send this as X-HMAC-SHA256 instead of a computed signature. */
  signature?: string;
  /** Send no X-Timestamp and no X-HMAC-SHA256 at all. */
  unsigned?: boolean;
}

export interface SendRequest {
  callback: CallbackName;
  /** A JSON object (sent compact, as the RGS does) or the exact body text. */
  body: Record<string, unknown> | string;
  label: string;
  signing?: SigningVariant;
  concurrent?: boolean;
}

/** A wallet's answer, read leniently: whatever came back is kept for the checks to judge. */
export interface Reply {
  exchange: Exchange;
  /** HTTP status; undefined when no answer arrived. */
  http?: number;
  /** The body when it is one JSON object. */
  json?: Record<string, unknown>;
  /** `status` when it is a string. */
  status?: string;
  /** `balance` as sent (any JSON type). */
  balance?: unknown;
  error?: string;
}

export interface WalletClientOptions {
  walletUrl: string;
  secret: string;
  operatorId?: string;
  timeoutMs: number;
  /** Unix seconds, possibly fractional. */
  now: () => number;
  /** Receives every exchange as it completes. */
  record: (exchange: Exchange) => void;
  /** Sends the requests; the global fetch by default. A production RGS passes one that refuses private addresses. */
  fetch?: typeof fetch;
}

const RESPONSE_BODY_LIMIT = 64 * 1024;

function headersOf(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError" || error.name === "AbortError") {
      return `no answer within ${timeoutMs} ms`;
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code !== undefined)
      return `${error.message}: ${cause.code}${cause.message ? ` (${cause.message})` : ""}`;
    return error.message;
  }
  return String(error);
}

export class WalletClient {
  readonly #opts: WalletClientOptions;
  #seq = 0;

  constructor(opts: WalletClientOptions) {
    this.#opts = opts;
  }

  urlOf(callback: CallbackName): string {
    return `${this.#opts.walletUrl}${callbackPath(callback)}`;
  }

  /** The path a callback is signed with (the callback base URL's prefix included). */
  pathOf(callback: CallbackName): string {
    return pathForSigning(this.urlOf(callback));
  }

  async send(request: SendRequest): Promise<Reply> {
    const url = this.urlOf(request.callback);
    const body = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (this.#opts.operatorId !== undefined) headers["X-Operator-ID"] = this.#opts.operatorId;
    const signing = request.signing ?? {};
    if (signing.unsigned !== true) {
      const timestamp = String(Math.floor(this.#opts.now() + (signing.timestampOffsetSeconds ?? 0)));
      headers["X-Timestamp"] = timestamp;
      headers["X-HMAC-SHA256"] =
        signing.signature ??
        signRequest(
          signing.secret ?? this.#opts.secret,
          timestamp,
          signing.path ?? pathForSigning(url),
          typeof signing.signedBody === "function" ? signing.signedBody(body) : (signing.signedBody ?? body),
        );
    }
    const exchange: Exchange = {
      seq: ++this.#seq,
      callback: request.callback,
      label: request.label,
      request: { method: "POST", url, headers, body },
      startedAt: new Date().toISOString(),
      durationMs: 0,
      concurrent: request.concurrent === true,
    };
    const started = performance.now();
    const reply: Reply = { exchange };
    try {
      const response = await (this.#opts.fetch ?? fetch)(url, {
        method: "POST",
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(this.#opts.timeoutMs),
      });
      let text = await response.text();
      if (text.length > RESPONSE_BODY_LIMIT) text = `${text.slice(0, RESPONSE_BODY_LIMIT)}… (truncated)`;
      exchange.response = { status: response.status, headers: headersOf(response.headers), body: text };
      reply.http = response.status;
      reply.json = parseObject(text);
      if (typeof reply.json?.status === "string") reply.status = reply.json.status;
      if (reply.json !== undefined && "balance" in reply.json) reply.balance = reply.json.balance;
    } catch (error) {
      reply.error = describeError(error, this.#opts.timeoutMs);
      exchange.error = reply.error;
    }
    exchange.durationMs = Math.round((performance.now() - started) * 10) / 10;
    this.#opts.record(exchange);
    return reply;
  }
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Not JSON: the checks report the raw body.
  }
  return undefined;
}
