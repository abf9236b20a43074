import { formatAmount } from "@rgs/protocol/money";
import { type CallbackHandler, Refusal } from "./callback.ts";
import { unknownPlayer } from "./ledger-rules.ts";
import { decimalsOf, sameCurrency } from "./request-fields.ts";

/**
 * Confirms the player may play in the requested currency. `accountCurrency` echoes the request's
 * spelling when it names the account's currency, so "RMB" for a CNY account stays "RMB" and the RGS's
 * equality check holds. A self-excluded player is answered OK with `excluded` true, which makes the
 * RGS refuse the launch with `player_self_excluded`.
 */
export const authenticate: CallbackHandler<"authenticate"> = async (request, ctx) => {
  const { playerId, currency } = request;
  const player = await ctx.ledger.findPlayer(playerId);
  if (player === undefined) throw unknownPlayer(playerId);
  if (player.disabled) throw new Refusal("ERROR_PLAYER_DISABLED", `player ${player.id} is disabled`);
  if (!sameCurrency(currency, player.currency)) {
    throw new Refusal("ERROR_WRONG_CURRENCY", `the account is in ${player.currency}, not ${currency}`);
  }
  return {
    status: "OK",
    balance: formatAmount(player.balance, decimalsOf(player.currency)),
    accountCurrency: currency,
    excluded: player.excluded,
  };
};
