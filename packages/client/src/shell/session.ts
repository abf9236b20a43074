/** The session as the shell uses it, from the description the server sends with POST /game/current. */
import type { GameCategory, GameInfo } from "@rgs/protocol/catalog";
import { parseAmount } from "@rgs/protocol/money";
import type { CurrentState } from "../api/types.ts";
import type { Limits, Money } from "../views/types.ts";
import { type Protection, readProtection } from "./protection.ts";
import { safeHttpUrl } from "./safe-url.ts";

/**
 * What the shell offers in this session: a jurisdiction that forbids autoplay or speed-ups switches them off
 * here, and the shell hides them (keyboard shortcuts start rounds, so they go with fast play).
 */
export interface ShellFeatures {
  /** The Auto tab. */
  autobet: boolean;
  /** The animations toggle (fast play) and skipping an animation. */
  fastPlay: boolean;
  /** Space and Enter to bet. */
  shortcuts: boolean;
}

function featuresOf(rules: { autobet: boolean; fastPlay: boolean }): ShellFeatures {
  return { autobet: rules.autobet, fastPlay: rules.fastPlay, shortcuts: rules.fastPlay };
}

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
  /** The session's language: the launch's `languageCode`, else the wallet's. */
  languageCode?: string;
  demo: boolean;
  expiresAt?: number;
  /** The casino's lobby, as the server gives it for this session (never the page's address); null for none. */
  lobbyUrl: string | null;
  features: ShellFeatures;
  protection: Protection;
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
    limits: {
      minBet: minor(session.minBet, decimals),
      maxBet: minor(session.maxBet, decimals),
      maxWin: minor(session.maxWin, decimals),
    },
    ...(session.languageCode && { languageCode: session.languageCode }),
    demo: session.mode === "demo",
    ...(Number.isFinite(expiresAt) && { expiresAt }),
    lobbyUrl: safeHttpUrl(session.lobbyUrl),
    features: featuresOf(session.jurisdiction.rules),
    protection: readProtection(session),
  };
}
