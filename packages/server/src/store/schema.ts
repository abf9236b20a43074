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
  wallet_attempts: WalletAttemptsTable;
  operator_certifications: OperatorCertificationsTable;
  round_pace: RoundPaceTable;
  reality_checks: RealityChecksTable;
  free_round_campaigns: FreeRoundCampaignsTable;
  free_round_grants: FreeRoundGrantsTable;
  free_round_plays: FreeRoundPlaysTable;
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
  /** The IANA zone of the operator's own days, kept exact in the GGR report (migration 0032). */
  time_zone: ColumnType<string, string | undefined, string>;
  /** Production may send this operator's callbacks to a non-public address (migration 0033). */
  allow_private_network: ColumnType<boolean, boolean | undefined, boolean>;
  /** The operator's default jurisdiction profile (migration 0036). */
  jurisdiction: ColumnType<string, string | undefined, string>;
  /** The operator's responsible-gambling page and the player's limits page (migration 0041). */
  responsible_gambling_url: ColumnType<string | null, string | null | undefined, string | null>;
  limits_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** The operator may run free-round campaigns (migration 0043). */
  free_rounds: ColumnType<boolean, boolean | undefined, boolean>;
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
  /** The launch request's `languageCode` (ISO 639-1); null when it named none. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** The jurisdiction profile that applies (migration 0036). */
  jurisdiction: ColumnType<string, string | undefined, string>;
  /** Minutes between reality checks; null: none. */
  reality_check_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the last reality check was acknowledged; null: none yet (migration 0040). */
  reality_check_acked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** When a player last started a round a minimum round duration covers (migration 0040). */
export interface RoundPaceTable {
  operator_id: string;
  player_id: string;
  mode: string;
  started_at: Timestamp;
  /** The round that took this start; cleared when the wallet refused its bet and the start was given back. */
  round_id: string | null;
  previous_started_at: Date | null;
}

/** Each acknowledged reality check, with what the player was shown (migration 0040). */
export interface RealityChecksTable {
  id: Generated<bigint>;
  session_id: string;
  operator_id: string;
  player_id: string;
  acknowledged_at: Timestamp;
  played_seconds: number;
  currency: string;
  /** Minor units of the session currency; null where the profile does not show it. */
  net_position: bigint | null;
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

export type RoundStatus = "initializing" | "open" | "settling" | "closed" | "cancelled" | "void";

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
  /** How long the attempt that got the final answer took (migration 0060); null before one, and in demo. */
  latency_ms: number | null;
}

/** A failed attempt of a wallet callback (migration 0060): kept for the first few, bounded in size. */
export interface WalletAttemptsTable {
  transaction_id: string;
  /** 1-based, as `attempts` counts them. */
  attempt: number;
  sent_at: Date;
  latency_ms: number;
  http_status: number | null;
  /** Why it was not a clear answer: a reason code and what was wrong. */
  error: string;
  /** The wallet's answer as received, cut short; null when none arrived. */
  answer: string | null;
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

/** A free-round campaign (migration 0043): unique per operator by its reference. */
export interface FreeRoundCampaignsTable {
  id: string;
  operator_id: string;
  reference: string;
  request_digest: string;
  game_codes: JSONColumnType<string[], string, string>;
  currency: string;
  /** Minor units of `currency`. */
  bet: bigint;
  params: JSONColumnType<object | null, string | null, string | null>;
  rounds_per_player: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  cancelled_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

/** Rounds of a campaign granted to one player (migration 0044). */
export interface FreeRoundGrantsTable {
  id: string;
  campaign_id: string;
  operator_id: string;
  player_id: string;
  reference: string;
  rounds: number;
  rounds_remaining: number;
  created_at: Timestamp;
}

/** A round played on a grant (migration 0045); `returned` once its round went back to the grant. */
export interface FreeRoundPlaysTable {
  round_id: string;
  grant_id: string;
  campaign_id: string;
  operator_id: string;
  bet: bigint;
  returned: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}
