import { giveBackGrantRound } from "../../campaigns/free-round-grants.ts";
import type { GameError } from "../../game-error.ts";
import { giveBackRoundStart } from "../../jurisdictions/round-pace.ts";
import { refusedExtraDebit } from "../act-on-round.ts";
import { type DebitOutcome, sendDebit } from "../debit-policy.ts";
import { insertFailedAttempts } from "../failed-attempts.ts";
import { assertInvariant } from "../invariants.ts";
import { type LedgerTx, laneOf } from "../ledger.ts";
import { refusal, walletUnavailable } from "../round-errors.ts";
import { findRound, type RoundRow } from "../round-repository.ts";
import { BET_CANCELLED } from "../round-summary.ts";
import { kickRound, type RoundSystems } from "../round-systems.ts";
import type { PendingStep } from "../step-bookkeeping.ts";
import type { TransactionRow } from "../transaction-repository.ts";
import { rollbackRows } from "../transaction-rows.ts";
import type { StepOutcome } from "./settlement.ts";

type Answered = { tx: TransactionRow; outcome: DebitOutcome };
type Ok = Extract<DebitOutcome["result"], { outcome: "ok" }>;

/** What a step's debits came to, in the ledger's job that records them. */
type Settled =
  | { outcome: Exclude<StepOutcome, { kind: "debits" | "refused" }> }
  | { error: GameError; kick: boolean };

/** The debits sent and the first one that did not succeed, if any. */
interface Sent {
  round: RoundRow;
  pending: PendingStep;
  opening: boolean;
  done: Answered[];
  failure: Answered | undefined;
  now: Date;
}

/**
 * Sends a step's stored debits in order, then records what they came to in one job: all confirmed (the
 * step is applied), one refused or one whose outcome is unknown (what was taken is rolled back). Answers
 * the applied step and the balance of the last debit, or throws the refusal once its rollbacks are stored.
 */
export async function settleDebits(
  sys: RoundSystems,
  round: RoundRow,
  pending: PendingStep,
  opening: boolean,
): Promise<{ outcome: Exclude<StepOutcome, { kind: "debits" | "refused" }>; balance: bigint | undefined }> {
  const { done, failure } = await sendDebits(sys, round, pending);
  const sent: Sent = { round, pending, opening, done, failure, now: new Date(sys.clock.now()) };
  // A healthy step plans its writes (nothing to read first), so its updates join the batch's own statements.
  const plan = failure === undefined ? {} : undefined;
  const settled = await sys.ledger.writePlanned(laneOf(round), plan, async (ltx): Promise<Settled> => {
    // The sweeper rolled a debit back meanwhile: the bet is being returned.
    if (!(await recordConfirmed(ltx, sent))) return { error: walletUnavailable(opening), kick: true };
    // Only a debit resent writes these: a healthy bet's statements stay as they are.
    await insertFailedAttempts(ltx.db, failuresOf(sent));
    if (failure === undefined) return debitsOk(sys, ltx, sent);
    if (failure.outcome.result.outcome === "refused") return debitRefused(sys, ltx, sent, failure);
    return debitAmbiguous(sys, ltx, sent, failure);
  });
  if ("error" in settled) {
    if (settled.kick) await kickRound(sys, round.id);
    throw settled.error;
  }
  const last = done[done.length - 1]?.outcome.result;
  return { outcome: settled.outcome, balance: last?.outcome === "ok" ? last.balance : undefined };
}

async function sendDebits(sys: RoundSystems, round: RoundRow, pending: PendingStep) {
  const done: Answered[] = [];
  for (const tx of pending.debits) {
    assertInvariant(
      sys.ledger.takeCommitted(tx.transactionId),
      "callback_after_commit",
      round,
      () => `debit ${tx.transactionId} was about to leave before its row was committed`,
    );
    const outcome = await sendDebit(
      sys.wallet,
      round,
      tx,
      sys.policy,
      () => sys.queries.mayResendDebit(tx.transactionId),
      sys.clock,
    );
    sys.logger.info(
      { roundId: round.id, transactionId: tx.transactionId, outcome: outcome.result.outcome },
      "debit answered",
    );
    if (outcome.result.outcome !== "ok") return { done, failure: { tx, outcome } };
    done.push({ tx, outcome });
  }
  return { done, failure: undefined };
}

/** Records the confirmed debits; false when one is no longer pending (the sweeper rolled it back). */
async function recordConfirmed(ltx: LedgerTx, sent: Sent): Promise<boolean> {
  for (const { tx, outcome } of sent.done) {
    const result = outcome.result as Ok;
    const recorded = await ltx.settleDebit(tx.transactionId, {
      status: "ok",
      answer: result.answer ?? null,
      ...(result.raw !== undefined && { raw: result.raw }),
      completedAt: sent.now,
      attempts: outcome.attempts,
      lastError: null,
      ...(outcome.latencyMs !== undefined && { latencyMs: outcome.latencyMs }),
    });
    if (!recorded) return false;
  }
  return true;
}

