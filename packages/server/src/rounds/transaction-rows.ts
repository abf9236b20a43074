import { randomUUID } from "node:crypto";
import { creditBody, debitBody, type JsonObject, rollbackBody } from "../wallet/callback-bodies.ts";
import { newRequestId } from "../wallet/wallet-client.ts";
import type { Credit, Debit, NewTransactionRow } from "./ledger.ts";
import type { RoundRow } from "./round-repository.ts";
import type { TransactionRow } from "./transaction-repository.ts";

/**
 * The rows of a step's wallet callbacks as the ledger stores them: each with fresh IDs and the exact request
 * body it will be sent with, so a resend sends the same bytes.
 */

type RowIds = { transactionId: string; requestId: string };
type RowFields = Omit<NewTransactionRow, "transactionId" | "requestId" | "roundId" | "seq" | "createdAt">;

/** New rows of a round, in order from `seq`, each with fresh ids its body is built with. */
function newRows<T>(
  round: RoundRow,
  items: readonly T[],
  seq: number,
  now: Date,
  fields: (item: T, ids: RowIds, index: number) => RowFields,
): NewTransactionRow[] {
  return items.map((item, index) => {
    const ids = { transactionId: randomUUID(), requestId: newRequestId() };
    return { ...ids, roundId: round.id, seq: seq + index, createdAt: now, ...fields(item, ids, index) };
  });
}

/** Rows of a step's debits, in order from `seq`; `metadata` adds to each debit's (a free round's campaign). */
export function debitRows(
  round: RoundRow,
  debits: Debit[],
  seq: number,
  now: Date,
  metadata: JsonObject = {},
): NewTransactionRow[] {
  return newRows(round, debits, seq, now, (debit, ids) => ({
    kind: "debit",
    amount: debit.amount,
    roundClosed: false,
    reverseTransactionId: null,
    requestBody: debitBody({
      ...ids,
      playerId: round.playerId,
      roundId: round.id,
      gameCode: round.gameCode,
      amount: debit.amount,
      decimals: round.decimals,
      sessionToken: round.sessionId,
      metadata: { reason: debit.reason, ...metadata },
    }),
    nextAttemptAt: null,
  }));
}

/** Rows of a step's credits, in order from `seq`. */
export function creditRows(round: RoundRow, credits: Credit[], seq: number, now: Date): NewTransactionRow[] {
  return newRows(round, credits, seq, now, (credit, ids) => ({
    kind: "credit",
    amount: credit.amount,
    roundClosed: credit.closesRound,
    reverseTransactionId: null,
    requestBody: creditBody({
      ...ids,
      playerId: round.playerId,
      roundId: round.id,
      roundClosed: credit.closesRound,
      gameId: round.gameCode,
      amount: credit.amount,
      decimals: round.decimals,
      metadata: { reason: credit.reason },
    }),
    nextAttemptAt: now,
  }));
}

/** A rollback for each debit, in order from `seq`; the last one closes the round when `closesRound`. */
export function rollbackRows(
  round: RoundRow,
  debits: Pick<TransactionRow, "transactionId" | "amount">[],
  closesRound: boolean,
  seq: number,
  now: Date,
): NewTransactionRow[] {
  return newRows(round, debits, seq, now, (debit, ids, index) => {
    const roundClosed = closesRound && index === debits.length - 1;
    return {
      kind: "rollback",
      amount: debit.amount,
      roundClosed,
      reverseTransactionId: debit.transactionId,
      requestBody: rollbackBody({
        ...ids,
        playerId: round.playerId,
        reverseTransactionId: debit.transactionId,
        roundId: round.id,
        roundClosed,
        gameId: round.gameCode,
      }),
      nextAttemptAt: now,
    };
  });
}
