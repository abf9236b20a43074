/**
 * Whether a view may mark what paid in the round on show (a bet spot in gold, a roll or a hand in the win
 * colour). Where the session's rules forbid celebrating a return of the stake or less (UKGC, Ontario:
 * docs/jurisdictions.md), only while the round has returned more than its stake; an open round is judged on
 * what it has taken and returned so far. Marks of the game's own result (the pocket, the hand that won) are
 * not celebrations: they show whatever the player's return.
 */
import { parseAmount } from "@rgs/protocol/money";
import type { GameViewProps } from "../types.ts";

const minor = (amount: string, decimals: number): bigint => {
  const parsed = parseAmount(amount, decimals, { allowZero: true });
  return parsed.ok ? parsed.minor : 0n;
};

export function mayCelebrate(
  props: Pick<GameViewProps, "celebrateAtMostStake" | "round" | "currency">,
): boolean {
  if (props.celebrateAtMostStake !== false) return true;
  const { round, currency } = props;
  if (!round) return false;
  return minor(round.payout, currency.decimals) > minor(round.stake, currency.decimals);
}
