import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { postgresAvailable, TEST_DATABASE_URL } from "../../../../test-support/services.ts";
import { AuditChain } from "../../src/audit/audit-chain.ts";
import { manualClock } from "../../src/clock.ts";
import { loadConfig } from "../../src/config.ts";
import { openPostgresStore, openStore, type Store } from "../../src/store/database.ts";
import { migrationProvider } from "../../src/store/migrations/index.ts";
import { PGliteDialect } from "../../src/store/pglite-dialect.ts";
import { findingsOf, OPERATOR_A, TEST_SECRET, testKeyring } from "./support.ts";

/** The last migration before the audit chain: the schema an upgraded database starts from. */
const BEFORE_CHAIN = "0010-replaced-token-expiry";

/** Brings a database to the schema before the chain and writes records as the previous version did. */
async function writeLegacyRecords(db: Kysely<unknown>, schema: string): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  const { error } = await migrator.migrateTo(BEFORE_CHAIN);
  if (error) throw error;
  for (const [kind, operatorId] of [
    ["operator.created", OPERATOR_A],
    ["pack.created", null],
    ["operator.updated", OPERATOR_A],
  ] as const) {
    await sql`insert into audit_events (at, operator_id, kind, data)
      values (now(), ${operatorId}, ${kind}, '{"legacy": true}')`.execute(db);
  }
}

async function checkUpgraded(store: Store): Promise<void> {
  const clock = manualClock(Date.UTC(2030, 0, 1));
  const chain = new AuditChain({ store, clock });
  // Opening the upgraded store sealed the records it found, in the first pass, which vouches for them.
  const report = await chain.verify();
  expect(findingsOf(report)).toEqual([]);
  expect(report.chains.map((c) => [c.chain, c.links])).toEqual([
    [OPERATOR_A, 2],
    ["platform", 1],
  ]);
  const [pass] = await store.db.selectFrom("audit_seal_passes").selectAll().execute();
  expect(pass?.legacy_through_id).toBe(3n);

  // After the upgrade a record without the RGS's attestation is one inserted by SQL.
  await sql`insert into audit_events (at, operator_id, kind, data) values (now(), ${OPERATOR_A}, 'operator.updated', '{}')`.execute(
    store.db,
  );
  await chain.sealer.sealPending();
  expect(findingsOf(await chain.verify())[0]).toMatchObject({
    kind: "record_not_attested",
    chain: OPERATOR_A,
    seq: 3,
  });
}

const postgres = await postgresAvailable();

describe("upgrading a store whose audit trail predates the chain", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("seals the embedded store's existing records when the server opens it (DATA_DIR)", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "rgs-audit-upgrade-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const pglite = await PGlite.create({ dataDir: join(dataDir, "pgdata") });
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
    await writeLegacyRecords(db, "public");
    await db.destroy();

    const loaded = loadConfig({ DATA_DIR: dataDir, SECRET_KEY: TEST_SECRET.toString("base64") });
    if (!loaded.ok) throw new Error(loaded.errors.join("; "));
    const store = await openStore({ config: loaded.config, clock: manualClock(Date.UTC(2030, 0, 1)) });
    cleanups.push(() => store.close());
    await checkUpgraded(store);
  });

  it.runIf(postgres)("seals PostgreSQL's existing records when an instance opens it", async () => {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    cleanups.push(async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    });
    const pool = new pg.Pool({
      connectionString: TEST_DATABASE_URL,
      options: `-c search_path=${schema}`,
      max: 1,
    });
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    await writeLegacyRecords(db, schema);
    await db.destroy();

    const store = await openPostgresStore({
      connectionString: TEST_DATABASE_URL,
      clock: manualClock(Date.UTC(2030, 0, 1)),
      options: `-c search_path=${schema}`,
      maxConnections: 2,
      auditKeys: testKeyring(),
    });
    cleanups.push(() => store.close());
    await checkUpgraded(store);
  });
});
