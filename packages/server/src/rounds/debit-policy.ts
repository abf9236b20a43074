import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import { type FailedAttempt, timed } from "./failed-attempts.ts";
import type { RoundRow } from "./round-repository.ts";
import type { TransactionRow } from "./transaction-repository.ts";
import type { DebitResult, WalletGateway } from "./wallet-gateway.ts";

/**
 * The retry and rollback rules of the money path, in one place:
 *
 * - A debit is sent inline (the player waits). An answer nobody can read with certainty (time-out, a non-200
 *   status, ERROR_UNKNOWN, an unreadable body) is resent, the same stored bytes signed afresh, up to
 *   `resends` more times with a growing pause; a debit is never resent once its outcome is known or its
 *   rollback exists.
 * - Still ambiguous after that: the debit is rolled back (as are the step's earlier debits that succeeded),
 *   and the player is told the stake was returned. An opening debit's rollback closes the round; an extra
 *   debit's (double, split, war) leaves the round open, as it was before the action.
 * - Definitely refused (ERROR_NOT_ENOUGH_MONEY and the like): nothing to reverse for that debit; the step's
 *   earlier successful debits are rolled back. The opening bet is refused; an extra debit is undone by the
 *   game's `onDebitRefused` and the round goes on.
 * - Credits and rollbacks are never given up: the outbox resends them until the wallet answers HTTP 200,
 *   after a capped exponential backoff with full jitter (`callbackBackoffMs`). A healthy round's credits go
 *   out inline first, with `creditResends` quick resends (`creditResendDelayMs` apart), so the answer
 *   normally carries the balance after the payout.
 * - The sweeper waits `openingDebitBudgetMs` (plus a margin) before it treats a round still opening as left
 *   by a process that died during the debit, so it never cuts a live call short.
 */
export interface DebitPolicy {
  /** Quick resends of an ambiguous debit before it is rolled back. */
  resends: number;
  /** Pause before resend n (1-based) is `n x retryDelayMs`. */
  retryDelayMs: number;
  /** Quick resends of a healthy round's credit before the outbox's backoff takes it over. */
  creditResends: number;
  sleep: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function debitPolicyOf(config: Config, sleep: (ms: number) => Promise<void> = realSleep): DebitPolicy {
  return {
    resends: config.debitRetries,
    retryDelayMs: config.debitRetryDelayMs,
    creditResends: config.creditRetries,
    sleep,
  };
}

/** What a debit came to after the quick resends, and how many sends it took. */
export interface DebitOutcome {
  result: DebitResult;
  attempts: number;
  lastError: string | null;
  /** How long the send that got a clear answer took; absent when none did. */
  latencyMs?: number;
  /** The sends that got no clear answer, for the round's timeline. */
  failures: FailedAttempt[];
}

/**
 * Sends a stored debit until its outcome is known or the resends are spent. `mayResend` re-reads the row
 * before each resend: a debit whose rollback was written meanwhile is never sent again.
 */
export async function sendDebit(
  gateway: WalletGateway,
  round: RoundRow,
  tx: TransactionRow,
  policy: DebitPolicy,
  mayResend: () => Promise<boolean>,
  clock: Clock = systemClock,
): Promise<DebitOutcome> {
  const failures: FailedAttempt[] = [];
  let last: DebitOutcome = {
    result: { outcome: "ambiguous", reason: "not sent" },
    attempts: 0,
    lastError: null,
    failures,
  };
  for (let attempt = 0; attempt <= policy.resends; attempt++) {
    if (attempt > 0) {
      await policy.sleep(attempt * policy.retryDelayMs);
      if (!(await mayResend())) {
        return {
          result: { outcome: "ambiguous", reason: "rolled_back" },
          attempts: attempt,
          lastError: "rolled_back",
          failures,
        };
      }
    }
    const { value: result, sentAt, latencyMs } = await timed(clock, () => gateway.sendDebit(round, tx));
    if (result.outcome !== "ambiguous") {
      return { result, attempts: attempt + 1, lastError: null, latencyMs, failures };
    }
    failures.push({
      transactionId: tx.transactionId,
      attempt: attempt + 1,
      sentAt,
      latencyMs,
      error: result.reason,
      ...(result.httpStatus !== undefined && { httpStatus: result.httpStatus }),
      ...(result.raw !== undefined && { answer: result.raw }),
    });
    last = { result, attempts: attempt + 1, lastError: result.reason, failures };
  }
  return last;
}

/** Pause before quick resend n (1-based) of an inline credit. */
export const creditResendDelayMs = (policy: Pick<DebitPolicy, "retryDelayMs">, attempt: number): number =>
  attempt * policy.retryDelayMs;

/**
 * Capped exponential backoff with full jitter: after the n-th failed attempt the next one waits a
 * uniformly random time in [0, min(maxDelayMs, baseDelayMs × 2^(n-1))). Full jitter spreads the retries
 * of many callbacks that failed together (a wallet outage) instead of sending them back in waves.
 */
export function callbackBackoffMs(
  failedAttempts: number,
  opts: { baseDelayMs: number; maxDelayMs: number },
  random: () => number,
): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 52);
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** exponent);
  const draw = random();
  if (!(draw >= 0 && draw < 1)) throw new RangeError(`random() must be in [0, 1), got ${draw}`);
  return Math.floor(draw * ceiling);
}

/**
 * The longest an opening debit can take: every attempt up to the callback time-out, with the growing
 * pause before each quick resend. A round still opening after this (and the margin) was left by a
 * process that died during the debit; before it, the sweeper would cut a live call.
 */
export function openingDebitBudgetMs(config: Config): number {
  const resends = config.debitRetries;
  return (resends + 1) * config.callbackTimeoutMs + (config.debitRetryDelayMs * resends * (resends + 1)) / 2;
}

/** Time allowed around an opening debit's calls for the store work before and after them. */
export const OPENING_MARGIN_MS = 10_000;
