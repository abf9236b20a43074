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

/** The session as the player's client needs it: currency, limits, language, the game. */
export interface SessionInfo {
  gameCode: string;
  currency: string;
  decimals: number;
  /** Decimal strings in the session currency. */
  minBet: string;
  maxBet: string;
  maxWin: string;
  /** ISO 639-1, from the wallet's player profile. */
  languageCode?: string;
  mode?: "demo" | "real";
  /** When the session ends without activity (ISO 8601). */
  expiresAt?: string;
  /** Declared RTP of the game code in percent ("99"). */
  rtp?: string;
}

/** POST /game/current, with the session description when the server sends it. */
export type CurrentState = CurrentResponse & { session?: SessionInfo };
