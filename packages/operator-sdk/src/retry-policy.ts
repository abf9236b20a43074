/**
 * When the operator API client tries a request again, and after how long. Pure: the client feeds it
 * what happened and the random draw, so the schedule is tested without waiting.
 *
 * - `429`: after the answer's Retry-After, and never sooner than the exponential backoff;
 * - a connection that failed before the request was sent (refused, DNS, connect time-out): any request;
 * - a time-out: reads, and launches (a repeated launch returns the same session);
 * - a connection broken after sending, or a 502/503/504: reads only.
 *
 * Every retry is at least a second after the previous attempt, so it is signed with a new X-Timestamp.
 */

export type RequestKind = "read" | "launch";

export type AttemptOutcome =
  | { type: "answer"; status: number; retryAfterSeconds?: number }
  | { type: "not_sent" }
  | { type: "timeout" }
  | { type: "broken" };

export interface RetrySchedule {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = {
  maxAttempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
};

/** Retries are signed afresh; a second apart guarantees a new X-Timestamp. */
export const MIN_RETRY_DELAY_MS = 1000;

const TRANSIENT_STATUSES = new Set([502, 503, 504]);

function retryable(kind: RequestKind, outcome: AttemptOutcome): boolean {
  switch (outcome.type) {
    case "answer":
      return outcome.status === 429 || (kind === "read" && TRANSIENT_STATUSES.has(outcome.status));
    case "not_sent":
      return true;
    case "timeout":
      return true;
    case "broken":
      return kind === "read";
  }
}

/**
 * The delay before attempt `attempt + 1`, or undefined when the request must not be tried again.
 * `random` is a draw in [0, 1): the backoff is "equal jitter", half fixed and half random.
 */
export function retryDelayMs(
  kind: RequestKind,
  attempt: number,
  outcome: AttemptOutcome,
  random: number,
  schedule: RetrySchedule = DEFAULT_RETRY_SCHEDULE,
): number | undefined {
  if (attempt >= schedule.maxAttempts || !retryable(kind, outcome)) return undefined;
  const exponential = Math.min(schedule.maxDelayMs, schedule.baseDelayMs * 2 ** (attempt - 1));
  const backoff = exponential / 2 + (random * exponential) / 2;
  const retryAfterMs =
    outcome.type === "answer" && outcome.retryAfterSeconds !== undefined
      ? outcome.retryAfterSeconds * 1000
      : 0;
  return Math.ceil(Math.max(MIN_RETRY_DELAY_MS, retryAfterMs, backoff));
}

/** Retry-After as whole seconds (the RGS sends delta-seconds); an HTTP date or garbage counts as absent. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
