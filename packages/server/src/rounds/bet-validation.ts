import type { ResolvedGame } from "@rgs/games/registry";
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import { gameError, gameRefusal } from "../game-error.ts";
import type { GameSession } from "../store/sessions-repository.ts";

export interface ValidBet {
  params: unknown;
  stake: bigint;
}

/**
 * Checks a play request before any money moves: the amount in the session currency, the game's parameters,
 * the session's bet limits on the whole opening stake, and (single-round games) the largest possible payout
 * against the maximum win. Cash-out games instead stop at the maximum win by themselves.
 */
export function validateBet(
  session: GameSession,
  resolved: ResolvedGame,
  decimals: number,
  input: { amount: unknown; params: unknown },
): ValidBet {
  const { game, rtp } = resolved;
  const currency = session.currency;
  const amount = parseAmount(input.amount, decimals);
  if (!amount.ok) throw gameError("invalid_amount", `amount: ${amount.detail}`);
  const parsed = game.parseParams(input.params ?? {}, { rtp, decimals });
  if (!parsed.ok) throw gameRefusal("invalid_params", parsed);
  const stake = game.stakeOf(parsed.value, amount.minor);
  const { minBet, maxBet, maxWin } = session.betLimits;
  const money = (minor: bigint) => `${formatAmount(minor, decimals)} ${currency}`;
  if (stake < minBet) {
    throw gameError(
      "bet_below_minimum",
      `The bet of ${money(stake)} is below the minimum of ${money(minBet)}.`,
    );
  }
  if (stake > maxBet) {
    throw gameError(
      "bet_above_maximum",
      `The bet of ${money(stake)} is above the maximum of ${money(maxBet)}.`,
    );
  }
  if (game.kind === "single") {
    const largest = game.maxPayout(parsed.value, stake, rtp);
    if (largest > maxWin) {
      throw gameError(
        "max_win_exceeded",
        `This bet could pay up to ${money(largest)}, above the maximum win of ${money(maxWin)}; lower the stake or choose a smaller multiplier.`,
      );
    }
  }
  return { params: parsed.value, stake };
}

/**
 * The stake an action adds to an open round (a double, a split, a craps bet placed between rolls) is held
 * to the session's maximum bet like an opening stake: an operator's limit is per stake the player places,
 * whenever it is placed. No minimum applies: odds and insurance are fractions of a stake already placed.
 */
export function validateAddedStake(session: GameSession, decimals: number, added: bigint): void {
  const { maxBet } = session.betLimits;
  if (added <= maxBet) return;
  const money = (minor: bigint) => `${formatAmount(minor, decimals)} ${session.currency}`;
  throw gameError(
    "bet_above_maximum",
    `The added stake of ${money(added)} is above the maximum bet of ${money(maxBet)}.`,
  );
}
