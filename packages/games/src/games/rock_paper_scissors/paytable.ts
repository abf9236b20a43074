/**
 * Rock Paper Scissors: a streak of throws against the house. A tie is a push (the throw is replayed at no cost),
 * so each decided throw is won with probability exactly 1/2 and the streak multiplier after n wins is
 * RTP x 2^n, up to 20 wins.
 *
 * Each throw reads one word: d = floor(float x 3) is the house's hand counted from the player's: 0 the same hand
 * (tie), 1 the hand the player's beats (win), 2 the hand that beats the player's (loss). On the 2^32 lattice
 * outcome 0 has 1,431,655,766 words and outcomes 1 and 2 have 1,431,655,765 each, so the one extra word falls on
 * the tie, and P(win | decided) = 1/2 holds exactly, lattice included.
 */
import { mul, type Rational, rat } from "../../math/rational.ts";

export const MAX_WINS = 20;

export const HANDS = ["rock", "paper", "scissors"] as const;
export type Hand = (typeof HANDS)[number];

export type ThrowResult = "tie" | "win" | "loss";

/** The hand that `hand` beats: rock beats scissors, paper beats rock, scissors beats paper. */
export const beaten = (hand: Hand): Hand => HANDS[(HANDS.indexOf(hand) + 2) % 3] as Hand;
/** The hand that beats `hand`. */
export const beating = (hand: Hand): Hand => HANDS[(HANDS.indexOf(hand) + 1) % 3] as Hand;

export const RESULT_OF_OUTCOME: readonly ThrowResult[] = ["tie", "win", "loss"];

/** The house's hand for outcome d = floor(float x 3) against the player's hand. */
export function houseHand(player: Hand, outcome: number): Hand {
  const result = RESULT_OF_OUTCOME[outcome];
  if (result === undefined) throw new RangeError(`bad throw outcome ${outcome}`);
  return result === "tie" ? player : result === "win" ? beaten(player) : beating(player);
}

/** Cash-out value after n wins: RTP / P(n wins in a row) = RTP x 2^n. */
export const multiplierAfter = (wins: number, rtp: Rational): Rational => {
  if (!Number.isInteger(wins) || wins < 0 || wins > MAX_WINS) throw new RangeError(`bad win count ${wins}`);
  return mul(rtp, rat(2n ** BigInt(wins)));
};

/** P(the streak reaches n wins) = 2^-n. */
export const probabilityOfWins = (wins: number): Rational => rat(1n, 2n ** BigInt(wins));
