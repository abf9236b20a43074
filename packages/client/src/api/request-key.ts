/**
 * The Idempotency-Key of a bet or an action, and when to send it again. One key per bet and per action:
 * a request whose answer was lost (no answer, a 5xx, a stopping server) is resent with the same key, and the
 * server answers it with the original outcome instead of placing it twice.
 */
import type { ApiError } from "./errors.ts";

/** 128 random bits as hex; `getRandomValues` also exists on pages served over plain HTTP. */
export function newRequestKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Sends after the first: the waits between them grow, or follow the server's Retry-After. */
export const RESEND_DELAYS_MS = [500, 1000, 2000, 4000] as const;

/** Codes that are an outcome of the request itself, which a resend would only repeat. */
const FINAL_5XX = new Set(["wallet_unavailable", "round_initializing"]);

/**
 * Whether the request may not have been answered for good: nothing came back, a 5xx other than an outcome
 * of the bet (a balancer's 502, a database out of reach, a server shutting down), or the server still
 * working on the same key.
 */
export function worthResending(error: ApiError): boolean {
  if (error.kind === "network") return true;
  if (error.code === "request_in_progress") return true;
  return error.status >= 500 && !FINAL_5XX.has(error.code);
}
