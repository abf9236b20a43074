/**
 * Rules and payouts (multipliers include the stake). One card each; the higher card wins the main bet at even
 * money, the lower loses it. On a tie of ranks the player goes to war, raising the main bet again, or surrenders
 * and gets half the main bet back. In a war one card each is dealt again: the higher player card returns the main
 * bet and pays every raise even money; the lower loses main and raises; another tie is a new tie decision. A tie in
 * the MAX_WARS-th war returns the raises and half the main bet. A surrender forfeits the raises already made.
 *
 * Side bets on the first two cards: Tie (same rank) pays 10 to 1; Coloured Tie (same rank and colour) pays 24 to 1.
 */
import { type Rational, rat } from "../../math/rational.ts";

export const MAX_WARS = 5;

export const MAIN_WIN = rat(2);
export const SURRENDER = rat(1, 2);
export const TIE_PAYS = rat(11);
export const COLOURED_TIE_PAYS = rat(25);

export const SIDE_BETS = ["tie", "coloured_tie"] as const;
export type SideBet = (typeof SIDE_BETS)[number];

export const SIDE_PAYS: Record<SideBet, Rational> = { tie: TIE_PAYS, coloured_tie: COLOURED_TIE_PAYS };
