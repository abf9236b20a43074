import { sessionMaxWin } from "./invariants.ts";
import { laneOf } from "./ledger.ts";
import { findRound } from "./round-repository.ts";
import { type RoundSystems, stepContext } from "./round-systems.ts";
import { type AnyStep, nextSeqOf, type PendingStep, refuseDebits } from "./step-bookkeeping.ts";
import { listTransactions } from "./transaction-repository.ts";

/** Time passing in a time-driven game: applied once the round's deadline is due. */
export async function tickRound(sys: RoundSystems, roundId: string): Promise<void> {
  const now = new Date(sys.clock.now());
  const found = await findRound(sys.store.db, roundId);
  if (!found) return;
  const done = await sys.ledger.write(laneOf(found), async (tx) => {
    const round = await findRound(tx.db, roundId, { forUpdate: true });
    if (round?.status !== "open" || !round.deadline || round.deadline.getTime() > now.getTime()) {
      return undefined;
    }
    const { game } = sys.game(round.gameCode);
    if (!game.tick) return undefined;
    const ctx = await stepContext(sys, tx, round, now);
    const step = game.tick(round.state, ctx) as AnyStep;
    refuseDebits(step, "tick");
    const transactions = await listTransactions(tx.db, round.id);
    const pending: PendingStep = {
      step,
      position: ctx.random.position,
      entry: { type: "tick", at: now.toISOString() },
      debits: [],
      nextSeq: nextSeqOf(transactions),
      maxWin: await sessionMaxWin(tx.db, round.sessionId),
    };
    return {
      round,
      outcome: await sys.settlementOf(round.mode).apply(tx, round, pending, now, { lease: false }),
    };
  });
  if (!done) return;
  await sys.settlementOf(done.round.mode).afterUnattended(done.round);
  if (done.outcome.kind === "broken") throw done.outcome.error;
}
