import { findGame } from "@rgs/protocol/catalog";
import type { PlayerProtection } from "@rgs/protocol/game-api";
import { JURISDICTION_PROFILES } from "@rgs/protocol/jurisdictions";
import type { Executor } from "../rounds/round-repository.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import { netPositionOf } from "./net-position.ts";
import { formatNet, lastAcknowledged, realityCheckDueAt } from "./reality-checks.ts";
import { minRoundMsOf, nextRoundAt } from "./round-pace.ts";

/**
 * The session's player-protection figures for the game client (docs/jurisdictions.md): when it started,
 * its net position where the profile shows it or a reality check will, the next reality check, and the
 * earliest start of the next round. A session under a profile without these rules costs no query.
 */
export async function playerProtectionOf(
  db: Executor,
  session: GameSession,
  now: Date,
): Promise<PlayerProtection> {
  const rules = JURISDICTION_PROFILES[session.jurisdiction ?? "default"];
  const checked = session.realityCheckMinutes !== undefined && session.realityCheckMinutes !== null;
  const minMs = minRoundMsOf(session, findGame(session.gameCode)?.category ?? "instant");
  const [net, acked, next] = await Promise.all([
    rules.netPosition || checked ? netPositionOf(db, session) : undefined,
    // The session may be a cached copy older than an acknowledgement made elsewhere.
    checked ? lastAcknowledged(db, session.id) : null,
    nextRoundAt(db, session, now, minMs),
  ]);
  const dueAt = realityCheckDueAt({ ...session, realityCheckAckedAt: acked });
  return {
    startedAt: session.createdAt.toISOString(),
    ...(net !== undefined && { netPosition: formatNet(session, net) }),
    realityCheckDueAt: dueAt?.toISOString() ?? null,
    nextRoundAt: next?.toISOString() ?? null,
  };
}
