/**
 * Baccarat params: `{bets: {player?, banker?, tie?, player_pair?, banker_pair?}}` with amounts as decimal
 * strings of the session currency, exactly as the server takes them; the stake is their sum.
 */
import { BET_TYPES, type BetType, PAYOUTS, PUSH } from "@rgs/games/games/baccarat/paytable";
import { toFixedDown } from "@rgs/games/math/rational";
import { decimalOf, defaultStake, minorOf, scaleAmounts, totalOf } from "../shared/money.ts";
import type { ViewContext } from "../types.ts";

export type BaccaratBets = Partial<Record<BetType, string>>;

/** A first hand: one chip on the player, of one unit of the currency within the session's limits. */
export const defaultParams = (_gameCode: string, context: ViewContext) => ({
  bets: { player: decimalOf(defaultStake(context), context.decimals) } as BaccaratBets,
});

export function readBets(params: unknown): BaccaratBets {
  const bets = (params as { bets?: unknown } | null)?.bets;
  if (typeof bets !== "object" || bets === null) return {};
  const read: BaccaratBets = {};
  for (const type of BET_TYPES) {
    const amount = (bets as Record<string, unknown>)[type];
    if (typeof amount === "string") read[type] = amount;
  }
  return read;
}

export function addChip(bets: BaccaratBets, type: BetType, chip: bigint, decimals: number): BaccaratBets {
  return { ...bets, [type]: decimalOf((minorOf(bets[type], decimals) ?? 0n) + chip, decimals) };
}

export function removeBet(bets: BaccaratBets, type: BetType): BaccaratBets {
  const { [type]: _removed, ...rest } = bets;
  return rest;
}

export function doubleBets(bets: BaccaratBets, decimals: number): BaccaratBets {
  const doubled: BaccaratBets = {};
  for (const type of BET_TYPES) {
    const minor = minorOf(bets[type], decimals);
    if (minor !== undefined) doubled[type] = decimalOf(minor * 2n, decimals);
  }
  return doubled;
}

export const stakeOf = (bets: BaccaratBets, decimals: number): bigint =>
  totalOf(Object.values(bets), decimals);

/** Each bet's multiplier when it wins (stake included), 4 decimals, from the games package. */
export const payoutRows = (): { type: BetType; multiplier: string }[] =>
  BET_TYPES.map((type) => ({ type, multiplier: toFixedDown(PAYOUTS[type], 4) }));

export const pushMultiplier = (): string => toFixedDown(PUSH, 4);

export const BET_KEYS: Record<BetType, string> = {
  player: "games.baccarat.bet.player",
  banker: "games.baccarat.bet.banker",
  tie: "games.baccarat.bet.tie",
  player_pair: "games.baccarat.bet.player_pair",
  banker_pair: "games.baccarat.bet.banker_pair",
};

/** The stake these params place, or undefined when there is no bet or an amount is not one of this currency. */
export function stakeFromParams(params: unknown, decimals: number): bigint | undefined {
  const amounts = Object.values(readBets(params));
  if (amounts.length === 0 || amounts.some((amount) => minorOf(amount, decimals) === undefined))
    return undefined;
  return totalOf(amounts, decimals);
}

/** The same bets scaled to stake about `stake` (autobet's increase on win or loss). */
export function scaleStake(params: unknown, stake: bigint, decimals: number): { bets: BaccaratBets } {
  const bets = readBets(params);
  const types = BET_TYPES.filter((type) => bets[type] !== undefined);
  const amounts = types.map((type) => minorOf(bets[type], decimals) ?? 0n);
  const scaled = scaleAmounts(amounts, stakeOf(bets, decimals), stake);
  const next: BaccaratBets = {};
  types.forEach((type, i) => {
    next[type] = decimalOf(scaled[i] ?? 0n, decimals);
  });
  return { bets: next };
}
