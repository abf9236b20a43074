import { formatAmount } from "@rgs/protocol/money";
import { type CallbackHandler, Refusal } from "./callback.ts";
import { lockKnownPlayer, replayOf } from "./ledger-rules.ts";
import { checkOptionalCurrency, decimalsOf, fingerprint } from "./request-fields.ts";

/**
 * Reverses the debit named by `reverseTransactionId`, at most once.
 *
 * - The debit was applied (same player, same round): its amount goes back and it is marked reversed.
 * - It was already reversed, or already tombstoned by another rollback: OK, nothing moves.
 * - Nothing carries that transactionId yet: OK, and a tombstone row claims the id, so the debit
 *   arriving later is refused and never moves money (the unique constraint on transactionId makes
 *   this hold even when the two race).
 * - The id belongs to something else (a credit, a rollback, another player's or another round's
 *   debit): ERROR_TRANSACTION_DOES_NOT_EXIST: no such debit exists in this round, nothing moves.
 *
 * Rollbacks are accepted in closed rounds: they only return a stake the RGS considers failed.
 */
export const rollback: CallbackHandler<"rollback"> = async (request, ctx, body) => {
  const { playerId, transactionId, reverseTransactionId, roundId, roundClosed, gameId } = request;
  if (transactionId === reverseTransactionId) {
    throw new Refusal(
      "ERROR_WRONG_SYNTAX",
      "a rollback's transactionId must differ from the debit it reverses",
    );
  }

  return ctx.ledger.transact(async (tx) => {
    const player = await lockKnownPlayer(tx, playerId);
    const decimals = decimalsOf(player.currency);
    const requestFingerprint = fingerprint({
      kind: "rollback",
      playerId,
      roundId,
      gameId,
      reverseTransactionId,
      roundClosed,
    });

    const existing = await tx.findEntry(transactionId);
    if (existing !== undefined) return replayOf(existing, requestFingerprint);
    checkOptionalCurrency(body, player.currency);

    const target = await tx.findEntry(reverseTransactionId);
    const round = await tx.findRound(roundId);
    const notHere = new Refusal(
      "ERROR_TRANSACTION_DOES_NOT_EXIST",
      `no debit ${reverseTransactionId} of player ${player.id} in round ${roundId}`,
    );
    if (round !== undefined && round.playerId !== player.id) throw notHere;
    if (
      target !== undefined &&
      ((target.kind !== "debit" && target.kind !== "tombstone") ||
        target.playerId !== player.id ||
        target.roundId !== roundId)
    ) {
      throw notHere;
    }

    let refund = 0n;
    if (target === undefined) {
      const claimed = await tx.ensureRound(roundId, player.id);
      if (claimed.playerId !== player.id) throw notHere;
      await tx.insertEntry({
        transactionId: reverseTransactionId,
        kind: "tombstone",
        playerId: player.id,
        roundId,
        amount: 0n,
        balanceDelta: 0n,
        balanceAfter: player.balance,
        reverses: null,
        reversedBy: transactionId,
        fingerprint: null,
        response: null,
      });
    } else if (target.kind === "debit" && target.reversedBy === null) {
      refund = target.amount;
      await tx.markReversed(target.transactionId, transactionId);
    }

    const balanceAfter = player.balance + refund;
    const response = { status: "OK" as const, balance: formatAmount(balanceAfter, decimals) };
    if (refund > 0n) await tx.setBalance(player.id, balanceAfter);
    if (roundClosed) await tx.closeRound(roundId);
    await tx.insertEntry({
      transactionId,
      kind: "rollback",
      playerId: player.id,
      roundId,
      amount: refund,
      balanceDelta: refund,
      balanceAfter,
      reverses: reverseTransactionId,
      reversedBy: null,
      fingerprint: requestFingerprint,
      response,
    });
    return response;
  });
};
