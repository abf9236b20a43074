import { formatAmount } from "@rgs/protocol/money";
import { toPlainJson } from "./json-codec.ts";
import type { RoundRow } from "./round-repository.ts";

/**
 * A round as its player sees it. The engine's deadline stays on the server: for a crash game it is the crash
 * time whenever that comes before the automatic cash-out.
 */
export interface RoundSummary {
  id: string;
  gameCode: string;
  status: "open" | "settling" | "closed" | "cancelled";
  stake: string;
  payout: string;
  currency: string;
  view: unknown;
  note?: string;
  createdAt: string;
  closedAt?: string;
}

export interface RoundDetails extends RoundSummary {
  params: unknown;
  actions: unknown[];
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number; serverSeed?: string };
  /** The whole game state, once the round is closed: hidden tiles, cards, crash point. */
  reveal?: unknown;
}

/** The note of a round whose bet the wallet never confirmed: its stake is being, or was, returned. */
export const BET_CANCELLED = "bet_cancelled";

/**
 * A round cancelled before it was played (its rollback confirmed, or still on its way): its nonce was
 * consumed, but what it drew never counted, so nobody is shown it.
 */
export function isCancelled(round: Pick<RoundRow, "status" | "note">): boolean {
  return round.status === "cancelled" || round.note === BET_CANCELLED;
}

export function summarize(round: RoundRow): RoundSummary {
  const status =
    round.status === "open" || round.status === "settling" || round.status === "cancelled"
      ? round.status
      : "closed";
  return {
    id: round.id,
    gameCode: round.gameCode,
    status,
    stake: formatAmount(round.stakeTotal, round.decimals),
    payout: formatAmount(round.payoutTotal, round.decimals),
    currency: round.currency,
    view: isCancelled(round) ? null : toPlainJson(round.view),
    ...(round.note !== null && { note: round.note }),
    createdAt: round.createdAt.toISOString(),
    ...(round.closedAt !== null && { closedAt: round.closedAt.toISOString() }),
  };
}

export interface RoundResult {
  round: RoundSummary;
  /** The player's balance after the request, when known (null while the wallet has not confirmed it). */
  balance: string | null;
}
