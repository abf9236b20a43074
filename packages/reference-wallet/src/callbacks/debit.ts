import { freeRoundOf } from "@rgs/protocol/free-rounds";
import { formatAmount } from "@rgs/protocol/money";
import { type CallbackHandler, Refusal } from "./callback.ts";
import { lockKnownPlayer, openRoundFor, replayOf } from "./ledger-rules.ts";
import { amountIn, checkOptionalCurrency, decimalsOf, fingerprint } from "./request-fields.ts";

/**
 * Takes a stake. A zero stake is refused (ERROR_WRONG_SYNTAX): a bet moves money, and accepting "0"
 * would open rounds nobody paid for, except on a free round's debit, whose metadata names the campaign
 * that pays for it (docs/callbacks.md#free-rounds): it opens the round and moves nothing. A debit whose transactionId has been rolled back, before or after
 * it arrived, is refused with ERROR_DUPLICATE_TRANSACTION, a definite refusal: the stake is not held
 * and never will be.
 */
export const debit: CallbackHandler<"debit"> = async (request, ctx, body) => {
  const { playerId, transactionId, roundId, gameCode } = request;

  return ctx.ledger.transact(async (tx) => {
    const player = await lockKnownPlayer(tx, playerId);
    const decimals = decimalsOf(player.currency);
    const amount = amountIn(request.amount, decimals, {
      allowZero: freeRoundOf(request.metadata) !== undefined,
    });
    const requestFingerprint = fingerprint({
      kind: "debit",
      playerId,
      roundId,
      gameCode,
      amount: amount.toString(),
    });

    const existing = await tx.findEntry(transactionId);
    if (existing !== undefined) {
      if ((existing.kind === "debit" || existing.kind === "tombstone") && existing.reversedBy !== null) {
        throw new Refusal(
          "ERROR_DUPLICATE_TRANSACTION",
          `debit ${transactionId} was rolled back by ${existing.reversedBy}`,
        );
      }
      return replayOf(existing, requestFingerprint);
    }

    checkOptionalCurrency(body, player.currency);
    if (player.disabled || player.excluded) {
      throw new Refusal("ERROR_PLAYER_DISABLED", `player ${player.id} may not place bets`);
    }
    await openRoundFor(tx, roundId, player);
    if (player.balance < amount) {
      const extra =
        ctx.notEnoughMoneyMessage === undefined ? {} : { customUserError: ctx.notEnoughMoneyMessage };
      throw new Refusal("ERROR_NOT_ENOUGH_MONEY", `balance ${player.balance} < stake ${amount}`, extra);
    }

    const balanceAfter = player.balance - amount;
    const response = { status: "OK" as const, balance: formatAmount(balanceAfter, decimals) };
    await tx.setBalance(player.id, balanceAfter);
    await tx.insertEntry({
      transactionId,
      kind: "debit",
      playerId: player.id,
      roundId,
      amount,
      balanceDelta: -amount,
      balanceAfter,
      reverses: null,
      reversedBy: null,
      fingerprint: requestFingerprint,
      response,
    });
    return response;
  });
};
