/**
 * Blackjack (Multi Seat): the blackjack table with 1 to 5 seats and their side bets. Its params carry the bets
 * (`{seats:[{bet, perfectPairs?, threeCardPoker?}]}`), so the shell stakes and shows their total.
 */
import { scaleSeats, seatsStake } from "../blackjack/table.ts";

export { Actions, Board, Controls, defaultParams, Rules } from "../blackjack/index.tsx";

export const stakeFromParams = (params: unknown, decimals: number): bigint | undefined =>
  seatsStake(params, decimals);
export const scaleStake = scaleSeats;
