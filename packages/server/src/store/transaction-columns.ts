import type { Selectable } from "kysely";
import { parseAnswer, storableJson } from "../rounds/json-codec.ts";
import type { ColumnSpec } from "./round-columns.ts";
import type { TransactionKind, TransactionStatus, WalletTransactionsTable } from "./schema.ts";

export interface TransactionRow {
  transactionId: string;
  roundId: string;
  /** Order within the round: callbacks reach the wallet in this order. */
  seq: number;
  kind: TransactionKind;
  amount: bigint;
  roundClosed: boolean;
  reverseTransactionId: string | null;
  requestId: string;
  /** The exact body sent; every retry resends these bytes. */
  requestBody: string;
  status: TransactionStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  lastError: string | null;
  /** The wallet's answer object as received. */
  answer: unknown;
  createdAt: Date;
  completedAt: Date | null;
  alertedAt: Date | null;
  /** How long the attempt that got the wallet's final answer took, in ms. */
  latencyMs: number | null;
}

/** A written-only field: the answer's exact text, kept as bytes beside the parsed `answer`. */
export interface TransactionWrites extends TransactionRow {
  answerRaw: string;
}

type TransactionColumnSpec = ColumnSpec & {
  /** Written when an inserted row leaves the field out. */
  absent?: unknown;
};

/** Every field of a wallet transaction and its column in `wallet_transactions` (and its history). */
export const TRANSACTION_COLUMNS = {
  transactionId: { name: "transaction_id", type: "text" },
  roundId: { name: "round_id", type: "uuid" },
  seq: { name: "seq", type: "integer" },
  kind: { name: "kind", type: "text" },
  amount: { name: "amount", type: "bigint" },
  roundClosed: { name: "round_closed", type: "boolean" },
  reverseTransactionId: { name: "reverse_transaction_id", type: "text" },
  requestId: { name: "request_id", type: "text" },
  requestBody: { name: "request_body", type: "text" },
  status: { name: "status", type: "text", absent: "pending" },
  attempts: { name: "attempts", type: "integer", absent: 0 },
  nextAttemptAt: { name: "next_attempt_at", type: "timestamptz" },
  leaseOwner: { name: "lease_owner", type: "text", absent: null },
  leaseUntil: { name: "lease_until", type: "timestamptz", absent: null },
  lastError: { name: "last_error", type: "text", inserted: false },
  answer: {
    name: "answer",
    type: "jsonb",
    // What PostgreSQL's JSON can hold (see `storableJson`).
    write: storableJson,
    read: (value: unknown) => value ?? null,
    absent: null,
  },
  answerRaw: {
    name: "answer_raw",
    type: "bytea",
    write: (raw: string) => Buffer.from(raw, "utf8"),
    inserted: false,
  },
  createdAt: { name: "created_at", type: "timestamptz" },
  completedAt: { name: "completed_at", type: "timestamptz", absent: null },
  alertedAt: { name: "alerted_at", type: "timestamptz", inserted: false },
  latencyMs: { name: "latency_ms", type: "integer", inserted: false },
} as const satisfies Record<keyof TransactionWrites, TransactionColumnSpec>;

type Entry = [field: string, spec: TransactionColumnSpec];
const ENTRIES: readonly Entry[] = Object.entries(TRANSACTION_COLUMNS);
const READ = ENTRIES.filter(([field]) => field !== "answerRaw");
const INSERTED = ENTRIES.filter(([, spec]) => spec.inserted !== false);

const written = (spec: ColumnSpec, value: unknown): unknown =>
  spec.write ? (spec.write as (v: unknown) => unknown)(value) : value;

/** The row to insert for a transaction; a field left out (or null) takes its `absent` value when it has one. */
export function transactionRow(tx: Partial<TransactionRow>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const fields = tx as Record<string, unknown>;
  for (const [field, spec] of INSERTED) {
    const value = fields[field];
    const absent = value === undefined || (value === null && "absent" in spec);
    row[spec.name] = absent ? spec.absent : written(spec, value);
  }
  return row;
}

/**
 * The columns that `changes` sets (fields left undefined are not touched), always in the map's order: a
 * batch writes updates of the same columns in one statement.
 */
export function transactionColumns(changes: Partial<TransactionWrites>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  const fields = changes as Record<string, unknown>;
  for (const [field, spec] of ENTRIES) {
    const value = fields[field];
    if (value !== undefined) columns[spec.name] = written(spec, value);
  }
  return columns;
}

/** A transaction as read from its table. */
export function toTransaction(row: Selectable<WalletTransactionsTable>): TransactionRow {
  const tx: Record<string, unknown> = {};
  const stored = row as unknown as Record<string, unknown>;
  for (const [field, spec] of READ) {
    const value = stored[spec.name];
    tx[field] = spec.read ? (spec.read as (v: unknown) => unknown)(value) : value;
  }
  return tx as unknown as TransactionRow;
}

/** The columns of a wallet's answer as received: its meaning (JSON when it is JSON) and its exact bytes. */
export function answerColumns(text: string): { answer: string; answer_raw: Buffer } {
  return {
    answer: TRANSACTION_COLUMNS.answer.write(parseAnswer(text)),
    answer_raw: TRANSACTION_COLUMNS.answerRaw.write(text),
  };
}

/** The SQL type of each column a batch may update at its end, by column name. */
export const TRANSACTION_BATCHED_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  [
    TRANSACTION_COLUMNS.transactionId,
    TRANSACTION_COLUMNS.status,
    TRANSACTION_COLUMNS.answer,
    TRANSACTION_COLUMNS.answerRaw,
    TRANSACTION_COLUMNS.lastError,
    TRANSACTION_COLUMNS.completedAt,
    TRANSACTION_COLUMNS.attempts,
    TRANSACTION_COLUMNS.latencyMs,
  ].map((spec) => [spec.name, spec.type]),
);
