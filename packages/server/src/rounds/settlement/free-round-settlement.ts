import { resolveCurrency } from "@rgs/protocol/currencies";
import type { FreeRoundsInfo } from "@rgs/protocol/game-api";
import { formatAmount } from "@rgs/protocol/money";
import { type FreeRoundOffer, freeRoundOffer, takeGrantRound } from "../../campaigns/free-round-grants.ts";
import { gameError } from "../../game-error.ts";
import type { GameSession } from "../../store/sessions-repository.ts";
import type { LedgerTx } from "../ledger.ts";
import type { RoundRow } from "../round-repository.ts";
import type { RoundResult } from "../round-summary.ts";
import type { RoundSystems } from "../round-systems.ts";
import { asPendingRow, debitsOf, type PendingStep } from "../step-bookkeeping.ts";
import { debitRows } from "../transaction-rows.ts";
import type { Settlement, StepOptions, StepOutcome } from "./settlement.ts";
import type { WalletSettlement } from "./wallet-settlement.ts";

/**
 * A free round: played at its campaign's bet, paid by the campaign. Its opening job takes one round of the
 * grant (campaigns/free-round-grants.ts) beside the round and its debit, which asks the operator's wallet
 * for "0" and names the campaign in `metadata.freeRound` (docs/callbacks.md#free-rounds). From the debit on
 * it is the operator's wallet's round: the wallet settlement sends the debit, applies the step and pays
 * the credits. A refused or unconfirmed opening debit gives the round back to the grant (settle-debits.ts).
 */
export class FreeRoundSettlement implements Settlement {
  readonly #wallet: WalletSettlement;

  constructor(wallet: WalletSettlement) {
    this.#wallet = wallet;
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
    const offer = opts.freeRound;
    if (opts.opensWith === undefined || offer === undefined) {
      return this.#wallet.apply(tx, round, pending, now, opts);
    }
    return this.#open(tx, round, pending, now, offer);
  }

  after(outcome: Exclude<StepOutcome, { kind: "refused" }>, opening: boolean): Promise<RoundResult> {
    return this.#wallet.after(outcome, opening);
  }

  afterUnattended(round: RoundRow): Promise<void> {
    return this.#wallet.afterUnattended(round);
  }

  async #open(
    tx: LedgerTx,
    round: RoundRow,
    pending: PendingStep,
    now: Date,
    offer: FreeRoundOffer,
  ): Promise<StepOutcome> {
    const freeRound = await takeGrantRound(tx.db, offer, round.id, now);
    if (freeRound === undefined) return { kind: "refused", error: noFreeRoundLeft() };
    const debits = debitsOf(pending.step.ops).map((debit) => ({ ...debit, amount: 0n }));
    const rows = debitRows(round, debits, pending.nextSeq, now, { freeRound: { ...freeRound } });
    await tx.insertRound(round);
    await tx.insertTransactions(rows);
    const stored: PendingStep = {
      ...pending,
      debits: rows.map(asPendingRow),
      nextSeq: pending.nextSeq + rows.length,
      freeRound: true,
    };
    return { kind: "debits", round, pending: stored };
  }
}

export function noFreeRoundLeft() {
  return gameError(
    "no_free_rounds",
    "This session has no free round left to play: the player's rounds were played, or the campaign ended or was cancelled.",
  );
}

/** The session's free rounds as the game client shows them; none for a game with several stakes per round. */
export async function freeRoundsInfo(
  sys: RoundSystems,
  session: GameSession,
): Promise<FreeRoundsInfo | undefined> {
  if (sys.game(session.gameCode).game.kind === "table") return undefined;
  const offer = await freeRoundOffer(sys.store.db, session, new Date(sys.clock.now()));
  if (offer === undefined) return undefined;
  const decimals = resolveCurrency(session.currency)?.decimals ?? 2;
  return {
    campaignId: offer.campaignId,
    roundsRemaining: offer.roundsRemaining,
    bet: formatAmount(offer.bet, decimals),
    ...(offer.params !== undefined && { params: offer.params }),
    endsAt: offer.endsAt.toISOString(),
  };
}
