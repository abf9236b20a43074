import { CommitOutcomeUnknown } from "./group-commit.ts";

/** Node's socket errors: the database's host refused, dropped or did not answer the connection. */
const SOCKET_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's own codes for "not now": connection exceptions (class 08), the server shutting down or
 * starting (57P01-57P03), too many connections (53300).
 */
const RETRYABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** node-postgres and its pool say so in words, without a code. */
const DRIVER_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "is not queryable",
  "Connection closed",
];

/**
 * Whether a failure means the database could not be reached (restarting, failing over, network cut)
 * rather than a fault of the request: the request is answered 503 `store_unavailable`, which the client
 * may resend, and the pool reconnects on its own once the database is back.
 */
export function isStoreUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause !== undefined && cause !== null && depth < 5; depth++) {
    if (cause instanceof CommitOutcomeUnknown) return true;
    if (typeof cause !== "object") return false;
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (SOCKET_ERRORS.has(code) || RETRYABLE_SQLSTATE.test(code))) return true;
    if (typeof message === "string" && DRIVER_MESSAGES.some((m) => message.includes(m))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
