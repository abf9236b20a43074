import type { Clock } from "../clock.ts";
import type { Executor } from "./round-repository.ts";

/**
 * The failed attempts of wallet callbacks (`wallet_attempts`, migration 0060): a send that got no clear
 * answer, kept so a round's timeline shows what the wallet did before it answered. Bounded on every side:
 * the first `ATTEMPTS_KEPT` of a callback (its `attempts` counts the rest), and their texts cut short.
 * Nothing here is a signature or a secret: those travel in the request's headers, which are never stored.
 */

/** Failed attempts kept per callback; a wallet down for hours would otherwise leave hundreds. */
export const ATTEMPTS_KEPT = 10;
/** Characters kept of a failed attempt's answer: a callback answer is a few hundred bytes. */
export const ATTEMPT_ANSWER_MAX = 1_000;
/** Characters kept of what went wrong. */
export const ATTEMPT_ERROR_MAX = 300;

export interface FailedAttempt {
  transactionId: string;
  /** 1-based, as the callback's `attempts` counts them. */
  attempt: number;
  sentAt: Date;
  latencyMs: number;
  httpStatus?: number;
  /** A reason code and what was wrong, as `last_error` holds it. */
  error: string;
  /** The wallet's answer, when one arrived. */
  answer?: string;
}

/** When a send started and how long it took, by the clock. */
export interface Timing {
  sentAt: Date;
  latencyMs: number;
}

/** Times one send by `clock`. */
export async function timed<T>(clock: Clock, send: () => Promise<T>): Promise<{ value: T } & Timing> {
  const started = clock.now();
  const value = await send();
  return { value, sentAt: new Date(started), latencyMs: Math.max(0, Math.round(clock.now() - started)) };
}

/** Stores the failed attempts still within the bound; one already stored (a resend after a lost lease) is kept. */
export async function insertFailedAttempts(db: Executor, attempts: readonly FailedAttempt[]): Promise<void> {
  const kept = attempts.filter((a) => a.attempt <= ATTEMPTS_KEPT);
  if (kept.length === 0) return;
  await db
    .insertInto("wallet_attempts")
    .values(
      kept.map((a) => ({
        transaction_id: a.transactionId,
        attempt: a.attempt,
        sent_at: a.sentAt,
        latency_ms: a.latencyMs,
        http_status: a.httpStatus ?? null,
        error: cut(a.error, ATTEMPT_ERROR_MAX),
        answer: a.answer === undefined ? null : cut(a.answer, ATTEMPT_ANSWER_MAX),
      })),
    )
    .onConflict((oc) => oc.columns(["transaction_id", "attempt"]).doNothing())
    .execute();
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
