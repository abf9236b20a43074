import { formatAmount } from "@rgs/protocol/money";
import type { CallbackHandler } from "./callback.ts";
import { unknownPlayer } from "./ledger-rules.ts";
import { checkOptionalCurrency, decimalsOf } from "./request-fields.ts";

/** The current balance; also answered for a disabled player, whose money is still there. */
export const balance: CallbackHandler<"balance"> = async (request, ctx, body) => {
  const player = await ctx.ledger.findPlayer(request.playerId);
  if (player === undefined) throw unknownPlayer(request.playerId);
  checkOptionalCurrency(body, player.currency);
  return { status: "OK", balance: formatAmount(player.balance, decimalsOf(player.currency)) };
};
