/** What the game API answers, as the client reads it (the wire schemas live in @rgs/protocol/game-api). */
import type {
  CurrentResponse,
  HistoryResponse,
  RefreshResponse,
  RevealedPair,
  RoundDetails,
  RoundResult,
  RoundSummary,
  SeedsResponse,
} from "@rgs/protocol/game-api";

export type {
  HistoryResponse,
  RefreshResponse,
  RevealedPair,
  RoundDetails,
  RoundResult,
  RoundSummary,
  SeedsResponse,
};

/** POST /game/current: the session, the balance and the open round. */
export type CurrentState = CurrentResponse;
