import type { Store } from "../store/database.ts";
import { toRound } from "../store/round-columns.ts";
import { historyDb } from "./history-tables.ts";
import {
  FINISHED,
  findRound,
  type HistoryCursor,
  isUuid,
  listFinishedRounds,
  olderThan,
  type PlayerGame,
  type RoundRow,
} from "./round-repository.ts";

/**
 * Reads of finished rounds that must find them wherever they are: in the hot tables or, once moved
 * (history-mover.ts), in the history. The hot table is read first: a round moved in between is then found
 * in the history, since the move deletes and inserts in one transaction.
 */

type Db = Pick<Store, "db">;

/** One round, hot or archived. Not for updates: an archived round never changes. */
export async function findAnyRound(store: Db, id: string): Promise<RoundRow | undefined> {
  const hot = await findRound(store.db, id);
  if (hot || !isUuid(id)) return hot;
  const row = await historyDb(store)
    .selectFrom("rounds_history")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toRound(row);
}

/** The operator of a round, hot or archived, read alone (the replay page's frame policy needs nothing else). */
export async function findOperatorOfRound(store: Db, id: string): Promise<string | undefined> {
  if (!isUuid(id)) return undefined;
  const hot = await store.db
    .selectFrom("rounds")
    .select("operator_id")
    .where("id", "=", id)
    .executeTakeFirst();
  if (hot) return hot.operator_id;
  const archived = await historyDb(store)
    .selectFrom("rounds_history")
    .select("operator_id")
    .where("id", "=", id)
    .executeTakeFirst();
  return archived?.operator_id;
}

/** The player's finished rounds of one game and mode, newest first, from the hot table and the history. */
export async function listAllFinishedRounds(
  store: Db,
  key: PlayerGame,
  opts: { limit: number; before?: HistoryCursor },
): Promise<RoundRow[]> {
  const hot = await listFinishedRounds(store.db, key, opts);
  let query = historyDb(store)
    .selectFrom("rounds_history")
    .selectAll()
    .where("operator_id", "=", key.operatorId)
    .where("player_id", "=", key.playerId)
    .where("game_code", "=", key.gameCode)
    .where("mode", "=", key.mode)
    .where("status", "in", FINISHED);
  if (opts.before) query = query.where(olderThan(opts.before));
  const archived = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(opts.limit)
    .execute();
  const seen = new Set(hot.map((r) => r.id));
  return [...hot, ...archived.map(toRound).filter((r) => !seen.has(r.id))]
    .sort(newestFirst)
    .slice(0, opts.limit);
}

function newestFirst(a: RoundRow, b: RoundRow): number {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** What verifying a recorded round needs besides its details: its session's max win and its first debit. */
export async function findVerifyInputs(
  store: Db,
  roundId: string,
): Promise<{ maxWin: bigint; openingDebit: bigint | undefined } | undefined> {
  const db = historyDb(store);
  const session = await db
    .selectFrom("rounds")
    .innerJoin("sessions", "sessions.id", "rounds.session_id")
    .select("sessions.max_win as maxWin")
    .where("rounds.id", "=", roundId)
    .unionAll(
      db
        .selectFrom("rounds_history")
        .innerJoin("sessions", "sessions.id", "rounds_history.session_id")
        .select("sessions.max_win as maxWin")
        .where("rounds_history.id", "=", roundId),
    )
    .executeTakeFirst();
  if (!session) return undefined;
  const debit = await db
    .selectFrom("wallet_transactions")
    .select(["amount", "seq"])
    .where("round_id", "=", roundId)
    .where("kind", "=", "debit")
    .unionAll(
      db
        .selectFrom("wallet_transactions_history")
        .select(["amount", "seq"])
        .where("round_id", "=", roundId)
        .where("kind", "=", "debit"),
    )
    .orderBy("seq")
    .limit(1)
    .executeTakeFirst();
  return { maxWin: session.maxWin, openingDebit: debit?.amount };
}
