import http from "node:http";
import https from "node:https";
import {
  DEFAULT_IDLE_SOCKET_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_SOCKETS,
  type HttpTransportOptions,
  type TransportErrorCode,
  type TransportRequest,
  type TransportResult,
  type WalletTransport,
} from "../src/wallet/http-transport.ts";

/**
 * The wallet transport written on node:http, kept for the benchmark that compares it with the undici
 * transport the RGS uses (see docs/benchmarks.md, "Wallet HTTP client"). Same guarantees: one total
 * time budget per call, answers above the size limit abandoned, redirects never followed.
 */

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

export function createNodeHttpTransport(options: HttpTransportOptions = {}): WalletTransport {
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
