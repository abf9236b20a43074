import type { Step, WalletOp } from "@rgs/games/model";
import type { ClaimedCallback } from "../outbox/callback-ledger.ts";
import type { Credit, Debit, NewTransactionRow } from "./ledger.ts";
import type { RoundAction, RoundRow } from "./round-repository.ts";
import type { TransactionRow } from "./transaction-repository.ts";

export type AnyStep = Step<unknown, unknown>;

/** A step whose debits are stored and about to be sent: applied to the round only once they all succeed. */
export interface PendingStep {
  step: AnyStep;
  position: number;
  entry: RoundAction | undefined;
  debits: TransactionRow[];
  /** The round's next `seq` after the debits. */
  nextSeq: number;
  /** The session's maximum win, which bounds the round's payouts; unknown once the session is gone. */
  maxWin: bigint | undefined;
  /** The action, for `onDebitRefused`, when the step came from one. */
  action?: { parsed: unknown; stateBefore: unknown };
  /** The opening took the player's round start under a minimum round duration (jurisdictions/round-pace.ts). */
  paced?: boolean;
  /** The step opens a free round: a refused or unconfirmed debit gives its round back to the grant. */
  freeRound?: boolean;
}

/** A step applied by the ledger: the round as it now stands and the credits to deliver. */
export interface Applied {
  round: RoundRow;
  credits: NewTransactionRow[];
  /** Demo: the virtual balance after the step. */
  demoBalance?: bigint;
}

/** The round after a step: state, view, totals, replay log and status. */
export function nextRound(
  round: RoundRow,
  pending: PendingStep,
  credits: Credit[],
  now: Date,
  closeReason: string,
): RoundRow {
  const { step } = pending;
  const entry = pending.entry && {
    ...pending.entry,
    ...(pending.debits.length > 0 && { debits: pending.debits.map((d) => d.transactionId) }),
  };
  return {
    ...round,
    status: step.closed ? "settling" : "open",
    stakeTotal: round.stakeTotal + sum(pending.debits),
    payoutTotal: round.payoutTotal + sum(credits),
    state: step.state,
    view: step.view,
    randomPosition: pending.position,
    deadline: step.deadline === undefined ? null : new Date(step.deadline),
    lastActionAt: now,
    actions: entry ? [...round.actions, entry] : round.actions,
    note: step.note !== undefined ? step.note : round.note,
    closeReason: step.closed ? closeReason : round.closeReason,
  };
}

/**
 * The columns of a round a step changes. With `stored`, the round as its row stands, a field the step left
 * as it was (the same value, or the same object: a state or view the opening inserted and the step after
 * its debit kept) is not written again: the wide JSON columns are then neither encoded nor parsed anew.
 */
export function roundPatchOf(round: RoundRow, stored?: RoundRow) {
  const patch = {
    status: round.status,
    stakeTotal: round.stakeTotal,
    payoutTotal: round.payoutTotal,
    state: round.state,
    view: round.view,
    actions: round.actions,
    randomPosition: round.randomPosition,
    deadline: round.deadline,
    lastActionAt: round.lastActionAt,
    note: round.note,
    closeReason: round.closeReason,
    closedAt: round.closedAt,
    ...(round.newActionKeys !== undefined && { actionKeys: round.newActionKeys }),
  };
  if (stored === undefined) return patch;
  for (const field of Object.keys(patch) as (keyof typeof patch)[]) {
    if (field !== "actionKeys" && patch[field] === stored[field]) delete patch[field];
  }
  return patch;
}

/** A step's credits; a closing step always ends with a credit, also of 0, never with a debit alone. */
export function creditsOf(step: AnyStep): Credit[] {
  const credits = step.ops.filter((op): op is Credit => op.kind === "credit");
  if (step.closed && !credits.some((c) => c.closesRound)) {
    credits.push({ kind: "credit", amount: 0n, closesRound: true, reason: "loss" });
  }
  return credits;
}

export function debitsOf(ops: WalletOp[]): Debit[] {
  const firstCredit = ops.findIndex((op) => op.kind === "credit");
  if (firstCredit >= 0 && ops.slice(firstCredit).some((op) => op.kind === "debit")) {
    throw new Error("a step's debits must come before its credits");
  }
  return ops.filter((op): op is Debit => op.kind === "debit");
}

/** A game's abandon, tick or onDebitRefused step takes no stake. */
export function refuseDebits(step: AnyStep, where: string): void {
  if (step.ops.some((op) => op.kind === "debit")) throw new Error(`a game's ${where} step must not debit`);
}

/** The `seq` the round's next transaction takes. */
export const nextSeqOf = (transactions: TransactionRow[]): number =>
  transactions.reduce((next, t) => Math.max(next, t.seq + 1), 0);

export const sum = (ops: readonly { amount: bigint }[]): bigint =>
  ops.reduce((total, op) => total + op.amount, 0n);

/** A row just written, as a read of it would return it. */
export function asPendingRow(row: NewTransactionRow): TransactionRow {
  return {
    ...row,
    status: row.status ?? "pending",
    attempts: row.attempts ?? 0,
    leaseOwner: row.leaseOwner ?? null,
    leaseUntil: row.leaseUntil ?? null,
    lastError: null,
    answer: row.answer ?? null,
    completedAt: row.completedAt ?? null,
    alertedAt: null,
    latencyMs: null,
  };
}

/** A credit the engine stored leased to this instance, as the outbox delivers it. */
export function claimedOf(round: RoundRow, row: NewTransactionRow): ClaimedCallback {
  return {
    transactionId: row.transactionId,
    roundId: round.id,
    seq: row.seq,
    kind: "credit",
    requestId: row.requestId,
    requestBody: row.requestBody,
    roundClosed: row.roundClosed,
    attempts: 0,
    createdAt: row.createdAt,
    alertedAt: null,
    operatorId: round.operatorId,
    playerId: round.playerId,
    gameCode: round.gameCode,
    mode: round.mode,
    decimals: round.decimals,
  };
}
