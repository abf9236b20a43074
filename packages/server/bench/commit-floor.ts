/**
 * The store's own floor: how many durable single-row commits a second the store takes, one insert per
 * transaction (an autocommit INSERT), from one writer at a time and from several at once. No RGS: the
 * embedded store is opened the way the RGS opens it (PGlite over a data directory on disk, one instance,
 * every caller waiting its turn, each commit's WAL flushed to disk as the RGS's writer does); PostgreSQL is reached through a connection pool, with the server's own
 * durability settings (printed with the figures), in a schema created for the run and dropped after it.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { walSyncer } from "../src/store/wal-sync.ts";
import type { Measurement, Operation } from "./load.ts";

const TABLE =
  "create table bench_commit (id bigserial primary key, payload text not null, at timestamptz not null default now())";
const INSERT = "insert into bench_commit (payload) values ($1)";
const PAYLOAD = "x".repeat(100);

export type Measure = (name: string, store: string, clients: Operation[]) => Promise<Measurement>;

export async function pgliteCommitFloor(concurrency: number, measure: Measure): Promise<Measurement[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "rgs-bench-pglite-"));
  const pglite = await PGlite.create({ dataDir: path.join(dir, "pgdata") });
  const flush = walSyncer(path.join(dir, "pgdata"));
  try {
    await pglite.exec(TABLE);
    // PGlite never fsyncs its WAL; a commit is durable once the flush the RGS adds after it is done.
    const insert: Operation = async () => {
      await pglite.query(INSERT, [PAYLOAD]);
      await flush();
    };
    return [
      await measure("commit floor, serial", "embedded (PGlite)", [insert]),
      await measure(
        `commit floor, ${concurrency} concurrent`,
        "embedded (PGlite)",
        Array.from({ length: concurrency }, () => insert),
      ),
    ];
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** PostgreSQL's durability settings, printed with its commit floor. */
export async function postgresDurability(databaseUrl: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const settings: Record<string, string> = {};
    for (const name of ["fsync", "synchronous_commit", "wal_sync_method", "server_version"]) {
      const { rows } = await client.query<Record<string, string>>(`show ${name}`);
      settings[name] = rows[0]?.[name] ?? "?";
    }
    return settings;
  } finally {
    await client.end();
  }
}

export async function postgresCommitFloor(
  databaseUrl: string,
  concurrency: number,
  measure: Measure,
): Promise<Measurement[]> {
  const schema = `bench_commit_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: concurrency,
    options: `-c search_path=${schema}`,
  });
  pool.on("error", () => {});
  try {
    await pool.query(`create schema ${schema}`);
    await pool.query(TABLE);
    const insert: Operation = async () => {
      await pool.query(INSERT, [PAYLOAD]);
    };
    return [
      await measure("commit floor, serial", "PostgreSQL", [insert]),
      await measure(
        `commit floor, ${concurrency} concurrent`,
        "PostgreSQL",
        Array.from({ length: concurrency }, () => insert),
      ),
    ];
  } finally {
    await pool.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await pool.end();
  }
}
