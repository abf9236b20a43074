import { formatAmount } from "@rgs/protocol/money";
import { countRoundOpened } from "../../observability/wallet-metrics.ts";
import type { GameSession } from "../../store/sessions-repository.ts";
import { assertInvariant, payoutBound, payoutsWithinBound, stillOpen } from "../invariants.ts";
import type { LedgerTx } from "../ledger.ts";
import { notEnoughMoney } from "../round-errors.ts";
import type { RoundRow } from "../round-repository.ts";
import type { RoundResult } from "../round-summary.ts";
import { summarize } from "../round-summary.ts";
import type { RoundSystems } from "../round-systems.ts";
import {
  asPendingRow,
  creditsOf,
  debitsOf,
  nextRound,
  type PendingStep,
  roundPatchOf,
  sum,
} from "../step-bookkeeping.ts";
import { creditRows, debitRows } from "../transaction-rows.ts";
import type { Settlement, StepOptions, StepOutcome } from "./settlement.ts";

/**
 * Demo money: the virtual balance moves inside the ledger's job (debits first, refused when it would go
 * below zero) and every row is written settled, so a step is one job and a round closes with its step.
 * Nothing reaches a wallet, so every invariant is checked before anything is written: a broken one refuses
 * the request with nothing stored.
 */
export class DemoSettlement implements Settlement {
  readonly #sys: RoundSystems;

  constructor(sys: RoundSystems) {
    this.#sys = sys;
  }

  plan(session: GameSession) {
    return { demoBalanceOf: session.id };
  }

  async apply(
    tx: LedgerTx,
    round: RoundRow,
    pending: PendingStep,
    now: Date,
    opts: StepOptions = {},
  ): Promise<StepOutcome> {
    const { step } = pending;
    assertInvariant(
      stillOpen(round),
      "round_closes_once",
      round,
      () => `a step reached a ${round.status} round`,
    );
    const debits = debitsOf(step.ops);
    const credits = creditsOf(step);
    const staked = sum(debits);
    const paid = sum(credits);
    if (opts.opensWith !== undefined) {
      const stake = opts.opensWith;
      assertInvariant(
        staked === stake,
        "opening_debit_is_stake",
        round,
        () => `debits ${staked}, stake ${stake}`,
      );
    }
    const balance = await tx.moveDemoBalance(round.sessionId, paid - staked, staked);
    if (balance === undefined) return { kind: "refused", error: notEnoughMoney(undefined) };
    const afterDebits = balance - paid;
    const settled = (amount: bigint) => ({
      status: "ok" as const,
      attempts: 1,
      answer: { status: "OK", balance: formatAmount(amount, round.decimals) },
      completedAt: now,
    });
    const debitTx = debitRows(round, debits, pending.nextSeq, now).map((row) => ({
      ...row,
      ...settled(afterDebits),
    }));
    let running = afterDebits;
    const creditTx = creditRows(round, credits, pending.nextSeq + debitTx.length, now).map((row) => {
      running += row.amount;
      return { ...row, nextAttemptAt: null, ...settled(running) };
    });
    const withDebits: PendingStep = { ...pending, debits: debitTx.map(asPendingRow) };
    const next = nextRound(round, withDebits, credits, now, opts.closeReason ?? "completed");
    const bound = payoutBound(next, this.#sys.game(round.gameCode).game.kind, pending.maxWin);
    assertInvariant(payoutsWithinBound(next, bound), "payouts_within_max_win", round, () => {
      return `payouts ${next.payoutTotal} above ${bound}`;
    });
    const closed: RoundRow = step.closed ? { ...next, status: "closed", closedAt: now } : next;
    if (opts.opensWith !== undefined) await tx.insertRound(closed);
    else await tx.updateRound(round.id, roundPatchOf(closed));
    await tx.insertTransactions([...debitTx, ...creditTx]);
    return { kind: "applied", applied: { round: closed, credits: [], demoBalance: balance } };
  }

  async after(outcome: Exclude<StepOutcome, { kind: "refused" }>, opening: boolean): Promise<RoundResult> {
    if (outcome.kind !== "applied") throw new Error(`a demo step came to ${outcome.kind}`);
    const { round, demoBalance } = outcome.applied;
    if (opening) countRoundOpened(this.#sys.metrics, round);
    return {
      round: summarize(round),
      balance: demoBalance === undefined ? null : formatAmount(demoBalance, round.decimals),
    };
  }

  async afterUnattended(): Promise<void> {}
}
