import type { Selectable } from "kysely";
import { decodeJson, encodeJson } from "../rounds/json-codec.ts";
import type { RoundStatus, RoundsTable } from "./schema.ts";

/** What an action's key records on its round: the request's digest and the debits the action took. */
export interface ActionKeyRecord {
  digest: string;
  debits?: string[];
  /** A demo action refused for its stake (nothing else of it is stored). */
  refused?: true;
}

export type ActionKeys = Record<string, ActionKeyRecord>;

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

/** The fields of a round a step may change. */
export const ROUND_PATCH_FIELDS = [
  "status",
  "stakeTotal",
  "payoutTotal",
  "state",
  "view",
  "actions",
  "randomPosition",
  "deadline",
  "closeReason",
  "note",
  "lastActionAt",
  "closedAt",
  "actionKeys",
] as const satisfies readonly (keyof RoundRow)[];

export type RoundPatch = Partial<Pick<RoundRow, (typeof ROUND_PATCH_FIELDS)[number]>>;

/** A field's column: its name and SQL type, and how a value is written to it and read back, when not as is. */
export interface ColumnSpec {
  name: string;
  type: string;
  write?: (value: never) => unknown;
  read?: (value: never) => unknown;
  /** False: not written when the row is inserted (the column's default applies). */
  inserted?: false;
  /**
   * False: an update of it is made by the job at once, never left to its batch's end; only the columns
   * every step writes are worth a place in the batch's one statement.
   */
  batched?: false;
}

type StoredRoundField = Exclude<keyof RoundRow, "newActionKeys">;

/** Every stored field of a round and its column in `rounds` (and `rounds_history`, made like it). */
export const ROUND_COLUMNS = {
  id: { name: "id", type: "uuid" },
  sessionId: { name: "session_id", type: "uuid" },
  operatorId: { name: "operator_id", type: "uuid" },
  playerId: { name: "player_id", type: "text" },
  mode: { name: "mode", type: "text" },
  gameCode: { name: "game_code", type: "text" },
  currency: { name: "currency", type: "text" },
  decimals: { name: "decimals", type: "integer" },
  status: { name: "status", type: "text" },
  stakeTotal: { name: "stake_total", type: "bigint" },
  payoutTotal: { name: "payout_total", type: "bigint" },
  params: { name: "params", type: "jsonb", write: encodeJson, read: decodeJson },
  state: { name: "state", type: "jsonb", write: encodeJson, read: decodeJson },
  view: { name: "view", type: "jsonb", write: encodeJson, read: decodeJson },
  actions: { name: "actions", type: "jsonb", write: encodeJson, read: decodeJson },
  seedPairId: { name: "seed_pair_id", type: "uuid" },
  nonce: { name: "nonce", type: "integer" },
  randomPosition: { name: "random_position", type: "integer" },
  deadline: { name: "deadline", type: "timestamptz" },
  closeReason: { name: "close_reason", type: "text" },
  note: { name: "note", type: "text" },
  createdAt: { name: "created_at", type: "timestamptz" },
  lastActionAt: { name: "last_action_at", type: "timestamptz" },
  closedAt: { name: "closed_at", type: "timestamptz" },
  requestKey: { name: "request_key", type: "text" },
  requestDigest: { name: "request_digest", type: "text" },
  actionKeys: {
    name: "action_keys",
    type: "jsonb",
    // Keys are the client's text (a key may read "__proto__"): the parsed object is kept, never rebuilt.
    write: JSON.stringify,
    read: (value: unknown) => value ?? {},
    inserted: false,
    batched: false,
  },
} as const satisfies Record<StoredRoundField, ColumnSpec>;

type Entry = [field: string, spec: ColumnSpec];
const ENTRIES: readonly Entry[] = Object.entries(ROUND_COLUMNS);
const INSERTED = ENTRIES.filter(([, spec]) => spec.inserted !== false);
const PATCHED = ENTRIES.filter(([field]) => (ROUND_PATCH_FIELDS as readonly string[]).includes(field));

const written = (spec: ColumnSpec, value: unknown): unknown =>
  spec.write ? (spec.write as (v: unknown) => unknown)(value) : value;

/** The row to insert for a round (column names as in the table). */
export function roundRow(round: RoundRow): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, spec] of INSERTED) {
    const value = (round as unknown as Record<string, unknown>)[field];
    row[spec.name] = value === undefined ? null : written(spec, value);
  }
  return row;
}

/** The columns a patch changes, and nothing else. */
export function roundPatchColumns(patch: RoundPatch): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [field, spec] of PATCHED) {
    const value = (patch as Record<string, unknown>)[field];
    if (value !== undefined) columns[spec.name] = written(spec, value);
  }
  return columns;
}

/** A round as read from its table. */
export function toRound(row: Selectable<RoundsTable>): RoundRow {
  const round: Record<string, unknown> = {};
  const stored = row as unknown as Record<string, unknown>;
  for (const [field, spec] of ENTRIES) {
    const value = stored[spec.name];
    round[field] = spec.read ? (spec.read as (v: unknown) => unknown)(value) : value;
  }
  return round as unknown as RoundRow;
}

/** The SQL type of each column a batch may update at its end, by column name. */
export const ROUND_BATCHED_TYPES: Readonly<Record<string, string>> = Object.fromEntries([
  [ROUND_COLUMNS.id.name, ROUND_COLUMNS.id.type],
  ...PATCHED.filter(([, spec]) => spec.batched !== false).map(([, spec]) => [spec.name, spec.type]),
]);
