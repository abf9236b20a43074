import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { type ErrorCode, errorBody } from "@rgs/protocol/errors";

/**
 * An error answer in the one error shape, written straight to a socket and followed by closing it,
 * for the places where no request object exists: a connection refused on arrival, a request that
 * Node's HTTP parser refused or that timed out, a CONNECT. The caller's headers (the security
 * headers) are included; nothing of the request is repeated back.
 */
export function rawErrorAnswer(code: ErrorCode, detail: string, headers: Record<string, string>): string {
  const body = JSON.stringify(errorBody(code, detail));
  const status = errorBody(code).status;
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    "content-type: application/json; charset=utf-8",
    `content-length: ${Buffer.byteLength(body)}`,
    "connection: close",
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/**
 * Writes the answer unless a response has already begun on this connection (its bytes would corrupt
 * it), then closes the connection once written. The peer gets `lingerMs` to read the answer and close
 * its side; then the connection is destroyed whatever it still sends, so it cannot be held open.
 */
export function answerAndClose(socket: Socket, answer: string, lingerMs = 1000): void {
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.destroyed) return;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(answer);
  const linger = setTimeout(() => socket.destroy(), lingerMs);
  linger.unref();
  socket.once("close", () => clearTimeout(linger));
}
