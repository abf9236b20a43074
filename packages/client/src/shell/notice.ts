/** What the shell tells the player after a failure: a catalog key with its values, never a raw code. */
import type { ApiError } from "../api/errors.ts";
import type { Translate } from "../i18n/index.ts";

export interface Notice {
  /** Text already in the player's language (the wallet's own message is shown as sent). */
  text: string;
  tone: "error" | "info";
  /** Offer "try again": the shell re-reads the server's state and shows any round that did start. */
  retry?: boolean;
}

export interface NoticeContext {
  t: Translate;
  /** Formatted limits of the session, for the below/above-limit messages. */
  minBet?: string;
  maxBet?: string;
  maxWin?: string;
}

export function noticeFor(error: ApiError, context: NoticeContext): Notice {
  const { t } = context;
  if (error.code === "not_enough_money" && error.customUserError) {
    return { text: error.customUserError, tone: "error" };
  }
  if (error.customUserError && (error.code === "player_disabled" || error.code === "bet_refused")) {
    return { text: error.customUserError, tone: "error" };
  }
  const vars = {
    min: context.minBet ?? "-",
    max: context.maxBet ?? "-",
    maxWin: context.maxWin ?? "-",
  };
  return { text: t(error.messageKey, vars), tone: "error", ...(error.retryable && { retry: true }) };
}
