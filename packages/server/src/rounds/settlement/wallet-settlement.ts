import { formatAmount } from "@rgs/protocol/money";
import { countRoundOpened } from "../../observability/wallet-metrics.ts";
import {
  assertInvariant,
  InvariantBroken,
  payoutBound,
  payoutsWithinBound,
  reportInvariant,
  requestedTotal,
  stillOpen,
} from "../invariants.ts";
import type { LedgerTx } from "../ledger.ts";
import type { RoundRow } from "../round-repository.ts";
import type { RoundResult } from "../round-summary.ts";
import { BET_CANCELLED, summarize } from "../round-summary.ts";
import { kickRound, type RoundSystems } from "../round-systems.ts";
import {
  type Applied,
  asPendingRow,
  claimedOf,
  creditsOf,
  debitsOf,
  nextRound,
  type PendingStep,
  roundPatchOf,
  sum,
} from "../step-bookkeeping.ts";
import { listTransactions } from "../transaction-repository.ts";
import { creditRows, debitRows, rollbackRows } from "../transaction-rows.ts";
import { settleDebits } from "./settle-debits.ts";
import type { Settlement, StepOptions, StepOutcome } from "./settlement.ts";

/**
 * Real money, through the operator's wallet. A step's debits are stored, sent once their job is durable
 * (settle-debits.ts) and the step applied when they all succeed; its credits are stored leased to this
 * instance and delivered inline, or left to the outbox. Invariants of the debits are checked before they
 * are stored (a broken one refuses the request with nothing written); invariants of the step after a debit
 * was confirmed put the round to `settling` with its confirmed stakes rolled back through the outbox.
 */
export class WalletSettlement implements Settlement {
  readonly #sys: RoundSystems;

  constructor(sys: RoundSystems) {
    this.#sys = sys;
  }

  plan() {
    return {};
  }

  async apply(
    tx: LedgerTx,
    round: RoundRow,
    pending: PendingStep,
    now: Date,
    opts: StepOptions = {},
  ): Promise<StepOutcome> {
    const debits = debitsOf(pending.step.ops);
    if (debits.length > 0 && pending.debits.length === 0)
      return this.#storeDebits(tx, round, pending, now, opts);
    const credits = creditsOf(pending.step);
    const next = nextRound(round, pending, credits, now, opts.closeReason ?? "completed");
    const broken = this.#brokenByStep(round, next, pending);
    if (broken) return this.#hold(tx, round, pending, now, broken);
    const rows = creditRows(round, credits, pending.nextSeq, now);
    const lease = opts.lease ?? true;
    const held = lease ? this.#sys.outbox.lease(now) : undefined;
    const leased = held
      ? rows.map((row) => ({ ...row, leaseOwner: held.owner, leaseUntil: held.until }))
      : rows;
    await tx.insertTransactions(leased);
    await tx.updateRound(round.id, roundPatchOf(next, round));
    return { kind: "applied", applied: { round: next, credits: lease ? leased : [] }, queued: !lease };
  }

