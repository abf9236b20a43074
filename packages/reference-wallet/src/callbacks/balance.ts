import { formatAmount } from "@rgs/protocol/money";
import type { CallbackHandler } from "./callback.ts";
import { unknownPlayer } from "./ledger-rules.ts";
import { checkOptionalCurrency, decimalsOf, requiredId } from "./request-fields.ts";

/** The current balance; also answered for a disabled player, whose money is still there. */
export const balance: CallbackHandler = async (body, ctx) => {
  const playerId = requiredId(body, "playerId");
  const player = await ctx.ledger.findPlayer(playerId);
  if (player === undefined) throw unknownPlayer(playerId);
  checkOptionalCurrency(body, player.currency);
  return { status: "OK", balance: formatAmount(player.balance, decimalsOf(player.currency)) };
};
