/** The session as the shell uses it, from the description the server sends with POST /game/current. */
import type { GameCategory, GameInfo } from "@rgs/protocol/catalog";
import { parseAmount } from "@rgs/protocol/money";
import type { CurrentState } from "../api/types.ts";
import type { Money } from "../views/types.ts";
import type { Limits } from "./bet-amount.ts";

export interface SessionView {
  gameCode: string;
  slug: string;
  gameName: string;
  /** Single-round ("instant"), cash-out or table game. */
  category: GameCategory;
  /** Declared RTP in percent, from the catalog of game codes. */
  rtp: string;
  currency: Money;
  limits: Limits;
  maxWin: bigint;
  languageCode?: string;
  demo: boolean;
  expiresAt?: number;
}

function minor(text: string, decimals: number): bigint {
  const parsed = parseAmount(text, decimals, { allowZero: true });
  if (!parsed.ok) throw new Error(`the server sent an unreadable amount "${text}": ${parsed.detail}`);
  return parsed.minor;
}

export function describeSession(current: CurrentState, game: GameInfo): SessionView {
  const { session } = current;
  const decimals = session.decimals;
  const expiresAt = Date.parse(session.expiresAt);
  return {
    gameCode: game.code,
    slug: game.slug,
    gameName: game.name,
    category: game.category,
    rtp: game.rtp,
    currency: { code: session.currency, decimals },
    limits: { minBet: minor(session.minBet, decimals), maxBet: minor(session.maxBet, decimals) },
    maxWin: minor(session.maxWin, decimals),
    ...(session.languageCode && { languageCode: session.languageCode }),
    demo: session.mode === "demo",
    ...(Number.isFinite(expiresAt) && { expiresAt }),
  };
}