  async after(outcome: Exclude<StepOutcome, { kind: "refused" }>, opening: boolean): Promise<RoundResult> {
    if (outcome.kind === "debits") {
      const settled = await settleDebits(this.#sys, outcome.round, outcome.pending, opening);
      if (settled.outcome.kind === "applied") {
        if (opening) countRoundOpened(this.#sys.metrics, outcome.round);
        return this.#deliver(settled.outcome.applied, settled.balance);
      }
      return this.after(settled.outcome, opening);
    }
    if (outcome.kind === "broken") {
      await kickRound(this.#sys, outcome.round.id);
      throw outcome.error;
    }
    if (outcome.queued) {
      await kickRound(this.#sys, outcome.applied.round.id);
      return { round: summarize(outcome.applied.round), balance: null };
    }
    return this.#deliver(outcome.applied);
  }

  async afterUnattended(round: RoundRow): Promise<void> {
    await kickRound(this.#sys, round.id);
  }

  /** An opening or an action's debits, stored to be sent once the job is durable. */
  async #storeDebits(
    tx: LedgerTx,
    round: RoundRow,
    pending: PendingStep,
    now: Date,
    opts: StepOptions,
  ): Promise<StepOutcome> {
    const debits = debitsOf(pending.step.ops);
    const rows = debitRows(round, debits, pending.nextSeq, now);
    const requested = requestedTotal(rows, round.decimals);
    if (opts.opensWith !== undefined) {
      const stake = opts.opensWith;
      assertInvariant(requested === stake, "opening_debit_is_stake", round, () => {
        return `the debit asks for ${requested}, the validated stake is ${stake}`;
      });
      await tx.insertRound(round);
    } else {
      const asked = sum(debits);
      assertInvariant(requested === asked, "added_stake_is_asked", round, () => {
        return `the debits ask for ${requested}, the game asked for ${asked}`;
      });
      const keyed = opts.keyedWithDebits?.(rows.map((row) => row.transactionId));
      await tx.updateRound(round.id, {
        lastActionAt: now,
        ...(keyed?.newActionKeys !== undefined && { actionKeys: keyed.newActionKeys }),
      });
    }
    await tx.insertTransactions(rows);
    const stored: PendingStep = {
      ...pending,
      debits: rows.map(asPendingRow),
      nextSeq: pending.nextSeq + rows.length,
    };
    return { kind: "debits", round, pending: stored };
  }

  /** An invariant the step breaks once the round holds confirmed stakes. */
  #brokenByStep(round: RoundRow, next: RoundRow, pending: PendingStep): InvariantBroken | undefined {
    if (!stillOpen(round)) {
      return new InvariantBroken("round_closes_once", round, `a step reached a ${round.status} round`);
    }
    const bound = payoutBound(next, this.#sys.game(round.gameCode).game.kind, pending.maxWin);
    if (payoutsWithinBound(next, bound)) return undefined;
    return new InvariantBroken("payouts_within_max_win", round, `payouts ${next.payoutTotal} above ${bound}`);
  }

  /**
   * The step is not applied: the stakes the round holds (the step's just confirmed, and the earlier ones
   * not yet returned) are rolled back through the outbox, and a round still open goes to `settling` until
   * they are confirmed, so it never ends in a debit alone.
   */
  async #hold(
    tx: LedgerTx,
    round: RoundRow,
    pending: PendingStep,
    now: Date,
    broken: InvariantBroken,
  ): Promise<StepOutcome> {
    const open = stillOpen(round);
    const confirmed = new Set(pending.debits.map((d) => d.transactionId));
    const transactions = open ? await listTransactions(tx.db, round.id) : [];
    const reversed = new Set(transactions.map((t) => t.reverseTransactionId));
    const earlier = transactions.filter(
      (t) =>
        t.kind === "debit" &&
        t.status === "ok" &&
        !reversed.has(t.transactionId) &&
        !confirmed.has(t.transactionId),
    );
    const debits = [...earlier, ...pending.debits];
    await tx.insertTransactions(rollbackRows(round, debits, open, pending.nextSeq, now));
    if (!open) return { kind: "broken", round, error: broken };
    const held: RoundRow =
      debits.length > 0
        ? {
            ...round,
            status: "settling",
            closeReason: "invariant_broken",
            note: BET_CANCELLED,
            lastActionAt: now,
          }
        : { ...round, status: "void", closeReason: "invariant_broken", lastActionAt: now, closedAt: now };
    await tx.updateRound(round.id, {
      status: held.status,
      closeReason: held.closeReason,
      note: held.note,
      lastActionAt: now,
      closedAt: held.closedAt,
    });
    return { kind: "broken", round: held, error: broken };
  }

  /**
   * Whether every credit of the step was committed before it is sent inline. One that was not is a defect:
   * it is named in the error log and counted, and the credits are left to the outbox once their lease runs
   * out: it sends only rows read back from the store, so the round still settles.
   */
  #allCommitted(applied: Applied): boolean {
    const missing = applied.credits.filter((row) => !this.#sys.ledger.takeCommitted(row.transactionId));
    if (missing.length === 0) return true;
    const broken = new InvariantBroken(
      "callback_after_commit",
      applied.round,
      `credits ${missing.map((row) => row.transactionId).join(", ")} were about to leave before their rows were committed`,
    );
    reportInvariant(this.#sys.logger, this.#sys.metrics, broken);
    return false;
  }

  /** Delivers an applied step's credits inline and answers with the round and the balance the wallet gave. */
  async #deliver(applied: Applied, debitBalance?: bigint): Promise<RoundResult> {
    let { round } = applied;
    let balance = debitBalance;
    if (applied.credits.length > 0) {
      if (!this.#allCommitted(applied)) return { round: summarize(round), balance: null };
      const delivery = await this.#sys.outbox.deliverLeased(
        applied.credits.map((row) => claimedOf(round, row)),
      );
      if (delivery.balance !== undefined) balance = delivery.balance;
      const closing = applied.credits.some((c) => c.roundClosed);
      if (delivery.delivered && closing)
        round = { ...round, status: "closed", closedAt: new Date(this.#sys.clock.now()) };
      if (!delivery.delivered) balance = undefined;
    }
    return {
      round: summarize(round),
      balance: balance === undefined ? null : formatAmount(balance, round.decimals),
    };
  }
}
