import { randomBytes } from "node:crypto";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { GAMES } from "@rgs/protocol/catalog";
import { Kysely, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { AuditKeyring } from "../audit/audit-keys.ts";
import { AuditLog } from "../audit/audit-log.ts";
import { AuditSealer } from "../audit/sealer.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import { loadOrCreateSecretKey } from "../crypto/secret-box.ts";
import {
  EMBEDDED_REPORTING_LIMITS,
  POSTGRES_REPORTING_LIMITS,
  type ReportingLimits,
  ReportingQueryPool,
  reportingConnectionOptions,
} from "../reporting/query-pool.ts";
import { GroupCommitWriter } from "./group-commit.ts";
import { acquireDataDirLock, type DataDirLock } from "./lock.ts";
import { migrationProvider } from "./migrations/index.ts";
import { OperatorRepository } from "./operators-repository.ts";
import { PackRepository } from "./packs-repository.ts";
import { PGliteDialect } from "./pglite-dialect.ts";
import { pgliteTemplate, templateKey } from "./pglite-template.ts";
import type { Database } from "./schema.ts";
import { type SessionRepository, SqlSessionRepository } from "./sessions-repository.ts";
import { walSyncer } from "./wal-sync.ts";

export type { AuditEvent, AuditInput, AuditLog } from "../audit/audit-log.ts";
export type { Operator, OperatorCredentials, OperatorLimitOverride } from "./operators-repository.ts";
export { OperatorRepository } from "./operators-repository.ts";
export type { Pack } from "./packs-repository.ts";
export { PackRepository } from "./packs-repository.ts";
export type { Database } from "./schema.ts";
export type { GameSession, SessionRepository } from "./sessions-repository.ts";

/** The pack every catalog game belongs to, kept equal to the catalog each time a store opens. */
export const DEFAULT_PACK_ID = "default";
const DEFAULT_PACK_NAME = "All games";

export interface Store {
  db: Kysely<Database>;
  kind: "pglite" | "postgres";
  operators: OperatorRepository;
  packs: PackRepository;
  sessions: SessionRepository;
  /** Appends to the audit trail (audit/audit-log.ts). */
  audit: AuditLog;
  /** The audit trail's keys, derived from the secret key: what seals, verifies and exports it. */
  auditKeys: AuditKeyring;
  /** The operator's reporting queries: connections, timeout and per-operator cap of their own (reporting/query-pool.ts). */
  reporting: ReportingQueryPool;
  /** Group commit: the ledger's writes of every bet in flight share transactions (see rounds/ledger.ts). */
  writer: GroupCommitWriter;
  /** Embedded mode only: the DATA_DIR lock, whose socket serves the admin interface. */
  lock?: DataDirLock;
  close(): Promise<void>;
}

/** Postgres type OIDs whose text form is parsed here rather than left as strings. */
const INT8_OID = 20;

/**
 * Embedded (PGlite in DATA_DIR/pgdata, under the DATA_DIR lock) unless DATABASE_URL is set.
 * Migrations run before the store is returned; the default pack is synced with the catalog.
 */
export async function openStore(opts: { config: Config; clock: Clock }): Promise<Store> {
  const auditKeys = new AuditKeyring(await loadOrCreateSecretKey(opts.config), opts.config.auditKeyVersion);
  if (opts.config.databaseUrl) {
    return openPostgresStore({
      connectionString: opts.config.databaseUrl,
      clock: opts.clock,
      maxConnections: opts.config.databasePoolSize,
      connectTimeoutMs: opts.config.databaseConnectTimeoutMs,
      writerLanes: opts.config.writerLanes,
      auditKeys,
      reportingLimits: opts.config.reporting,
    });
  }
  const lock = await acquireDataDirLock(opts.config.dataDir);
  try {
    const pgdata = path.join(opts.config.dataDir, "pgdata");
    const pglite = await PGlite.create({
      dataDir: pgdata,
      parsers: { [INT8_OID]: (value: string) => BigInt(value) },
    });
    return await finishOpening(new PGliteDialect(pglite), "pglite", opts.clock, {
      lock,
      auditKeys,
      afterCommit: walSyncer(pgdata),
    });
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * A fresh in-memory PGlite database with every migration applied: for tests. Where a migrated
 * template is available (see pglite-template.ts) the database starts as a copy of it; the
 * migrator still runs, and finds nothing to do. Without `auditKeys` its audit trail is sealed under
 * keys of a random secret.
 */
export async function openMemoryStore(
  opts: { clock?: Clock; auditKeys?: AuditKeyring } = {},
): Promise<Store> {
  const template = pgliteTemplate(templateKey(await migrationProvider.getMigrations()));
  const migrated = await template?.load();
  const pglite = await PGlite.create({
    parsers: { [INT8_OID]: (value: string) => BigInt(value) },
    ...(migrated && { loadDataDir: migrated }),
  });
  return finishOpening(new PGliteDialect(pglite), "pglite", opts.clock ?? systemClock, {
    auditKeys: opts.auditKeys ?? randomAuditKeys(),
    ...(template && !migrated && { afterMigrating: () => template.save(pglite) }),
  });
}

/**
 * PostgreSQL through a connection pool. `options` goes to the server at connect time (for example
 * `-c search_path=...`), which is how tests give each suite a schema of its own.
 */
export async function openPostgresStore(opts: {
  connectionString: string;
  clock: Clock;
  options?: string;
  maxConnections?: number;
  /** Without it a database whose packets are dropped (not refused) holds requests until TCP gives up. */
  connectTimeoutMs?: number;
  writerLanes?: number;
  /** The audit trail's keys; without them, those of a random secret (tests). */
  auditKeys?: AuditKeyring;
  /** The reporting pool's limits (default POSTGRES_REPORTING_LIMITS). */
  reportingLimits?: ReportingLimits;
}): Promise<Store> {
  const pool = postgresPool({ ...opts, max: opts.maxConnections ?? 10 });
  const reportingLimits = opts.reportingLimits ?? POSTGRES_REPORTING_LIMITS;
  // Opened lazily by pg: an instance that serves no report holds no reporting connection.
  const reportingDb = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: postgresPool({
        ...opts,
        max: reportingLimits.connections,
        options: reportingConnectionOptions(reportingLimits, opts.options),
      }),
    }),
  });
  return finishOpening(new PostgresDialect({ pool }), "postgres", opts.clock, {
    auditKeys: opts.auditKeys ?? randomAuditKeys(),
    reporting: { db: reportingDb, limits: reportingLimits },
    writerLanes: Math.max(
      1,
      Math.min(opts.writerLanes ?? DEFAULT_WRITER_LANES, Math.floor((opts.maxConnections ?? 10) / 2)),
    ),
  });
}

