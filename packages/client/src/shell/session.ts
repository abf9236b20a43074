/**
 * The session as the shell uses it. The server describes it in POST /game/current (`session`); an older
 * server that does not is read as far as possible from the rest of the answer (currency of the open round,
 * decimals of the balance) with no limits enforced in the page: the server still checks every bet.
 */
import type { GameInfo } from "@rgs/protocol/catalog";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { parseAmount } from "@rgs/protocol/money";
import type { CurrentState } from "../api/types.ts";
import type { Money } from "../views/types.ts";
import type { Limits } from "./bet-amount.ts";

export interface SessionView {
  gameCode: string;
  slug: string;
  gameName: string;
  /** Declared RTP in percent, from the catalog of game codes. */
  rtp: string;
  currency: Money;
  limits?: Limits;
  maxWin?: bigint;
  languageCode?: string;
  demo: boolean;
  expiresAt?: number;
}

function minor(text: string, decimals: number): bigint | undefined {
  const parsed = parseAmount(text, decimals, { allowZero: true });
  return parsed.ok ? parsed.minor : undefined;
}

export function describeSession(current: CurrentState, game: GameInfo): SessionView {
  const base = { gameCode: game.code, slug: game.slug, gameName: game.name, rtp: game.rtp };
  const session = current.session;
  if (session) {
    const currency = resolveCurrency(session.currency);
    const decimals = Number.isInteger(session.decimals) ? session.decimals : (currency?.decimals ?? 2);
    const minBet = minor(session.minBet, decimals);
    const maxBet = minor(session.maxBet, decimals);
    const maxWin = minor(session.maxWin, decimals);
    const expiresAt = session.expiresAt ? Date.parse(session.expiresAt) : Number.NaN;
    return {
      ...base,
      currency: { code: session.currency, decimals },
      ...(minBet !== undefined && maxBet !== undefined && { limits: { minBet, maxBet } }),
      ...(maxWin !== undefined && { maxWin }),
      ...(session.languageCode && { languageCode: session.languageCode }),
      demo: session.mode === "demo",
      ...(Number.isFinite(expiresAt) && { expiresAt }),
    };
  }
  const code = current.round?.currency ?? "";
  const known = resolveCurrency(code);
  const fraction = current.balance?.split(".")[1]?.length;
  return { ...base, currency: { code, decimals: known?.decimals ?? fraction ?? 2 }, demo: false };
}
