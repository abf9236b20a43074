/** What the game API answers, as the client reads it (the wire schemas live in @rgs/protocol/game-api). */
import type {
  CurrentResponse,
  FreeRoundsInfo,
  HistoryResponse,
  HistoryRound,
  RefreshResponse,
  RevealedPair,
  RoundDetails,
  RoundResult,
  RoundSummary,
  SeedsResponse,
} from "@rgs/protocol/game-api";

export type {
  FreeRoundsInfo,
  HistoryResponse,
  HistoryRound,
  RefreshResponse,
  RevealedPair,
  RoundDetails,
  RoundResult,
  RoundSummary,
  SeedsResponse,
};

/** POST /game/current: the session, the balance and the open round. */
export type CurrentState = CurrentResponse;

/**
 * The session's player-protection figures (docs/jurisdictions.md): in the session of POST /game/current and in
 * the answer of POST /game/reality-check. Read field by field, as unknown until checked.
 */
export interface ProtectionFigures {
  startedAt?: unknown;
  netPosition?: unknown;
  realityCheckDueAt?: unknown;
  nextRoundAt?: unknown;
  links?: unknown;
}
