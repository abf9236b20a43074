import type { LedgerEntry, LedgerTransaction, Player, Round } from "../store/ledger-repository.ts";
import { type CallbackAnswer, Refusal } from "./callback.ts";

/**
 * Unknown players are answered ERROR_PLAYER_DISABLED: the status list has no "unknown player", and this
 * is the definite refusal that says "this account cannot play" without inviting a rollback the way
 * ERROR_UNKNOWN would.
 */
export function unknownPlayer(playerId: string): Refusal {
  return new Refusal("ERROR_PLAYER_DISABLED", `no player ${JSON.stringify(playerId.slice(0, 80))}`);
}

export async function lockKnownPlayer(tx: LedgerTransaction, playerId: string): Promise<Player> {
  const player = await tx.lockPlayer(playerId);
  if (player === undefined) throw unknownPlayer(playerId);
  return player;
}

/**
 * A transactionId seen before: the same parameters get the original answer again (its balance is the
 * balance right after the original movement) and nothing moves; different parameters are refused.
 */
export function replayOf(existing: LedgerEntry, requestFingerprint: string): CallbackAnswer {
  if (existing.fingerprint === requestFingerprint && existing.response !== null) {
    return existing.response as CallbackAnswer;
  }
  throw new Refusal(
    "ERROR_DUPLICATE_TRANSACTION",
    `transactionId ${existing.transactionId} was already processed with different parameters`,
  );
}

/**
 * The open round a debit or credit goes into, created when it is the round's first movement. A round
 * of another player, or one already closed, takes no more money movements: the request breaks the
 * round protocol, so it is answered ERROR_WRONG_SYNTAX and nothing moves.
 */
export async function openRoundFor(tx: LedgerTransaction, roundId: string, player: Player): Promise<Round> {
  const round = await tx.ensureRound(roundId, player.id);
  if (round.playerId !== player.id) {
    throw new Refusal("ERROR_WRONG_SYNTAX", `round ${roundId} belongs to another player`);
  }
  if (round.closed) throw new Refusal("ERROR_WRONG_SYNTAX", `round ${roundId} is already closed`);
  return round;
}
