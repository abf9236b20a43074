import { LedgerTx } from "./ledger.ts";
import { findRound } from "./round-repository.ts";
import { type RoundSystems, stepContext } from "./round-systems.ts";
import { type AnyStep, creditsOf, sum } from "./step-bookkeeping.ts";
import { listTransactions, type TransactionRow } from "./transaction-repository.ts";

/**
 * What abandoning a round would give its player, worked out as abandon-round.ts would settle it but written
 * nowhere: a person confirms this before a stuck round is settled from the back office. The game's abandon
 * step reads the round's fair random stream from its stored position, so while the round is unchanged
 * (`lastActionAt`), abandoning it pays exactly this.
 */
export interface AbandonPreview {
  roundId: string;
  operatorId: string;
  playerId: string;
  status: "initializing" | "open";
  currency: string;
  decimals: number;
  lastActionAt: Date;
  /** The debits rolled back (a stake the wallet may have taken and the player gets back), in minor units. */
  refund: bigint;
  /** The credits of the game's abandon step, in minor units; 0 for a round still opening. */
  win: bigint;
}

/** The round's game could not work out its abandon rule from the stored state: the sweeper would fail too. */
export class AbandonRuleUnreadable extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "AbandonRuleUnreadable";
  }
}

/** Undefined for an unknown round or one that is neither open nor opening (nothing for the abandon rule). */
export async function abandonPreview(
  sys: RoundSystems,
  roundId: string,
): Promise<AbandonPreview | undefined> {
  const round = await findRound(sys.store.db, roundId);
  if (!round || (round.status !== "open" && round.status !== "initializing")) return undefined;
  const transactions = await listTransactions(sys.store.db, round.id);
  const reversed = new Set(transactions.map((t) => t.reverseTransactionId));
  const rolledBack = (t: TransactionRow) =>
    t.kind === "debit" &&
    !reversed.has(t.transactionId) &&
    (t.status === "pending" || (round.status === "initializing" && t.status === "ok"));
  const common = {
    roundId: round.id,
    operatorId: round.operatorId,
    playerId: round.playerId,
    status: round.status,
    currency: round.currency,
    decimals: round.decimals,
    lastActionAt: round.lastActionAt,
    refund: sum(transactions.filter(rolledBack)),
  };
  if (round.status === "initializing") return { ...common, win: 0n };
  const ctx = await stepContext(sys, new LedgerTx(sys.store.db), round, new Date(sys.clock.now()));
  let step: AnyStep;
  try {
    step = sys.game(round.gameCode).game.abandon(round.state, ctx) as AnyStep;
  } catch (error) {
    throw new AbandonRuleUnreadable(error);
  }
  return { ...common, win: sum(creditsOf(step)) };
}
