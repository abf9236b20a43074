import { type Kysely, sql } from "kysely";
import { type RoundRow, toRound } from "../store/round-columns.ts";
import type { Database, RoundStatus } from "../store/schema.ts";

export type {
  ActionKeyRecord,
  ActionKeys,
  RoundAction,
  RoundPatch,
  RoundRow,
} from "../store/round-columns.ts";

/** A query runner: the store's Kysely instance or an open transaction of it. */
export type Executor = Kysely<Database>;

export type { RoundStatus } from "../store/schema.ts";

/** Statuses of a round that is not over; the partial unique index allows one per player, game and mode. */
export const UNFINISHED: readonly RoundStatus[] = ["initializing", "open", "settling"];
/** The rounds a player's history lists: played to a close, or cancelled before they were played. */
export const FINISHED: readonly RoundStatus[] = ["closed", "cancelled"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string can be a round ID; anything else is simply not found (a uuid column refuses it). */
export const isUuid = (value: string): boolean => UUID.test(value);

/** One round; `forUpdate` locks it until the transaction ends, so two requests on one round take turns. */
export async function findRound(
  db: Executor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<RoundRow | undefined> {
  if (!isUuid(id)) return undefined;
  let query = db.selectFrom("rounds").selectAll().where("id", "=", id);
  if (opts.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && toRound(row);
}

export interface PlayerGame {
  operatorId: string;
  playerId: string;
  gameCode: string;
  mode: "demo" | "real";
}

/** Whether a round is one the session's player may see: theirs, in the session's mode, and not void. */
export function isPlayersRound(
  round: RoundRow | undefined,
  player: Omit<PlayerGame, "gameCode">,
): round is RoundRow {
  return (
    round !== undefined &&
    round.operatorId === player.operatorId &&
    round.playerId === player.playerId &&
    round.mode === player.mode &&
    round.status !== "void"
  );
}

/** The player's unfinished round of a game, if any. */
export async function findUnfinishedRound(db: Executor, key: PlayerGame): Promise<RoundRow | undefined> {
  const row = await db
    .selectFrom("rounds")
    .selectAll()
    .where("operator_id", "=", key.operatorId)
    .where("player_id", "=", key.playerId)
    .where("game_code", "=", key.gameCode)
    .where("mode", "=", key.mode)
    .where("status", "in", UNFINISHED)
    .executeTakeFirst();
  return row && toRound(row);
}

export interface HistoryCursor {
  createdAt: Date;
  id: string;
}

/** Rounds after the cursor in the history's order (newest first: `created_at`, then `id`), in any rounds table. */
export function olderThan(before: HistoryCursor) {
  return sql<boolean>`(created_at < ${before.createdAt} or (created_at = ${before.createdAt} and id < ${before.id}))`;
}

/** The player's finished rounds of one game and mode, newest first, before a cursor. */
export async function listFinishedRounds(
  db: Executor,
  key: PlayerGame,
  opts: { limit: number; before?: HistoryCursor },
): Promise<RoundRow[]> {
  let query = db
    .selectFrom("rounds")
    .selectAll()
    .where("operator_id", "=", key.operatorId)
    .where("player_id", "=", key.playerId)
    .where("game_code", "=", key.gameCode)
    .where("mode", "=", key.mode)
    .where("status", "in", FINISHED);
  if (opts.before) query = query.where(olderThan(opts.before));
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(opts.limit).execute();
  return rows.map(toRound);
}
