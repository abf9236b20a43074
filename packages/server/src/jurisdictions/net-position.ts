import { sql } from "kysely";
import type { Executor } from "../rounds/round-repository.ts";
import type { GameSession } from "../store/sessions-repository.ts";

/**
 * The session's net position: payouts minus stakes of its closed rounds, in minor units. Read through the
 * player's history index (operator, player, mode, start), from the session's first launch on.
 */
export async function netPositionOf(
  db: Executor,
  session: Pick<GameSession, "id" | "operatorId" | "playerId" | "mode" | "createdAt">,
): Promise<bigint> {
  const row = await db
    .selectFrom("rounds")
    .select(sql<string | null>`sum(payout_total - stake_total)`.as("net"))
    .where("operator_id", "=", session.operatorId)
    .where("player_id", "=", session.playerId)
    .where("mode", "=", session.mode)
    .where("created_at", ">=", session.createdAt)
    .where("session_id", "=", session.id)
    .where("status", "=", "closed")
    .executeTakeFirst();
  return BigInt(row?.net ?? 0);
}
