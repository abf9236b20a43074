import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, RoundStatus, RoundsTable } from "../store/schema.ts";
import { decodeJson } from "./json-codec.ts";
import type { ActionKeys } from "./request-keys.ts";

/** A query runner: the store's Kysely instance or an open transaction of it. */
export type Executor = Kysely<Database>;

export type { RoundStatus } from "../store/schema.ts";

/** Statuses of a round that is not over; the partial unique index allows one per player, game and mode. */
export const UNFINISHED: readonly RoundStatus[] = ["initializing", "open", "settling"];

/** One accepted step of a round, in order, with the server time it was applied: replaying them reproduces the round. */
export interface RoundAction {
  type: "act" | "tick" | "abandon";
  action?: string;
  params?: unknown;
  at: string;
  /** The debits the step took, when it took any. */
  debits?: string[];
  /** The wallet refused the step's debit; the game put the round back as it was. */
  debitRefused?: boolean;
}

export interface RoundRow {
  id: string;
  sessionId: string;
  operatorId: string;
  playerId: string;
  mode: "demo" | "real";
  gameCode: string;
  currency: string;
  decimals: number;
  status: RoundStatus;
  stakeTotal: bigint;
  payoutTotal: bigint;
  params: unknown;
  state: unknown;
  view: unknown;
  actions: RoundAction[];
  seedPairId: string;
  nonce: number;
  randomPosition: number;
  deadline: Date | null;
  closeReason: string | null;
  note: string | null;
  createdAt: Date;
  lastActionAt: Date;
  closedAt: Date | null;
  /** The Idempotency-Key of the bet that opened the round and its request's digest (see request-keys.ts). */
  requestKey?: string | null;
  requestDigest?: string | null;
  /** The Idempotency-Keys of the round's actions. */
  actionKeys?: ActionKeys;
  /** Set by the step that adds an action's key: only that step's update writes the keys. */
  newActionKeys?: ActionKeys;
}

export type RoundPatch = Partial<
  Pick<
    RoundRow,
    | "status"
    | "stakeTotal"
    | "payoutTotal"
    | "state"
    | "view"
    | "actions"
    | "randomPosition"
    | "deadline"
    | "closeReason"
    | "note"
    | "lastActionAt"
    | "closedAt"
    | "actionKeys"
  >
>;

export function toRound(row: Selectable<RoundsTable>): RoundRow {
  return {
    id: row.id,
    sessionId: row.session_id,
    operatorId: row.operator_id,
    playerId: row.player_id,
    mode: row.mode,
    gameCode: row.game_code,
    currency: row.currency,
    decimals: row.decimals,
    status: row.status,
    stakeTotal: row.stake_total,
    payoutTotal: row.payout_total,
    params: decodeJson(row.params),
    state: decodeJson(row.state),
    view: decodeJson(row.view),
    actions: decodeJson(row.actions) as RoundAction[],
    seedPairId: row.seed_pair_id,
    nonce: row.nonce,
    randomPosition: row.random_position,
    deadline: row.deadline,
    closeReason: row.close_reason,
    note: row.note,
    createdAt: row.created_at,
    lastActionAt: row.last_action_at,
    closedAt: row.closed_at,
    requestKey: row.request_key,
    requestDigest: row.request_digest,
    // Keys are the client's text (a key may read "__proto__"): the parsed object is kept, never rebuilt.
    actionKeys: (row.action_keys ?? {}) as ActionKeys,
  };
}

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

/** The player's finished rounds of one mode, newest first, before a cursor. */
export async function listFinishedRounds(
  db: Executor,
  key: Omit<PlayerGame, "gameCode">,
  opts: { limit: number; before?: HistoryCursor },
): Promise<RoundRow[]> {
  let query = db
    .selectFrom("rounds")
    .selectAll()
    .where("operator_id", "=", key.operatorId)
    .where("player_id", "=", key.playerId)
    .where("mode", "=", key.mode)
    .where("status", "=", "closed");
  if (opts.before) query = query.where(olderThan(opts.before));
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(opts.limit).execute();
  return rows.map(toRound);
}
