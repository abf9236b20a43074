/**
 * Craps params: `{bets: [{bet, number?, amount}]}`, amounts as decimal strings of the session currency, exactly
 * as the server takes them: the opening bets of a round, then the bets to add with the next roll.
 */
import type { BetKind, BetSpot } from "@rgs/games/games/craps/bets";
import { type LegalBet, legalBets } from "@rgs/games/games/craps/game";
import { decimalOf, defaultStake, minorOf, totalOf } from "../shared/money.ts";
import type { ViewContext } from "../types.ts";

export interface WireBet {
  bet: BetKind;
  number?: number;
  amount: string;
}

/** A first round: the pass line, one unit of the currency within the session's limits. */
export const defaultParams = (_gameCode: string, context: ViewContext) => ({
  bets: [{ bet: "pass", amount: decimalOf(defaultStake(context), context.decimals) }] as WireBet[],
});

const sameSpot = (a: WireBet, spot: BetSpot) => a.bet === spot.kind && (a.number ?? null) === spot.number;

export function readBets(params: unknown): WireBet[] {
  const bets = (params as { bets?: unknown } | null)?.bets;
  if (!Array.isArray(bets)) return [];
  return bets.filter(
    (b): b is WireBet =>
      typeof b === "object" && b !== null && typeof b.bet === "string" && typeof b.amount === "string",
  );
}

export function addChip(bets: readonly WireBet[], spot: BetSpot, chip: bigint, decimals: number): WireBet[] {
  const found = bets.find((b) => sameSpot(b, spot));
  if (found)
    return bets.map((b) =>
      b === found ? { ...b, amount: decimalOf((minorOf(b.amount, decimals) ?? 0n) + chip, decimals) } : b,
    );
  return [
    ...bets,
    {
      bet: spot.kind,
      ...(spot.number !== null && { number: spot.number }),
      amount: decimalOf(chip, decimals),
    },
  ];
}

export const pendingOn = (bets: readonly WireBet[], spot: BetSpot, decimals: number): bigint =>
  minorOf(bets.find((b) => sameSpot(b, spot))?.amount, decimals) ?? 0n;

/** The bets that may be made now: the round's own list, or the come-out bets before a round. */
export const legalNow = (roundLegal: readonly LegalBet[] | undefined): readonly LegalBet[] =>
  roundLegal ?? legalBets({ point: null, bets: [], maxWin: (10n ** 30n).toString() });

export const isLegal = (legal: readonly LegalBet[], spot: BetSpot) =>
  legal.some((l) => l.kind === spot.kind && l.number === spot.number);

export function stakeFromParams(params: unknown, decimals: number): bigint | undefined {
  const amounts = readBets(params).map((b) => b.amount);
  if (amounts.length === 0 || amounts.some((a) => minorOf(a, decimals) === undefined)) return undefined;
  return totalOf(amounts, decimals);
}
