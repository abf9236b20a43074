/**
 * Roulette params: `{bets: [{kind, numbers | index, amount}]}` exactly as the server takes them, amounts as
 * decimal strings of the session currency. The stake of a spin is the sum of the bets' amounts, which the
 * shell shows (and sends as `amount`) in place of its bet amount field; the chip value, chosen in the
 * controls, is what a click places.
 */
import {
  betKey,
  findBet,
  INDEXED_KINDS,
  LAYOUT,
  type LayoutBet,
  NAMED_KINDS,
} from "@rgs/games/games/roulette/paytable";
import { decimalOf, defaultStake, minorOf, scaleAmounts, totalOf } from "../shared/money.ts";
import type { ViewContext } from "../types.ts";

export interface WireBet {
  kind: string;
  numbers?: number[];
  index?: number;
  amount: string;
}

export interface RouletteChoice {
  bets: WireBet[];
}

/** A first spin: one chip on red, of one unit of the currency within the session's limits. */
export const defaultParams = (_gameCode: string, context: ViewContext): RouletteChoice => ({
  bets: [{ kind: "red", amount: decimalOf(defaultStake(context), context.decimals) }],
});

/** The wire form of a layout bet, named as the server expects (index for columns and dozens, nothing for even money). */
export function wireOf(bet: LayoutBet, amount: string): WireBet {
  if (INDEXED_KINDS.includes(bet.kind)) return { kind: bet.kind, index: bet.index, amount };
  if (NAMED_KINDS.includes(bet.kind)) return { kind: bet.kind, amount };
  return { kind: bet.kind, numbers: [...bet.numbers], amount };
}

/** The layout bet a wire bet names, if any. */
export function layoutBetOf(bet: WireBet): LayoutBet | undefined {
  if (bet.index !== undefined) return LAYOUT.find((b) => b.kind === bet.kind && b.index === bet.index);
  if (bet.numbers === undefined) return LAYOUT.find((b) => b.kind === bet.kind);
  return findBet(bet.kind as LayoutBet["kind"], bet.numbers);
}

export const keyOf = (bet: LayoutBet): string => betKey(bet.kind, bet.numbers);

export function readBets(params: unknown): WireBet[] {
  const bets = (params as { bets?: unknown } | null)?.bets;
  return Array.isArray(bets) ? bets.filter((b): b is WireBet => layoutBetOf(b as WireBet) !== undefined) : [];
}

/** Adds `chip` minor units on a bet (a new bet, or more on one already placed). */
export function placeChip(
  bets: readonly WireBet[],
  bet: LayoutBet,
  chip: bigint,
  decimals: number,
): WireBet[] {
  const key = keyOf(bet);
  const at = bets.findIndex((b) => {
    const placed = layoutBetOf(b);
    return placed !== undefined && keyOf(placed) === key;
  });
  if (at < 0) return [...bets, wireOf(bet, decimalOf(chip, decimals))];
  return bets.map((b, i) =>
    i === at ? { ...b, amount: decimalOf((minorOf(b.amount, decimals) ?? 0n) + chip, decimals) } : b,
  );
}

/** Takes a bet off the layout. */
export const removeBet = (bets: readonly WireBet[], bet: LayoutBet): WireBet[] =>
  bets.filter((b) => {
    const placed = layoutBetOf(b);
    return placed === undefined || keyOf(placed) !== keyOf(bet);
  });

/** Every bet doubled. */
export const doubleBets = (bets: readonly WireBet[], decimals: number): WireBet[] =>
  bets.map((b) => ({ ...b, amount: decimalOf((minorOf(b.amount, decimals) ?? 0n) * 2n, decimals) }));

/** The stake of the spin in minor units: the sum of its bets. */
export const stakeOf = (bets: readonly WireBet[], decimals: number): bigint =>
  totalOf(
    bets.map((b) => b.amount),
    decimals,
  );

/** Amount on each layout bet, by key, in minor units. */
export function amountsByKey(bets: readonly WireBet[], decimals: number): Map<string, bigint> {
  const amounts = new Map<string, bigint>();
  for (const b of bets) {
    const placed = layoutBetOf(b);
    const minor = minorOf(b.amount, decimals);
    if (placed && minor !== undefined) amounts.set(keyOf(placed), minor);
  }
  return amounts;
}

/** The stake these params place, or undefined when there is no bet or an amount is not one of this currency. */
export function stakeFromParams(params: unknown, decimals: number): bigint | undefined {
  const bets = readBets(params);
  if (bets.length === 0 || bets.some((b) => minorOf(b.amount, decimals) === undefined)) return undefined;
  return stakeOf(bets, decimals);
}

/** The same bets scaled to stake about `stake` (autobet's increase on win or loss). */
export function scaleStake(params: unknown, stake: bigint, decimals: number): RouletteChoice {
  const bets = readBets(params);
  const amounts = bets.map((b) => minorOf(b.amount, decimals) ?? 0n);
  const scaled = scaleAmounts(amounts, stakeOf(bets, decimals), stake);
  return { bets: bets.map((b, i) => ({ ...b, amount: decimalOf(scaled[i] ?? 0n, decimals) })) };
}
