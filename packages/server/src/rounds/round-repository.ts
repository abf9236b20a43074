import type { Kysely, Selectable, Updateable } from "kysely";
import type { Database, RoundStatus, RoundsTable } from "../store/schema.ts";
import { decodeJson, encodeJson } from "./json-codec.ts";

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
}

export type NewRound = Omit<RoundRow, "stakeTotal" | "payoutTotal" | "actions" | "closeReason" | "closedAt">;

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
  };
}

export async function insertRound(db: Executor, round: NewRound): Promise<void> {
  await db
    .insertInto("rounds")
    .values({
      id: round.id,
      session_id: round.sessionId,
      operator_id: round.operatorId,
      player_id: round.playerId,
      mode: round.mode,
      game_code: round.gameCode,
      currency: round.currency,
      decimals: round.decimals,
      status: round.status,
      params: encodeJson(round.params),
      state: encodeJson(round.state),
      view: encodeJson(round.view),
      seed_pair_id: round.seedPairId,
      nonce: round.nonce,
      random_position: round.randomPosition,
      deadline: round.deadline,
      note: round.note,
      created_at: round.createdAt,
      last_action_at: round.lastActionAt,
    })
    .execute();
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

/** Whether the player has a round, in any game of the mode, whose outcome still depends on unrevealed seeds. */
export async function hasUndecidedRound(db: Executor, key: Omit<PlayerGame, "gameCode">): Promise<boolean> {
  const row = await db
    .selectFrom("rounds")
    .select("id")
    .where("operator_id", "=", key.operatorId)
    .where("player_id", "=", key.playerId)
    .where("mode", "=", key.mode)
    .where("status", "in", ["initializing", "open"])
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateRound(db: Executor, id: string, patch: RoundPatch): Promise<void> {
  const set: Updateable<RoundsTable> = {};
  if (patch.status !== undefined) set.status = patch.status;
  if (patch.stakeTotal !== undefined) set.stake_total = patch.stakeTotal;
  if (patch.payoutTotal !== undefined) set.payout_total = patch.payoutTotal;
  if (patch.state !== undefined) set.state = encodeJson(patch.state);
  if (patch.view !== undefined) set.view = encodeJson(patch.view);
  if (patch.actions !== undefined) set.actions = encodeJson(patch.actions);
  if (patch.randomPosition !== undefined) set.random_position = patch.randomPosition;
  if (patch.deadline !== undefined) set.deadline = patch.deadline;
  if (patch.closeReason !== undefined) set.close_reason = patch.closeReason;
  if (patch.note !== undefined) set.note = patch.note;
  if (patch.lastActionAt !== undefined) set.last_action_at = patch.lastActionAt;
  if (patch.closedAt !== undefined) set.closed_at = patch.closedAt;
  await db.updateTable("rounds").set(set).where("id", "=", id).execute();
}

export interface HistoryCursor {
  createdAt: Date;
  id: string;
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
  const before = opts.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb("created_at", "<", before.createdAt),
        eb.and([eb("created_at", "=", before.createdAt), eb("id", "<", before.id)]),
      ]),
    );
  }
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(opts.limit).execute();
  return rows.map(toRound);
}
