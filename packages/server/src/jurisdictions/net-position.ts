import { sql } from "kysely";
import type { RoundsHistoryTable } from "../rounds/history-tables.ts";
import type { Executor } from "../rounds/round-repository.ts";
import type { GameSession } from "../store/sessions-repository.ts";

/**
 * The session's net position: payouts minus stakes of its closed rounds, in minor units. A session outlives
 * the hour after which its finished rounds may move to the history tables (rounds/history-mover.ts), so both
 * are read, in one statement: one snapshot, in which a round is either hot or archived. Each side is read
 * through its player index (operator, player, game, mode, start), from the session's first launch on; the
 * history's month partitions before that launch are pruned.
 */
export async function netPositionOf(
  db: Executor,
  session: Pick<GameSession, "id" | "operatorId" | "playerId" | "gameCode" | "mode" | "createdAt">,
): Promise<bigint> {
  const both = db.withTables<{ rounds_history: RoundsHistoryTable }>();
  const net = sql<string | null>`sum(payout_total - stake_total)`.as("net");
  const hot = both
    .selectFrom("rounds")
    .select(net)
    .where("operator_id", "=", session.operatorId)
    .where("player_id", "=", session.playerId)
    .where("game_code", "=", session.gameCode)
    .where("mode", "=", session.mode)
    .where("created_at", ">=", session.createdAt)
    .where("session_id", "=", session.id)
    .where("status", "=", "closed");
  const archived = both
    .selectFrom("rounds_history")
    .select(net)
    .where("operator_id", "=", session.operatorId)
    .where("player_id", "=", session.playerId)
    .where("game_code", "=", session.gameCode)
    .where("mode", "=", session.mode)
    .where("created_at", ">=", session.createdAt)
    .where("finished_at", ">=", session.createdAt)
    .where("session_id", "=", session.id)
    .where("status", "=", "closed");
  const row = await both
    .selectFrom(hot.unionAll(archived).as("sides"))
    .select(sql<string | null>`sum(sides.net)`.as("net"))
    .executeTakeFirst();
  return BigInt(row?.net ?? 0);
}
