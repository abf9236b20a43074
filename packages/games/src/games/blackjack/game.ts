import { accept, isRecord, refuse } from "../params.ts";
import { tableGame } from "./definition.ts";
import { BLACKJACK_RULES } from "./rules.ts";

/** blackjack-leo takes no params: the amount is the bet on its one hand. */
export type BlackjackParams = Record<string, never>;

export const blackjackGame = tableGame<BlackjackParams>({
  slug: "blackjack",
  table: "single",
  rules: BLACKJACK_RULES,
  dealCredits: false,
  parseParams(input) {
    if (input !== undefined && input !== null && !(isRecord(input) && Object.keys(input).length === 0)) {
      return refuse(
        "invalid_params",
        "Blackjack takes no params: the amount is the bet; play the hand with actions.",
      );
    }
    return accept({});
  },
  seatsOf: (_params, stake) => [{ bet: stake, perfectPairs: 0n, threeCardPoker: 0n }],
  stakeOf: (_params, amount) => amount,
});
