import type { Kysely } from "kysely";
import { historyDb } from "../rounds/history-tables.ts";
import type { Database } from "../store/schema.ts";
import { type RequestView, redactedRequest } from "./redacted-request.ts";

/** A send of a callback that got no clear answer, as a round's timeline shows it. */
export interface FailedAttemptView {
  attempt: number;
  sentAt: string;
  latencyMs: number;
  httpStatus: number | null;
  error: string;
  /** The wallet's answer, cut short; null when none arrived. */
  answer: string | null;
}

/** What a callback's attempts came to, beside what the round's search says of it. */
export interface CallbackAttempts {
  /** How long the attempt that got the wallet's final answer took; null while none did. */
  latencyMs: number | null;
  /** The failed attempts kept (the first few: `attempts` counts them all), in order. */
  failed: FailedAttemptView[];
  /** The body every attempt sent, byte for byte, with its secrets replaced. */
  request: RequestView;
}

/**
 * The request and attempts of the given callbacks, hot or archived, by transaction ID. The failed attempts are
 * kept only while their callback is in the hot table (migration 0060); an archived callback keeps its final
 * latency. Secrets are taken out of the request here, so they never reach a person's browser.
 */
export async function callbackAttempts(
  db: Kysely<Database>,
  transactionIds: readonly string[],
): Promise<Record<string, CallbackAttempts>> {
  const found: Record<string, CallbackAttempts> = {};
  if (transactionIds.length === 0) return found;
  for (const table of ["wallet_transactions", "wallet_transactions_history"] as const) {
    const rows = await historyDb({ db })
      .selectFrom(table as "wallet_transactions")
      .select(["transaction_id", "latency_ms", "request_body"])
      .where("transaction_id", "in", transactionIds)
      .execute();
    for (const row of rows) {
      found[row.transaction_id] = {
        latencyMs: row.latency_ms,
        failed: [],
        request: redactedRequest(row.request_body),
      };
    }
  }
  const failed = await db
    .selectFrom("wallet_attempts")
    .selectAll()
    .where("transaction_id", "in", transactionIds)
    .orderBy("transaction_id")
    .orderBy("attempt")
    .execute();
  // The foreign key keeps each failed attempt's callback in the hot table, read above.
  for (const row of failed) {
    found[row.transaction_id]?.failed.push({
      attempt: row.attempt,
      sentAt: row.sent_at.toISOString(),
      latencyMs: row.latency_ms,
      httpStatus: row.http_status,
      error: row.error,
      answer: row.answer,
    });
  }
  return found;
}
