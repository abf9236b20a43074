/**
 * What every cash-out view reads from its round: whether it is still open, what cashing out pays now and the
 * odds of the next step, computed exactly from the fractions the server sends (never from rounded text).
 */
import type { RoundLike } from "../types.ts";

/** The round still takes actions (not settling or closed). */
export const isOpen = (round: RoundLike | null): boolean => round?.status === "open";

/** "num/den" -> its parts; undefined for anything else. */
export function fractionOf(text: string | null | undefined): { num: bigint; den: bigint } | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(text ?? "");
  if (!match) return undefined;
  const den = BigInt(match[2] as string);
  return den === 0n ? undefined : { num: BigInt(match[1] as string), den };
}

/** floor(stake x multiplier) in minor units: the payout the server's closing step makes, exactly. */
export function payoutOf(stakeMinor: string | bigint, multiplierExact: string | null | undefined): bigint {
  const fraction = fractionOf(multiplierExact);
  if (!fraction) return 0n;
  return (BigInt(stakeMinor) * fraction.num) / fraction.den;
}

/** A multiplier as a board shows it: 2 decimals, cut (never rounded up): "1.0104" -> "1.01"; "-" for none. */
export function shortMultiplier(text: string | null | undefined): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text ?? "");
  if (!match) return "-";
  return `${match[1]}.${(match[2] ?? "").padEnd(2, "0").slice(0, 2)}`;
}

/** A chance "num/den" as a percent with 2 decimals, rounded half up: "7/13" -> "53.85". */
export function percentOf(fraction: string | null | undefined): string {
  const parts = fractionOf(fraction);
  if (!parts) return "-";
  const basis = (parts.num * 20000n + parts.den) / (2n * parts.den);
  return `${basis / 100n}.${(basis % 100n).toString().padStart(2, "0")}`;
}

/** The round's view when it belongs on the board now: an open round always, a finished one while `keep` says so. */
export function shownView<V>(round: RoundLike | null, keep: (view: V) => boolean): V | undefined {
  if (!round || round.view === null || typeof round.view !== "object") return undefined;
  const view = round.view as V;
  return isOpen(round) || keep(view) ? view : undefined;
}

/** Statuses after which the player keeps a payout. */
const PAID = new Set([
  "cash_out",
  "cashed_out",
  "auto_cashed_out",
  "completed",
  "max_win_reached",
  "top_reached",
  "abandoned",
]);

/** How a finished round ended, for the result line: won (with its payout) or lost. */
export function endingOf(status: string, payout: string | null): "won" | "lost" | undefined {
  if (status === "open" || status === "flying" || status === "bet_exceeds_max_win") return undefined;
  return PAID.has(status) && payout !== null && BigInt(payout) > 0n ? "won" : "lost";
}
