/**
 * How a finished round is told, the same everywhere (result line, sound, balance, history): a win only when
 * it returns more than its stake; a return equal to the stake is a push; anything less is a loss, stated as
 * plainly as a win. A partial return (a Keno round paying 0.02 on a 0.10 stake) is a loss that returned
 * something, never shown in the win colour.
 */
import { formatDecimal } from "@rgs/protocol/money";

export type OutcomeKind = "win" | "push" | "loss";

export function outcomeOf(stake: bigint, payout: bigint): OutcomeKind {
  if (payout > stake) return "win";
  return payout === stake ? "push" : "loss";
}

const DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * The multiplier of a finished round as its board shows it: the game's own (`multiplierOf`, else the view's
 * `multiplier`), so that history and board agree; for games with no single multiplier (several bets, a
 * hundred balls), payout / stake rounded down to 4 decimals. Undefined without a stake.
 */
export function roundMultiplier(
  round: { stake: bigint; payout: bigint; view: unknown },
  multiplierOf?: (view: unknown) => string | undefined,
): string | undefined {
  const own = multiplierOf
    ? multiplierOf(round.view)
    : (round.view as { multiplier?: unknown } | null | undefined)?.multiplier;
  if (typeof own === "string" && DECIMAL.test(own)) return own;
  if (round.stake <= 0n) return undefined;
  return formatDecimal({ units: (round.payout * 10_000n) / round.stake, scale: 4 });
}

/** "2.0000" -> "2.00", "0.2364" stays: a multiplier with at least two decimals and no trailing zeros beyond. */
export function trimMultiplier(text: string): string {
  const [integer, fraction = ""] = text.split(".");
  const kept = fraction.replace(/0+$/, "").padEnd(2, "0");
  return `${integer}.${kept}`;
}

export interface RoundOutcome {
  kind: OutcomeKind;
  stake: bigint;
  payout: bigint;
  multiplier: string | undefined;
  /** A free round: the player staked nothing, so any payout is a win and none is no loss. */
  free?: true;
}

/** How a round ended for the player: a free round staked nothing of theirs. */
export const playerOutcomeOf = (stake: bigint, payout: bigint, free: boolean): OutcomeKind =>
  free ? (payout > 0n ? "win" : "loss") : outcomeOf(stake, payout);

/** How a round on show ended, for a board's colours: undefined while it is still open or settling. */
export function toneOf(
  round: { status: string; stake: string; payout: string } | null,
  decimals: number,
): OutcomeKind | undefined {
  if (round?.status !== "closed") return undefined;
  const minor = (text: string) => {
    const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
    return match ? BigInt(`${match[1]}${(match[2] ?? "").padEnd(decimals, "0").slice(0, decimals)}`) : 0n;
  };
  return outcomeOf(minor(round.stake), minor(round.payout));
}
