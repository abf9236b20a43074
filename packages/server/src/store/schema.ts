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
  audit_seal_passes: AuditSealPassesTable;
  audit_chain_origin: AuditChainOriginTable;
  seed_pairs: SeedPairsTable;
  rounds: RoundsTable;
  wallet_transactions: WalletTransactionsTable;
  operator_certifications: OperatorCertificationsTable;
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
  /** From the authenticate answer of a real-money launch (null in demo play or when not sent). */
  player_name: ColumnType<string | null, string | null | undefined, string | null>;
  player_country: ColumnType<string | null, string | null | undefined, string | null>;
  player_language: ColumnType<string | null, string | null | undefined, string | null>;
  /** Minor units of the session currency, as the wallet reported it at launch (rounded down). */
  launch_balance: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

export interface SessionTokensTable {
  token_hash: string;
  session_id: string;
  valid_until: Date | null;
  /** Set by the refresh that replaced this token: the new token, sealed under a key of this one. */
  successor_sealed: string | null;
}

export interface AuditEventsTable {
  id: Generated<bigint>;
  /** Random, unique: the attestation covers it, so a copied record cannot be stored. */
  uid: Generated<string>;
  at: Timestamp;
  operator_id: string | null;
  kind: string;
  /** Who: `cli:<user>`, `rgs` (the server itself), the back office's user. Null before it was recorded. */
  actor: string | null;
  data: ColumnType<unknown, string, string>;
  /** The writer's HMAC of the record (audit/chain-format.ts); null for records older than the chain. */
  attestation: string | null;
  /** The rest is null until the sealer places the record in its chain. */
  chain: string | null;
  seq: bigint | null;
  generation: bigint | null;
  digest: string | null;
  mac: string | null;
}

export interface AuditSealPassesTable {
  generation: bigint;
  sealed_at: Timestamp;
  legacy_through_id: bigint;
  spans: ColumnType<unknown, string, never>;
  digest: string;
  mac: string;
}

export interface AuditChainOriginTable {
  legacy_through_id: bigint;
  migrated_at: Timestamp;
}

export interface SeedPairsTable {
  id: string;
  operator_id: string;
  player_id: string;
  mode: "demo" | "real";
  /** SecretBox-sealed: the server seed is secret until the pair is retired. */
  server_seed_sealed: string;
  /** SHA-256 hex of the server seed: the commitment shown before play. */
  server_seed_hash: string;
  client_seed: string;
  next_nonce: ColumnType<number, number | undefined, number>;
  status: "active" | "next" | "retired";
  created_at: Timestamp;
  retired_at: Date | null;
}

/** JSON columns are written as JSON text and read back parsed. */
type Json<Nullable extends null = never> = ColumnType<unknown, string | Nullable, string | Nullable>;

export type RoundStatus = "initializing" | "open" | "settling" | "closed" | "void";

export interface RoundsTable {
  id: string;
  session_id: string;
  operator_id: string;
  player_id: string;
  mode: "demo" | "real";
  game_code: string;
  currency: string;
  decimals: number;
  status: RoundStatus;
  stake_total: ColumnType<bigint, bigint | undefined, bigint>;
  payout_total: ColumnType<bigint, bigint | undefined, bigint>;
  params: Json;
  state: Json;
  view: Json;
  actions: ColumnType<unknown, string | undefined, string>;
  seed_pair_id: string;
  nonce: number;
  random_position: ColumnType<number, number | undefined, number>;
  deadline: Date | null;
  close_reason: string | null;
  note: string | null;
  created_at: Timestamp;
  last_action_at: Timestamp;
  closed_at: Date | null;
  /** The Idempotency-Key of the bet that opened the round, and the digest of its request (0008). */
  request_key: ColumnType<string | null, string | null | undefined, string | null>;
  request_digest: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Idempotency-Keys of the round's actions (0008). */
  action_keys: ColumnType<unknown, string | undefined, string>;
}

export type TransactionKind = "debit" | "credit" | "rollback";
export type TransactionStatus = "pending" | "ok" | "refused" | "ambiguous" | "dead";

export interface WalletTransactionsTable {
  transaction_id: string;
  round_id: string;
  seq: number;
  kind: TransactionKind;
  amount: bigint;
  round_closed: boolean;
  reverse_transaction_id: string | null;
  request_id: string;
  /** The exact body sent, resent byte for byte on every retry. */
  request_body: string;
  status: TransactionStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date | null;
  lease_owner: string | null;
  lease_until: Date | null;
  last_error: string | null;
  answer: Json<null>;
  /** The answer's exact bytes as received (migration 0006); null for rows written before it. */
  answer_raw: Uint8Array | null;
  created_at: Timestamp;
  completed_at: Date | null;
  alerted_at: Date | null;
}

export interface OperatorCertificationsTable {
  id: Generated<bigint>;
  operator_id: string;
  /** The callback base URL the tester ran against, exactly as configured then. */
  callback_url: string;
  player_id: string;
  second_player_id: string | null;
  currency: string;
  started_at: Timestamp;
  finished_at: Timestamp;
  passed: boolean;
  /** The tester's summary by category and its totals. */
  categories: Json;
  totals: Json;
  /** Ids of the checks that failed. */
  failed_checks: JsonStrings;
  tester_version: string;
  /** The tester's whole JSON report, as text. */
  report: string;
}
