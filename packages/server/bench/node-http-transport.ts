import http from "node:http";
import https from "node:https";

/**
 * One HTTP POST to a wallet, with its own keep-alive connection pool. It knows nothing about callbacks:
 * it sends the bytes it is given and returns the status and body bytes, or why there are none.
 * Redirects are never followed: a wallet answering 3xx did not process the callback, and following it
 * would send a signed money message to an address the operator never registered.
 */

export interface TransportRequest {
  url: URL;
  headers: Readonly<Record<string, string>>;
  body: string;
  /** Total budget for the call: waiting for a pooled socket, connecting, sending, and reading the answer. */
  timeoutMs: number;
}

export type TransportErrorCode =
  | "timeout"
  | "connection_refused"
  | "connection_reset"
  | "dns_failure"
  | "tls_failure"
  | "body_too_large"
  | "network_error";

export type TransportResult =
  | { ok: true; httpStatus: number; body: Uint8Array }
  | { ok: false; error: TransportErrorCode; detail: string; httpStatus?: number };

export interface WalletTransport {
  post(request: TransportRequest): Promise<TransportResult>;
  /** Closes the pooled connections; calls in flight fail. */
  close(): void;
}

export interface HttpTransportOptions {
  /** Concurrent connections to the wallet. Default 64. */
  maxSockets?: number;
  /** Larger answers are abandoned. Default 64 KiB: a callback answer is a few hundred bytes. */
  maxResponseBytes?: number;
  /**
   * An idle pooled connection is closed after this long. Default 4 s: below the 5 s keep-alive timeout
   * of Node's and many other servers, so the RGS closes an idle connection before the wallet does and
   * rarely sends on a socket the wallet is closing at that very moment.
   */
  idleSocketMs?: number;
}

export const DEFAULT_MAX_SOCKETS = 64;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;
export const DEFAULT_IDLE_SOCKET_MS = 4000;

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

function classify(error: NodeJS.ErrnoException): { error: TransportErrorCode; detail: string } {
  const code = error.code ?? "";
  if (code === "ECONNREFUSED")
    return { error: "connection_refused", detail: "The wallet refused the connection." };
  if (code === "ECONNRESET" || code === "EPIPE" || code === "ECONNABORTED") {
    return {
      error: "connection_reset",
      detail: `The wallet closed the connection before answering (${code}).`,
    };
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return { error: "dns_failure", detail: `The wallet's host name did not resolve (${code}).` };
  }
  if (code === "ETIMEDOUT") return { error: "timeout", detail: "Connecting to the wallet timed out." };
  if (code === "EPROTO" || TLS_CODE.test(code))
    return { error: "tls_failure", detail: `The TLS handshake failed (${code}).` };
  return { error: "network_error", detail: `The call failed: ${code === "" ? error.message : code}.` };
}

/** Neither an error nor a complete answer: the connection went away in between. */
const CLOSED_EARLY = {
  error: "connection_reset",
  detail: "The connection closed before the answer was complete.",
} as const;

export function createHttpTransport(options: HttpTransportOptions = {}): WalletTransport {
  const maxSockets = options.maxSockets ?? DEFAULT_MAX_SOCKETS;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const agentOptions = {
    keepAlive: true,
    maxSockets,
    maxFreeSockets: maxSockets,
    // The most recently used socket is the least likely to be closed by the wallet.
    scheduling: "lifo" as const,
    timeout: options.idleSocketMs ?? DEFAULT_IDLE_SOCKET_MS,
  };
  const httpAgent = new http.Agent(agentOptions);
  const httpsAgent = new https.Agent(agentOptions);

  function post(request: TransportRequest): Promise<TransportResult> {
    const payload = Buffer.from(request.body, "utf8");
    const secure = request.url.protocol === "https:";
    return new Promise((resolve) => {
      let settled = false;
      let responded = false;
      const finish = (result: TransportResult): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const req = (secure ? https : http).request(request.url, {
        method: "POST",
        agent: secure ? httpsAgent : httpAgent,
        headers: {
          ...request.headers,
          "Content-Type": "application/json",
          "Content-Length": String(payload.length),
          Accept: "application/json",
        },
      });
      const timer = setTimeout(() => {
        finish({
          ok: false,
          error: "timeout",
          detail: `The wallet did not answer within ${request.timeoutMs} ms.`,
        });
        req.destroy();
      }, request.timeoutMs);

      req.on("error", (error: NodeJS.ErrnoException) => finish({ ok: false, ...classify(error) }));
      req.on("close", () => {
        if (!responded) finish({ ok: false, ...CLOSED_EARLY });
      });
      req.on("response", (res) => {
        responded = true;
        const httpStatus = res.statusCode ?? 0;
        const tooLarge = (): void => {
          finish({
            ok: false,
            error: "body_too_large",
            detail: `The answer is larger than ${maxResponseBytes} bytes.`,
            httpStatus,
          });
          // The rest of an oversized answer is never read, so the connection cannot be reused.
          req.destroy();
        };
        const declared = Number(res.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxResponseBytes) {
          tooLarge();
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxResponseBytes) {
            tooLarge();
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => finish({ ok: true, httpStatus, body: Buffer.concat(chunks) }));
        res.on("error", (error: NodeJS.ErrnoException) =>
          finish({ ok: false, ...classify(error), httpStatus }),
        );
        res.on("close", () => finish({ ok: false, ...CLOSED_EARLY, httpStatus }));
      });
      req.end(payload);
    });
  }

  return {
    post,
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}
