import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount } from "@rgs/protocol/money";
import { sql } from "kysely";
import { GameError } from "../game-error.ts";
import type { Executor } from "../rounds/round-repository.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import { netPositionOf } from "./net-position.ts";

/**
 * Reality checks (docs/jurisdictions.md): once the session's interval has passed since its first launch or
 * since the last acknowledgement, a new round is refused with `reality_check_due` until the player
 * acknowledges the check. Only a new round: an action or a cash-out of a round already open goes on. Each
 * acknowledgement is recorded (`reality_checks`) with the time played and the net position shown.
 */

type CheckedSession = Pick<GameSession, "createdAt" | "realityCheckMinutes" | "realityCheckAckedAt">;

/** When the session's next reality check falls due; null when it has none. */
export function realityCheckDueAt(session: CheckedSession): Date | null {
  const minutes = session.realityCheckMinutes;
  if (minutes === undefined || minutes === null) return null;
  const from = session.realityCheckAckedAt ?? session.createdAt;
  return new Date(from.getTime() + minutes * 60_000);
}

/** Whole seconds played since the session's first launch. */
export function playedSeconds(session: Pick<GameSession, "createdAt">, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - session.createdAt.getTime()) / 1000));
}

export function formatNet(session: Pick<GameSession, "currency">, minor: bigint): string {
  return formatAmount(minor, resolveCurrency(session.currency)?.decimals ?? 2);
}

/**
 * Refuses a new round while a reality check is due. The session may be a cached copy older than an
 * acknowledgement made in another tab or on another instance, so a check it finds due is read again.
 */
export async function refuseWhenRealityCheckDue(
  db: Executor,
  session: GameSession,
  now: Date,
): Promise<void> {
  const due = realityCheckDueAt(session);
  if (due === null || due > now) return;
  const fresh = { ...session, realityCheckAckedAt: await lastAcknowledged(db, session.id) };
  if ((realityCheckDueAt(fresh) as Date) > now) return;
  const net = await netPositionOf(db, session);
  const played = playedSeconds(session, now);
  throw new GameError(
    "reality_check_due",
    `You have played for ${Math.floor(played / 60)} minutes in this session. Acknowledge the reality check to go on playing.`,
    undefined,
    undefined,
    { playedSeconds: played, netPosition: formatNet(session, net) },
  );
}

/** When the session's last reality check was acknowledged, as stored now (null: never). */
export async function lastAcknowledged(db: Executor, sessionId: string): Promise<Date | null> {
  const row = await db
    .selectFrom("sessions")
    .select("reality_check_acked_at")
    .where("id", "=", sessionId)
    .executeTakeFirst();
  return row?.reality_check_acked_at ?? null;
}

/**
 * Acknowledges the due check: the next one falls due one interval from now. Two acknowledgements racing
 * (two tabs, two instances) record one; the other is answered `reality_check_not_due`.
 */
export async function acknowledgeRealityCheck(
  db: Executor,
  session: GameSession,
  now: Date,
): Promise<{ acknowledgedAt: Date }> {
  const minutes = session.realityCheckMinutes ?? null;
  if (minutes === null) throw notDue("This session has no reality checks.");
  const net = await netPositionOf(db, session);
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  const recorded = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("sessions")
      .set({ reality_check_acked_at: now })
      .where("id", "=", session.id)
      .where(sql<Date>`coalesce(reality_check_acked_at, created_at)`, "<=", cutoff)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    await trx
      .insertInto("reality_checks")
      .values({
        session_id: session.id,
        operator_id: session.operatorId,
        player_id: session.playerId,
        acknowledged_at: now,
        played_seconds: playedSeconds(session, now),
        currency: session.currency,
        net_position: net,
      })
      .execute();
    return true;
  });
  if (!recorded) throw notDue("No reality check is due yet, or it was acknowledged already.");
  return { acknowledgedAt: now };
}

function notDue(detail: string): GameError {
  return new GameError("reality_check_not_due", detail);
}
