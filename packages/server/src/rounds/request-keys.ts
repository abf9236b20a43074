import { createHash } from "node:crypto";
import { formatAmount } from "@rgs/protocol/money";
import { readAnswerRecord } from "@rgs/protocol/wallet-callbacks";
import { type GameError, gameError } from "../game-error.ts";
import type { UniqueViolation } from "../store/constraint-violation.ts";
import { toRound } from "../store/round-columns.ts";
import type { ActionKeyRecord, ActionKeys, Executor, RoundRow } from "./round-repository.ts";
import { type RoundResult, summarize } from "./round-summary.ts";
import { listTransactions, type TransactionRow } from "./transaction-repository.ts";

/**
 * Idempotency keys of `POST /game/play` and `POST /game/action`. A bet's key is written by the insert of
 * the round it opens, an action's key by the update of its round that records the action, so a key exists
 * exactly when what it protects does, on every instance and after a crash. A resend is answered from the
 * round: its outcome, never a second round or debit.
 */

/** The most characters of a key; UUIDs (36) and ULIDs (26) fit with room to spare. */
const REQUEST_KEY_MAX_LENGTH = 128;
const REQUEST_KEY_PATTERN = /^[A-Za-z0-9._:-]+$/;

/** The header's value, undefined when absent; a GameError names what is wrong with a bad one. */
export function parseRequestKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header)) {
    throw gameError("idempotency_key_invalid", "Send one Idempotency-Key header, not several.");
  }
  if (header.length > REQUEST_KEY_MAX_LENGTH) {
    throw gameError(
      "idempotency_key_too_long",
      `The Idempotency-Key has ${header.length} characters; at most ${REQUEST_KEY_MAX_LENGTH} are accepted.`,
    );
  }
  if (!REQUEST_KEY_PATTERN.test(header)) {
    throw gameError(
      "idempotency_key_invalid",
      "The Idempotency-Key must be 1 to 128 characters among letters, digits, '-', '_', '.' and ':' (a UUID is a good key).",
    );
  }
  return header;
}

/** The record of an action's key on its round (an own property only: keys are the client's text). */
export function actionKeyRecord(round: RoundRow, key: string): ActionKeyRecord | undefined {
  const keys = round.actionKeys ?? {};
  return Object.hasOwn(keys, key) ? keys[key] : undefined;
}

/** The round's action keys with one more, written by the update that records the action. */
export function withActionKey(round: RoundRow, key: string, record: ActionKeyRecord): RoundRow {
  const keys: ActionKeys = { ...round.actionKeys };
  Object.defineProperty(keys, key, { value: record, enumerable: true, writable: true, configurable: true });
  return { ...round, actionKeys: keys, newActionKeys: keys };
}

/** A digest of what a request asks for, so the same key sent with another request is told apart. */
export function requestDigest(request: unknown): string {
  return createHash("sha256").update(canonicalJson(request)).digest("base64url");
}

function canonicalJson(value: unknown): string {
  if (typeof value === "bigint") return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The round a player's bet with this key opened, if any. */
export async function findRoundByRequestKey(
  db: Executor,
  player: { operatorId: string; playerId: string },
  key: string,
): Promise<RoundRow | undefined> {
  const row = await db
    .selectFrom("rounds")
    .selectAll()
    .where("operator_id", "=", player.operatorId)
    .where("player_id", "=", player.playerId)
    .where("request_key", "=", key)
    .executeTakeFirst();
  return row && toRound(row);
}

/** Whether a unique violation is the one of the bet keys' index: the same key's bet committed meanwhile. */
export function isRequestKeyViolation(violation: UniqueViolation): boolean {
  return violation.constraint === "rounds_request_key";
}

export const requestInProgress = (): GameError =>
  gameError(
    "request_in_progress",
    "The request with this Idempotency-Key is still being processed; resend it with the same key in a moment.",
  );

const keyReused = (): GameError =>
  gameError(
    "idempotency_key_reused",
    "This Idempotency-Key was already used for a different request; use a new key for each bet and action.",
  );

/** How the engine phrases a bet or a stake the wallet did not take. */
export interface Refusals {
  refusal(status: string, customUserError: string | undefined): GameError;
  walletUnavailable(opening: boolean): GameError;
}

/**
 * The answer to a resent bet: the round it opened as it now stands, or the refusal the original got. A bet
 * whose debit is still unresolved (on this instance or on one that died, until the sweeper settles it) is
 * answered `request_in_progress`.
 */
export async function replayBet(
  db: Executor,
  round: RoundRow,
  digest: string,
  refusals: Refusals,
): Promise<RoundResult> {
  if (round.requestDigest !== digest) throw keyReused();
  if (round.status === "initializing") throw requestInProgress();
  if (round.mode === "demo") return { round: summarize(round), balance: null };
  const transactions = await listTransactions(db, round.id);
  // A real round's opening step applies its stake; a round without one never opened: its debit was refused,
  // or rolled back (closed once the rollback is delivered).
  const opened = round.actions.length > 0 || round.stakeTotal > 0n;
  if (!opened) {
    const refused = transactions.find((t) => t.kind === "debit" && t.status === "refused");
    if (round.closeReason === "debit_refused" && refused) throw refusalOf(refused, round, refusals);
    throw refusals.walletUnavailable(true);
  }
  return { round: summarize(round), balance: lastBalance(transactions, round.decimals) };
}

/**
 * The answer to a resent action, from the record its key left on the round: the round as it now stands,
 * `request_in_progress` while the action's stake is with the wallet, or the refusal the original got.
 */
export async function replayAction(
  db: Executor,
  round: RoundRow,
  record: ActionKeyRecord,
  digest: string,
  refusals: Refusals,
): Promise<RoundResult> {
  if (record.digest !== digest) throw keyReused();
  // Only a demo action is refused without a debit row: its virtual balance was too low.
  if (record.refused) throw refusals.refusal("ERROR_NOT_ENOUGH_MONEY", undefined);
  if (round.mode === "demo") return { round: summarize(round), balance: null };
  const transactions = await listTransactions(db, round.id);
  const debits = transactions.filter((t) => record.debits?.includes(t.transactionId));
  if (debits.some((t) => t.status === "pending")) throw requestInProgress();
  const refused = debits.find((t) => t.status === "refused");
  if (refused) throw refusalOf(refused, round, refusals);
  if (debits.some((t) => t.status !== "ok")) throw refusals.walletUnavailable(false);
  return { round: summarize(round), balance: lastBalance(transactions, round.decimals) };
}

function refusalOf(debit: TransactionRow, round: RoundRow, refusals: Refusals): GameError {
  const read = isRecord(debit.answer) ? readAnswerRecord("debit", debit.answer, round.decimals) : undefined;
  if (read?.outcome !== "refused") return refusals.walletUnavailable(true);
  return refusals.refusal(read.status, read.customUserError);
}

/** The balance of the round's latest confirmed answer that carried one. */
function lastBalance(transactions: TransactionRow[], decimals: number): string | null {
  const confirmed = transactions
    .filter((t) => t.status === "ok" && isRecord(t.answer))
    .sort((a, b) => b.seq - a.seq);
  for (const t of confirmed) {
    const read = readAnswerRecord(t.kind, t.answer as Record<string, unknown>, decimals);
    if (read.outcome === "ok" && "balanceMinor" in read && read.balanceMinor !== undefined) {
      return formatAmount(read.balanceMinor, decimals);
    }
  }
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
