/**
 * Autobet for single-round games: a number of bets (0 for no limit), stops on a net profit or loss, and
 * after each win or loss either back to the base amount or the amount raised by a percentage. Pure: the
 * shell feeds each settled round and plays what this returns.
 */
import { clamp, type Limits } from "./bet-amount.ts";

export type Adjustment =
  | { mode: "reset" }
  | { mode: "increase" /** Hundredths of a percent: 5000 is 50%. */; basisPoints: number };

export interface AutobetSettings {
  /** Bets to place; 0 means until stopped. */
  count: number;
  /** Stop once the net result reaches +stopOnProfit (minor units); null: no such stop. */
  stopOnProfit: bigint | null;
  /** Stop once the net result reaches -stopOnLoss (minor units); null: no such stop. */
  stopOnLoss: bigint | null;
  onWin: Adjustment;
  onLoss: Adjustment;
}

export interface AutobetProgress {
  played: number;
  /** Payouts minus stakes so far, minor units. */
  net: bigint;
  baseAmount: bigint;
  /** The next bet's amount. */
  amount: bigint;
}

export type StopReason = "count" | "profit" | "loss";

export function startAutobet(baseAmount: bigint): AutobetProgress {
  return { played: 0, net: 0n, baseAmount, amount: baseAmount };
}

function adjust(amount: bigint, base: bigint, adjustment: Adjustment, limits: Limits): bigint {
  if (adjustment.mode === "reset") return base;
  const raised = (amount * BigInt(10_000 + adjustment.basisPoints)) / 10_000n;
  // Rounding down could leave a small bet unchanged forever; an increase always moves by at least one minor unit.
  const next = adjustment.basisPoints > 0 && raised === amount ? amount + 1n : raised;
  return clamp(next, limits);
}

/** The progress after one settled round, and why autobet stops now, if it does. */
export function afterRound(
  settings: AutobetSettings,
  progress: AutobetProgress,
  round: { stake: bigint; payout: bigint },
  limits: Limits,
): { progress: AutobetProgress; stop?: StopReason } {
  // A push (payout equal to the stake) is neither: the amount stays.
  const outcome =
    round.payout > round.stake ? settings.onWin : round.payout < round.stake ? settings.onLoss : undefined;
  const next: AutobetProgress = {
    played: progress.played + 1,
    net: progress.net + round.payout - round.stake,
    baseAmount: progress.baseAmount,
    amount: outcome ? adjust(progress.amount, progress.baseAmount, outcome, limits) : progress.amount,
  };
  if (settings.stopOnProfit !== null && next.net >= settings.stopOnProfit)
    return { progress: next, stop: "profit" };
  if (settings.stopOnLoss !== null && -next.net >= settings.stopOnLoss)
    return { progress: next, stop: "loss" };
  if (settings.count > 0 && next.played >= settings.count) return { progress: next, stop: "count" };
  return { progress: next };
}

/** "50" or "12.5" (percent, at most 2 decimals, 0 to 10000) in basis points, or undefined. */
export function parsePercent(text: string): number | undefined {
  const match = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const points = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return points <= 1_000_000 ? points : undefined;
}
