import type { Server, ServerOptions } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import { answerAndClose, rawErrorAnswer } from "../raw-answer.ts";

export type HttpLimits = Config["http"];

/**
 * Node checks the header and request time-outs of all connections on a timer, so a stalled
 * connection is closed between its limit and one interval later; the interval is kept to a fraction
 * of the shorter limit, and at most one second.
 */
function checkingIntervalMs(limits: HttpLimits): number {
  const shortest = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs, limits.sendStallTimeoutMs);
  return Math.max(10, Math.min(1000, Math.floor(shortest / 4)));
}

type ConnectionError = Error & { code?: string };

/**
 * Node's HTTP parser refuses a request, or a request is not received in time: answer in the one
 * error shape with the security headers (never the parser's own message, which can quote the
 * request), then close the connection.
 */
function clientErrorAnswer(error: ConnectionError, headers: Record<string, string>): string {
  switch (error.code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return rawErrorAnswer(
        "request_timeout",
        "The request was not received in full within the time allowed; the connection is closed.",
        headers,
      );
    case "HPE_HEADER_OVERFLOW":
      return rawErrorAnswer("headers_too_large", "The request line and headers are too large.", headers);
    default:
      return rawErrorAnswer("invalid_request", "The request is not valid HTTP/1.1.", headers);
  }
}

/** The Fastify options bounding each phase of a request, and answering the errors of Node's parser. */
export function httpServerOptions(
  limits: HttpLimits,
  securityHeaders: Record<string, string>,
): {
  requestTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
  clientErrorHandler: (error: ConnectionError, socket: Socket) => void;
} {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: checkingIntervalMs(limits),
    },
    clientErrorHandler(error: ConnectionError, socket: Socket) {
      if (error.code === "ECONNRESET" || socket.destroyed) return;
      answerAndClose(socket, clientErrorAnswer(error, securityHeaders));
    },
  };
}

/** IPv4 peers of a dual-stack listener appear as IPv4-mapped IPv6 addresses; count them as IPv4. */
function peerOf(socket: Socket): string {
  const address = socket.remoteAddress ?? "";
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

/**
 * Closes connections whose client stopped reading: an answer is waiting in the socket's buffer and
 * none of it has been taken for `sendStallTimeoutMs`. Node's own socket time-out cannot do this (it
 * is switched off once a connection has been kept alive), and a plain inactivity limit would also
 * cut off requests waiting for their wallet callbacks, which have nothing to send yet.
 */
function watchSendStalls(server: Server, limits: HttpLimits, log: FastifyBaseLogger) {
  const sockets = new Map<Socket, { progress: string; since: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, seen] of sockets) {
      const progress = `${socket.writableLength}|${socket.bytesRead}|${socket.bytesWritten}`;
      if (socket.writableLength === 0 || progress !== seen.progress) {
        sockets.set(socket, { progress, since: now });
      } else if (now - seen.since >= limits.sendStallTimeoutMs) {
        log.info({ peer: socket.remoteAddress }, "connection closed: the client stopped reading its answer");
        socket.destroy();
      }
    }
  }, checkingIntervalMs(limits));
  sweep.unref();
  server.once("close", () => clearInterval(sweep));
  return (socket: Socket) => {
    sockets.set(socket, { progress: "", since: Date.now() });
    socket.once("close", () => sockets.delete(socket));
  };
}

/**
 * Holds each TCP peer to `maxConnectionsPerPeer` open connections (0: no limit): a connection beyond
 * it is answered 429 too_many_connections and closed before Node's HTTP server ever sees it, so a
 * peer stalling many connections cannot take all the sockets (and /healthz keeps answering others).
 * Every accepted connection is watched for a client that stops reading. CONNECT is answered 405 in
 * the error shape, as this server is no proxy.
 */
export function guardConnections(
  server: Server,
  opts: { limits: HttpLimits; securityHeaders: Record<string, string>; log: FastifyBaseLogger },
): void {
  server.on("connect", (_request, socket: Socket) => {
    socket.resume();
    answerAndClose(
      socket,
      rawErrorAnswer("method_not_allowed", "CONNECT is not supported: this server is not a proxy.", {
        ...opts.securityHeaders,
        allow: "GET, HEAD, POST",
      }),
    );
  });

  const max = opts.limits.maxConnectionsPerPeer;
  const watch = watchSendStalls(server, opts.limits, opts.log);
  const refusal = rawErrorAnswer(
    "too_many_connections",
    `At most ${max} connections per client address are accepted at a time; reuse open connections (keep-alive).`,
    opts.securityHeaders,
  );
  const httpListeners = server.listeners("connection") as ((socket: Socket) => void)[];
  server.removeAllListeners("connection");
  const open = new Map<string, number>();
  // One warning per peer while it stays at its limit, so a flood of refusals does not flood the log.
  const warned = new Set<string>();
  server.on("connection", (socket: Socket) => {
    const peer = peerOf(socket);
    const count = open.get(peer) ?? 0;
    if (max > 0 && count >= max) {
      if (!warned.has(peer)) {
        warned.add(peer);
        opts.log.warn({ peer, open: count }, "connections refused: too many from one address");
      }
      socket.on("error", () => {});
      socket.resume();
      answerAndClose(socket, refusal);
      return;
    }
    open.set(peer, count + 1);
    socket.once("close", () => {
      const left = (open.get(peer) ?? 1) - 1;
      warned.delete(peer);
      if (left > 0) open.set(peer, left);
      else open.delete(peer);
    });
    watch(socket);
    for (const listener of httpListeners) listener.call(server, socket);
  });
}