function postgresPool(opts: {
  connectionString: string;
  max: number;
  connectTimeoutMs?: number;
  options?: string;
}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max,
    ...(opts.connectTimeoutMs !== undefined && { connectionTimeoutMillis: opts.connectTimeoutMs }),
    ...(opts.options !== undefined && { options: opts.options }),
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8_OID && format !== "binary"
          ? (value: string) => BigInt(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A client losing its connection (PostgreSQL restarting, the network cut) must not crash the process. An
  // idle one is replaced by the pool; one in use fails its query (answered 503 store_unavailable) and,
  // no longer queryable, is dropped by the pool when released, so the next request gets a fresh connection.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

async function finishOpening(
  dialect: ConstructorParameters<typeof Kysely<Database>>[0]["dialect"],
  kind: Store["kind"],
  clock: Clock,
  opts: {
    auditKeys: AuditKeyring;
    lock?: DataDirLock;
    afterMigrating?: () => Promise<void>;
    writerLanes?: number;
    afterCommit?: () => Promise<void>;
    /** PostgreSQL's reporting connections; the embedded store's reports share its one connection. */
    reporting?: { db: Kysely<Database>; limits: ReportingLimits };
  },
): Promise<Store> {
  const { lock, afterMigrating } = opts;
  const db = new Kysely<Database>({ dialect });
  const reportingDb = opts.reporting?.db;
  const reporting = new ReportingQueryPool({
    db: reportingDb ?? db,
    limits: opts.reporting?.limits ?? EMBEDDED_REPORTING_LIMITS,
    ...(reportingDb && { close: () => reportingDb.destroy() }),
  });
  try {
    await migrate(db);
    await afterMigrating?.();
    // Records the last start left unsealed (a crash), or that predate the chain (its migration), are sealed
    // before anything else is written.
    await new AuditSealer({ db, clock, keyring: opts.auditKeys }).sealPending();
    const packs = new PackRepository(db);
    await packs.sync({
      id: DEFAULT_PACK_ID,
      name: DEFAULT_PACK_NAME,
      games: GAMES.map((g) => g.code),
      now: new Date(clock.now()),
    });
    let closed: Promise<void> | undefined;
    return {
      db,
      kind,
      operators: new OperatorRepository(db),
      packs,
      sessions: new SqlSessionRepository(db, clock),
      audit: new AuditLog({ db, clock, key: opts.auditKeys.current }),
      auditKeys: opts.auditKeys,
      reporting,
      writer: new GroupCommitWriter(db, {
        ...writerOptions(kind, opts.writerLanes ?? 1),
        ...(opts.afterCommit && { afterCommit: opts.afterCommit }),
      }),
      ...(lock && { lock }),
      close() {
        closed ??= (async () => {
          await reporting.close();
          await db.destroy();
          await lock?.release();
        })();
        return closed;
      },
    };
  } catch (error) {
    await reporting.close();
    await db.destroy();
    throw error;
  }
}

/**
 * PGlite is one connection, so one lane. PostgreSQL gets a few lanes (each holds a pooled connection only
 * while it commits), at most half the pool, leaving the rest to reads, the outbox's claims and the sweeper.
 */
function writerOptions(kind: Store["kind"], lanes: number) {
  return kind === "pglite"
    ? { lanes: 1, maxBatch: 64, resolvesLostCommits: false }
    : { lanes, maxBatch: 64, resolvesLostCommits: true };
}

const DEFAULT_WRITER_LANES = 2;

function randomAuditKeys(): AuditKeyring {
  return new AuditKeyring(randomBytes(32));
}

/**
 * Applies pending migrations. Kysely's migrator holds a PostgreSQL advisory lock while it runs, so
 * instances starting together apply each migration once. Its bookkeeping tables live in the current
 * schema (named explicitly: the migrator would otherwise see another schema's tables as its own).
 */
async function migrate(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error("The database has no current schema: check search_path");
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return;
    if (attempt < MIGRATION_ATTEMPTS && isAnotherSchemaDropped(error, schema)) continue;
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(`Database migration ${failed ?? ""} failed: ${describe(error)}`, { cause: error });
  }
}

const MIGRATION_ATTEMPTS = 10;

/**
 * The migrator looks for its own tables by listing every schema's tables; a schema dropped by someone else
 * while that list is read fails the read ("schema ... does not exist", 3F000) before anything was changed.
 * Several RGS databases sharing one server (one schema each) make this a race worth running again; our own
 * schema missing is a real error.
 */
export function isAnotherSchemaDropped(error: unknown, ownSchema: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== "3F000" || typeof message !== "string") return false;
  const missing = /^schema "(.+)" does not exist$/.exec(message)?.[1];
  return missing !== undefined && missing !== ownSchema;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