/** The sends of the step's debits that got no clear answer. */
function failuresOf(sent: Sent) {
  const answered = sent.failure === undefined ? sent.done : [...sent.done, sent.failure];
  return answered.flatMap(({ outcome }) => outcome.failures);
}

/** Every debit confirmed: the step is applied and its credits leased to this instance. */
async function debitsOk(sys: RoundSystems, ltx: LedgerTx, sent: Sent): Promise<Settled> {
  const { round, pending, opening, now } = sent;
  const current = opening ? round : await lockedRound(ltx, round.id);
  const outcome = await sys.settlementOf(round.mode).apply(ltx, current, pending, now);
  if (outcome.kind === "applied" || outcome.kind === "broken") return { outcome };
  throw new Error(`a step whose debits were confirmed came to ${outcome.kind}`);
}

/**
 * The wallet refused a debit: the step's earlier debits are rolled back. The opening bet is refused (the
 * round void, or settling until its rollbacks are confirmed); an extra debit is undone by the game.
 */
async function debitRefused(
  sys: RoundSystems,
  ltx: LedgerTx,
  sent: Sent,
  failure: Answered,
): Promise<Settled> {
  const { round, pending, opening, now } = sent;
  const { result, attempts, latencyMs } = failure.outcome;
  if (result.outcome !== "refused") throw new Error("not a refusal");
  const recorded = await ltx.settleDebit(failure.tx.transactionId, {
    status: "refused",
    answer: result.answer ?? null,
    ...(result.raw !== undefined && { raw: result.raw }),
    completedAt: now,
    attempts,
    ...(latencyMs !== undefined && { latencyMs }),
  });
  if (!recorded) return { error: walletUnavailable(opening), kick: true };
  const okDebits = sent.done.map((d) => d.tx);
  await rollBack(ltx, round, okDebits, opening, pending.nextSeq, now);
  if (opening && pending.freeRound === true) await giveBackGrantRound(ltx.db, round.id);
  if (opening) {
    await ltx.updateRound(round.id, {
      status: okDebits.length > 0 ? "settling" : "void",
      closeReason: "debit_refused",
      ...(okDebits.length > 0 ? { note: BET_CANCELLED } : { closedAt: now }),
    });
    if (pending.paced && okDebits.length === 0) await giveBackRoundStart(ltx.db, round.id);
  } else {
    const current = await lockedRound(ltx, round.id);
    await refusedExtraDebit(sys, ltx, current, pending, now, okDebits.length);
  }
  return { error: refusal(result.status, result.customUserError), kick: okDebits.length > 0 };
}

/** Nobody knows whether the wallet took a debit: it is rolled back with the step's earlier ones. */
async function debitAmbiguous(
  sys: RoundSystems,
  ltx: LedgerTx,
  sent: Sent,
  failure: Answered,
): Promise<Settled> {
  const { round, pending, opening, now } = sent;
  const { result, attempts, lastError } = failure.outcome;
  const reason = result.outcome === "ambiguous" ? result.reason : "unknown";
  await ltx.settleDebit(failure.tx.transactionId, {
    status: "ambiguous",
    lastError: lastError ?? reason,
    attempts,
  });
  sys.logger.warn(
    { roundId: round.id, transactionId: failure.tx.transactionId, reason },
    "debit outcome unknown: rolling it back",
  );
  const okDebits = sent.done.map((d) => d.tx);
  await rollBack(ltx, round, [...okDebits, failure.tx], opening, pending.nextSeq, now);
  if (opening && pending.freeRound === true) await giveBackGrantRound(ltx.db, round.id);
  if (opening) {
    await ltx.updateRound(round.id, { status: "settling", closeReason: "debit_failed", note: BET_CANCELLED });
  }
  return { error: walletUnavailable(opening), kick: true };
}

/** Writes a rollback for each debit (still pending ones are marked ambiguous); the last one closes the round when `closesRound`. */
export async function rollBack(
  tx: LedgerTx,
  round: RoundRow,
  debits: TransactionRow[],
  closesRound: boolean,
  seq: number,
  now: Date,
): Promise<void> {
  for (const debit of debits) {
    if (debit.status === "pending") await tx.recordOutcome(debit.transactionId, { status: "ambiguous" });
  }
  await tx.insertTransactions(rollbackRows(round, debits, closesRound, seq, now));
}

export async function lockedRound(tx: LedgerTx, roundId: string): Promise<RoundRow> {
  const round = await findRound(tx.db, roundId, { forUpdate: true });
  if (!round) throw new Error(`round ${roundId} vanished`);
  return round;
}
