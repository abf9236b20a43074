import type { ResponsibleGamblingLinks } from "@rgs/protocol/game-api";
import { BoundedMap } from "../bounded-map.ts";
import type { Clock } from "../clock.ts";
import type { Operator } from "../store/operators-repository.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import type { LaunchOperators } from "./launch-service.ts";

/** Operators whose pages are remembered at once; the oldest is forgotten first. */
const REMEMBERED_MAX = 10_000;

/** The operator's pages a session links to: its lobby, its responsible-gambling and limits pages. */
export interface SessionPageLinks {
  /** The lobby the player returns to, or null when there is none. */
  lobbyUrl: string | null;
  /** The responsible-gambling pages set at onboarding; a key is absent when not set. */
  links: ResponsibleGamblingLinks;
}

export type SessionPages = (session: GameSession) => Promise<SessionPageLinks>;

/**
 * The links of a session come from the server only: the operator's configured URLs, or, on a staging
 * server, its own demo lobby for the sandbox operator's sessions. The game page's address is never asked,
 * so a link crafted around a player's token cannot put someone else's page in the game. Read like the
 * operators' other settings: at most `cacheMs` old on every instance (CACHE_SECONDS).
 */
export function sessionPages(deps: {
  operators: Pick<LaunchOperators, "get">;
  /** Staging only: the sandbox operator and this server's own lobby page, its lobby when none is set. */
  sandbox?: { find: () => Promise<{ id: string } | undefined>; lobbyUrl: string };
  clock: Clock;
  cacheMs: number;
}): SessionPages {
  const remembered = new BoundedMap<string, { pages: Promise<SessionPageLinks>; readAt: number }>(
    REMEMBERED_MAX,
  );
  const lobbyOf = async (operator: Operator): Promise<string | null> => {
    if (operator.lobbyUrl !== null || deps.sandbox === undefined) return operator.lobbyUrl;
    const sandbox = await deps.sandbox.find();
    return sandbox?.id === operator.id ? deps.sandbox.lobbyUrl : null;
  };
  const read = async (operatorId: string): Promise<SessionPageLinks> => {
    const operator = await deps.operators.get(operatorId);
    if (!operator) return { lobbyUrl: null, links: {} };
    const links: ResponsibleGamblingLinks = {
      ...(operator.responsibleGamblingUrl !== null && {
        responsibleGambling: operator.responsibleGamblingUrl,
      }),
      ...(operator.limitsUrl !== null && { limits: operator.limitsUrl }),
    };
    return { lobbyUrl: await lobbyOf(operator), links };
  };
  return (session) => {
    const now = deps.clock.now();
    const cached = remembered.get(session.operatorId);
    if (cached !== undefined && now - cached.readAt < deps.cacheMs) return cached.pages;
    const pages = read(session.operatorId);
    remembered.set(session.operatorId, { pages, readAt: now });
    // A failed read is not remembered: the next request asks again.
    pages.catch(() => {
      if (remembered.get(session.operatorId)?.pages === pages) remembered.delete(session.operatorId);
    });
    return pages;
  };
}
