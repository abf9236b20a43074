import { type GameError, gameError } from "../game-error.ts";
import type { RoundRow } from "./round-repository.ts";
import { isCancelled } from "./round-summary.ts";

export const initializing = () =>
  gameError("round_initializing", "The round is still being set up with the wallet; try again in a moment.");

export const roundClosed = () => gameError("round_closed", "This round is over; start a new one.");

export function walletUnavailable(opening: boolean): GameError {
  return gameError(
    "wallet_unavailable",
    opening
      ? "The wallet did not confirm the bet, so it was cancelled and any stake taken is returned."
      : "The wallet did not confirm this stake, so the action was cancelled and any stake taken is returned; the round continues.",
  );
}

export const notEnoughMoney = (customUserError: string | undefined) =>
  gameError("not_enough_money", "Your balance is too low for this bet.", customUserError);

/** A definite refusal by the wallet, in the player's terms. */
export function refusal(status: string, customUserError: string | undefined): GameError {
  switch (status) {
    case "ERROR_NOT_ENOUGH_MONEY":
      return notEnoughMoney(customUserError);
    case "ERROR_PLAYER_DISABLED":
      return gameError("player_disabled", "Your account cannot place bets at the moment.", customUserError);
    case "ERROR_INVALID_SESSION":
    case "ERROR_SESSION_EXPIRED":
      return gameError(
        "session_expired",
        "The casino ended this game session; reopen the game.",
        customUserError,
      );
    default:
      return gameError("bet_refused", `The wallet refused the bet (${status}).`, customUserError);
  }
}

export function activeRoundExists(active: RoundRow | undefined): GameError {
  // Not a round the player can see or finish: a cancelled bet whose refund the wallet has not confirmed.
  if (active?.status === "settling" && isCancelled(active)) {
    return gameError(
      "previous_bet_settling",
      "Your previous bet of this game was cancelled and its stake is being returned; the casino's wallet has not confirmed that yet. The game can be played again once it has.",
    );
  }
  return gameError(
    "active_round_exists",
    active?.status === "open"
      ? "Finish the open round of this game before starting another."
      : "The previous bet of this game is still being settled with the wallet; try again in a moment.",
  );
}

/** What a replayed bet or action answers a refusal with. */
export const REFUSALS = { refusal, walletUnavailable };
