import { BoundedMap } from "../bounded-map.ts";
import type { Clock } from "../clock.ts";
import { type GameError, gameError } from "../game-error.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import { locationAllowed } from "./country-codes.ts";
import type { LaunchOperators } from "./launch-service.ts";

/** Operators whose games and countries are remembered at once; the oldest is forgotten first. */
const REMEMBERED_MAX = 10_000;

interface Access {
  games: ReadonlySet<string>;
  allowedCountries: readonly string[] | null;
}

/** The refusal of a new round for a session whose game its operator no longer offers; undefined when it may play. */
export type GameAccess = (session: GameSession) => Promise<GameError | undefined>;

/**
 * Whether a live session may still start a round. A launch checks the operator's packs and countries once,
 * but a session lives on with every request, so a game taken out of the packs, or a country taken off the
 * list, must stop new rounds of sessions already open too. Read like the operators' wallet settings: at
 * most `cacheMs` old on every instance (CACHE_SECONDS). An open round is not affected: it may finish.
 */
export function gameAccess(deps: {
  operators: Pick<LaunchOperators, "get" | "games">;
  clock: Clock;
  cacheMs: number;
}): GameAccess {
  const remembered = new BoundedMap<string, { access: Promise<Access>; readAt: number }>(REMEMBERED_MAX);
  const read = async (operatorId: string): Promise<Access> => {
    const operator = await deps.operators.get(operatorId);
    if (!operator) return { games: new Set(), allowedCountries: [] };
    const games = await deps.operators.games(operatorId);
    return { games: new Set(games.map((game) => game.code)), allowedCountries: operator.allowedCountries };
  };
  const accessOf = (operatorId: string): Promise<Access> => {
    const now = deps.clock.now();
    const cached = remembered.get(operatorId);
    if (cached !== undefined && now - cached.readAt < deps.cacheMs) return cached.access;
    const access = read(operatorId);
    remembered.set(operatorId, { access, readAt: now });
    // A failed read is not remembered: the next request asks again.
    access.catch(() => {
      if (remembered.get(operatorId)?.access === access) remembered.delete(operatorId);
    });
    return access;
  };
  return async (session) => {
    const access = await accessOf(session.operatorId);
    if (!access.games.has(session.gameCode)) {
      return gameError(
        "game_not_enabled",
        "The casino no longer offers this game; an unfinished round may still be finished.",
      );
    }
    if (!locationAllowed(access.allowedCountries, session.countryCode)) {
      return gameError(
        "game_not_enabled",
        "The casino no longer offers this game where you are; an unfinished round may still be finished.",
      );
    }
    return undefined;
  };
}
