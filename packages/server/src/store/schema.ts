import type { ColumnType, Generated, JSONColumnType } from "kysely";

/** Row types of the tables, as Kysely sees them: bigint for int8 columns, Date for timestamptz. */
export interface Database {
  operators: OperatorsTable;
  operator_secrets: OperatorSecretsTable;
  operator_bet_limits: OperatorBetLimitsTable;
  packs: PacksTable;
  pack_games: PackGamesTable;
  operator_packs: OperatorPacksTable;
  sessions: SessionsTable;
  session_tokens: SessionTokensTable;
  audit_events: AuditEventsTable;
}

type Timestamp = ColumnType<Date, Date, Date>;
type JsonStrings<Nullable extends null = never> = JSONColumnType<
  string[] | Nullable,
  string | Nullable,
  string | Nullable
>;

export interface OperatorsTable {
  id: string;
  name: string;
  callback_url: string | null;
  lobby_url: string | null;
  allowed_countries: JsonStrings<null>;
  frame_ancestors: JsonStrings;
  /** At most one row is the sandbox operator that a staging server creates for itself. */
  sandbox: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OperatorSecretsTable {
  id: Generated<bigint>;
  operator_id: string;
  sealed_secret: string;
  created_at: Timestamp;
  /** Null for the current secret; for a replaced one, the moment it stops being accepted. */
  valid_until: Date | null;
  /** From this moment on the secret signs wallet callbacks (until it stops being valid). */
  signs_callbacks_from: Timestamp;
}

export interface OperatorBetLimitsTable {
  operator_id: string;
  currency: string;
  min_bet: bigint;
  max_bet: bigint;
  max_win: bigint;
}

export interface PacksTable {
  id: string;
  name: string;
  created_at: Timestamp;
}

export interface PackGamesTable {
  pack_id: string;
  game_code: string;
}

export interface OperatorPacksTable {
  operator_id: string;
  pack_id: string;
}

export interface SessionsTable {
  id: string;
  operator_id: string;
  player_id: string;
  game_code: string;
  currency: string;
  country_code: string;
  mode: "demo" | "real";
  min_bet: bigint;
  max_bet: bigint;
  max_win: bigint;
  launch_key: string;
  details: ColumnType<unknown, string | null, string | null>;
  demo_balance: bigint | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface SessionTokensTable {
  token_hash: string;
  session_id: string;
  valid_until: Date | null;
}

export interface AuditEventsTable {
  id: Generated<bigint>;
  at: Timestamp;
  operator_id: string | null;
  kind: string;
  data: ColumnType<unknown, string, string>;
}
