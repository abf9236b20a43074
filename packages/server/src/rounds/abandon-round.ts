import { giveBackGrantRound } from "../campaigns/free-round-grants.ts";
import { sessionMaxWin } from "./invariants.ts";
import { type LedgerTx, laneOf } from "./ledger.ts";
import { findRound, type RoundRow } from "./round-repository.ts";
import { BET_CANCELLED } from "./round-summary.ts";
import { type RoundSystems, stepContext } from "./round-systems.ts";
import { rollBack } from "./settlement/settle-debits.ts";
import type { StepOutcome } from "./settlement/settlement.ts";
import { type AnyStep, nextSeqOf, type PendingStep, refuseDebits } from "./step-bookkeeping.ts";
import { listTransactions, type TransactionRow } from "./transaction-repository.ts";

/**
 * Settles a round nobody finishes. An opening debit whose outcome was never recorded (the process stopped
 * during the call) is rolled back, closing the round; an extra debit left so is rolled back with the round
 * kept open; then an open round is closed with its game's abandon step.
 */
export async function abandonRound(sys: RoundSystems, roundId: string): Promise<void> {
  const now = new Date(sys.clock.now());
  const found = await findRound(sys.store.db, roundId);
  if (!found) return;
  const done = await sys.ledger.write(laneOf(found), async (tx) => {
    const round = await findRound(tx.db, roundId, { forUpdate: true });
    if (!round || (round.status !== "open" && round.status !== "initializing")) return undefined;
    const transactions = await listTransactions(tx.db, round.id);
    if (round.status === "initializing") {
      await cancelOpening(tx, round, transactions, now);
      return { round, outcome: undefined };
    }
    return { round, outcome: await abandonOpen(sys, tx, round, transactions, now) };
  });
  if (!done) return;
  sys.logger.info({ roundId, gameCode: done.round.gameCode }, "round abandoned");
  await sys.settlementOf(done.round.mode).afterUnattended(done.round);
  if (done.outcome?.kind === "broken") throw done.outcome.error;
}

/** A round left opening: its debits are rolled back, and it is void when none was taken. */
async function cancelOpening(
  tx: LedgerTx,
  round: RoundRow,
  transactions: TransactionRow[],
  now: Date,
): Promise<void> {
  const reversed = new Set(transactions.map((t) => t.reverseTransactionId));
  const unreversed = transactions.filter(
    (t) =>
      t.kind === "debit" && (t.status === "pending" || t.status === "ok") && !reversed.has(t.transactionId),
  );
  await rollBack(tx, round, unreversed, true, nextSeqOf(transactions), now);
  // A free round whose opening never completed was not played: its grant gets the round back.
  await giveBackGrantRound(tx.db, round.id);
  await tx.updateRound(round.id, {
    status: unreversed.length > 0 ? "settling" : "void",
    closeReason: "abandoned",
    lastActionAt: now,
    ...(unreversed.length > 0 ? { note: BET_CANCELLED } : { closedAt: now }),
  });
}

/** An open round: a debit stuck in flight is rolled back, then the game's abandon step closes the round. */
async function abandonOpen(
  sys: RoundSystems,
  tx: LedgerTx,
  round: RoundRow,
  transactions: TransactionRow[],
  now: Date,
): Promise<StepOutcome> {
  const nextSeq = nextSeqOf(transactions);
  const reversed = new Set(transactions.map((t) => t.reverseTransactionId));
  const stuck = transactions.filter(
    (t) => t.kind === "debit" && t.status === "pending" && !reversed.has(t.transactionId),
  );
  await rollBack(tx, round, stuck, false, nextSeq, now);
  const ctx = await stepContext(sys, tx, round, now);
  const abandoned = sys.game(round.gameCode).game.abandon(round.state, ctx) as AnyStep;
  // The player is told why the round ended without them, unless the game says more precisely.
  const step = { ...abandoned, note: abandoned.note ?? "abandoned" };
  refuseDebits(step, "abandon");
  const pending: PendingStep = {
    step,
    position: ctx.random.position,
    entry: { type: "abandon", at: now.toISOString() },
    debits: [],
    nextSeq: nextSeq + stuck.length,
    maxWin: await sessionMaxWin(tx.db, round.sessionId),
  };
  return sys
    .settlementOf(round.mode)
    .apply(tx, round, pending, now, { closeReason: "abandoned", lease: false });
}
