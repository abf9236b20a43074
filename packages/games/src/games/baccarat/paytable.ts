/**
 * Baccarat payouts (multipliers, stake included), tuned so that every bet returns exactly 99.00% over the
 * infinite deck (each of the 52 cards 1/52), where P(player) = 2153464/13^6, P(banker) = 2212744/13^6,
 * P(tie) = 460601/13^6 and P(pair) = 1/13:
 *   tie:    m = 0.99 / P(tie)
 *   player: m = (0.99 - P(tie)) / P(player), a tie pushes (the stake comes back)
 *   banker: m = (0.99 - P(tie)) / P(banker), a tie pushes; no commission beyond this multiplier
 *   player pair, banker pair (first two cards of that hand of equal rank): 12.87 = 0.99 x 13
 * The random lattice moves these by about 10^-8 (see analysis.ts).
 */
import { dec, type Rational, rat } from "../../math/rational.ts";

export const BET_TYPES = ["player", "banker", "tie", "player_pair", "banker_pair"] as const;
export type BetType = (typeof BET_TYPES)[number];

export const PAYOUTS: Record<BetType, Rational> = {
  player: rat(431_793_991n, 215_346_400n),
  banker: rat(431_793_991n, 221_274_400n),
  tie: rat(477_854_091n, 46_060_100n),
  player_pair: dec("12.87"),
  banker_pair: dec("12.87"),
};

/** What a player or banker bet returns on a tie: its stake. */
export const PUSH = rat(1);
