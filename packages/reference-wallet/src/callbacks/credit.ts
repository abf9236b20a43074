import { formatAmount } from "@rgs/protocol/money";
import type { CallbackHandler } from "./callback.ts";
import { lockKnownPlayer, openRoundFor, replayOf } from "./ledger-rules.ts";
import { amountIn, checkOptionalCurrency, decimalsOf, fingerprint } from "./request-fields.ts";

/**
 * Pays out (any amount from 0, several per round). A disabled or self-excluded player is still paid:
 * the credit settles a stake already taken. A credit may open a round (for example a payout without a
 * stake); a credit into a closed round is refused with ERROR_WRONG_SYNTAX.
 */
export const credit: CallbackHandler<"credit"> = async (request, ctx, body) => {
  const { playerId, transactionId, roundId, roundClosed, gameId } = request;

  return ctx.ledger.transact(async (tx) => {
    const player = await lockKnownPlayer(tx, playerId);
    const decimals = decimalsOf(player.currency);
    const amount = amountIn(request.amount, decimals, { allowZero: true });
    const requestFingerprint = fingerprint({
      kind: "credit",
      playerId,
      roundId,
      gameId,
      amount: amount.toString(),
      roundClosed,
    });

    const existing = await tx.findEntry(transactionId);
    if (existing !== undefined) return replayOf(existing, requestFingerprint);

    checkOptionalCurrency(body, player.currency);
    await openRoundFor(tx, roundId, player);
    const balanceAfter = player.balance + amount;
    const response = { status: "OK" as const, balance: formatAmount(balanceAfter, decimals) };
    await tx.setBalance(player.id, balanceAfter);
    if (roundClosed) await tx.closeRound(roundId);
    await tx.insertEntry({
      transactionId,
      kind: "credit",
      playerId: player.id,
      roundId,
      amount,
      balanceDelta: amount,
      balanceAfter,
      reverses: null,
      reversedBy: null,
      fingerprint: requestFingerprint,
      response,
    });
    return response;
  });
};
