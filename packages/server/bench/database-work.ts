/**
 * What the database did over a measured window, read from the benchmark's own cluster (nobody else uses it,
 * so its counters are the RGS's): WAL bytes (`pg_current_wal_lsn`), transactions given a transaction id
 * (every transaction that writes gets one, a read-only one does not), committed and rolled back transactions
 * and rows inserted, updated and deleted (`pg_stat_database`), and statements (`pg_stat_statements`, when it
 * is loaded). Divided by the operations of the window, per bet.
 *
 * `pg_stat_database` is flushed by each backend about once a second: the counts at either end of a window
 * under steady load lag by about the same amount, so over a window of tens of seconds the lag cancels out.
 */
import type pg from "pg";
import { median } from "./median.ts";

export interface DatabaseCounters {
  walBytes: bigint;
  /** The next transaction id to be assigned: the difference is the transactions that wrote. */
  nextXid: bigint;
  transactions: number;
  rowsWritten: number;
  /** Null when pg_stat_statements is not loaded. */
  statements: number | null;
  /** Row versions written per table so far (`pg_stat_user_tables`), by table name. */
  tables: Map<string, TableWrites>;
}

/**
 * The row versions written to one table. An update that is not HOT (heap-only: it changed an indexed column
 * or a partial index's condition, or found no room on its page) writes an entry into each of the table's
 * indexes besides its row, which is what makes a wide row's updates cost more than its bytes.
 */
export interface TableWrites {
  inserted: number;
  updated: number;
  hotUpdated: number;
}

/** A table's row versions per operation. */
export type TableWork = TableWrites & { table: string };

export interface DatabaseWork {
  statements: number | null;
  transactions: number;
  writingTransactions: number;
  rowsWritten: number;
  walBytes: number;
  /** The tables written in the window, the most row versions first. */
  tables: TableWork[];
}

/** A log sequence number (`16/B374D848`) as a byte position. */
export function parseLsn(lsn: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(lsn);
  if (!match?.[1] || !match[2]) throw new Error(`not a log sequence number: ${lsn}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** Statements, transaction control (BEGIN, COMMIT...) apart, as the wire-protocol counter counts them. */
const STATEMENTS = `(select sum(calls) from pg_stat_statements
   where query !~* '^\\s*(begin|start|commit|end|rollback|savepoint|release|abort)\\M')::text`;

export async function readCounters(client: pg.Client, statStatements: boolean): Promise<DatabaseCounters> {
  const { rows } = await client.query<{
    lsn: string;
    xmax: string;
    transactions: string;
    rows_written: string;
    statements: string | null;
  }>(
    `select pg_current_wal_lsn()::text as lsn,
            pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
            (select sum(xact_commit + xact_rollback) from pg_stat_database)::text as transactions,
            (select sum(tup_inserted + tup_updated + tup_deleted) from pg_stat_database)::text as rows_written,
            ${statStatements ? STATEMENTS : "null"} as statements`,
  );
  const row = rows[0];
  if (row === undefined) throw new Error("no answer reading the database's counters");
  const written = await client.query<{ table: string; inserted: string; updated: string; hot: string }>(
    `select relname as table, n_tup_ins::text as inserted, n_tup_upd::text as updated,
            n_tup_hot_upd::text as hot
       from pg_stat_user_tables where n_tup_ins + n_tup_upd > 0`,
  );
  const tables = new Map<string, TableWrites>();
  for (const t of written.rows) {
    tables.set(t.table, {
      inserted: Number(t.inserted),
      updated: Number(t.updated),
      hotUpdated: Number(t.hot),
    });
  }
  return {
    walBytes: parseLsn(row.lsn),
    nextXid: BigInt(row.xmax),
    transactions: Number(row.transactions),
    rowsWritten: Number(row.rows_written),
    statements: row.statements === null ? null : Number(row.statements),
    tables,
  };
}

/** Per operation, between two readings. */
export function workPerOperation(
  before: DatabaseCounters,
  after: DatabaseCounters,
  operations: number,
): DatabaseWork {
  const n = Math.max(1, operations);
  const statements =
    before.statements === null || after.statements === null
      ? null
      : (after.statements - before.statements) / n;
  return {
    statements,
    transactions: (after.transactions - before.transactions) / n,
    writingTransactions: Number(after.nextXid - before.nextXid) / n,
    rowsWritten: (after.rowsWritten - before.rowsWritten) / n,
    walBytes: Number(after.walBytes - before.walBytes) / n,
    tables: tablesPerOperation(before.tables, after.tables, n),
  };
}

function tablesPerOperation(
  before: Map<string, TableWrites>,
  after: Map<string, TableWrites>,
  n: number,
): TableWork[] {
  const tables: TableWork[] = [];
  for (const [table, to] of after) {
    const from = before.get(table) ?? { inserted: 0, updated: 0, hotUpdated: 0 };
    const work = {
      table,
      inserted: (to.inserted - from.inserted) / n,
      updated: (to.updated - from.updated) / n,
      hotUpdated: (to.hotUpdated - from.hotUpdated) / n,
    };
    if (work.inserted > 0 || work.updated > 0) tables.push(work);
  }
  return tables.sort((a, b) => b.inserted + b.updated - (a.inserted + a.updated));
}

/** Each table's figures as the median over the runs (a table a run did not write counts as 0 there). */
export function medianTables(runs: DatabaseWork[]): TableWork[] {
  const names = [...new Set(runs.flatMap((run) => run.tables.map((t) => t.table)))];
  const of = (run: DatabaseWork, table: string) =>
    run.tables.find((t) => t.table === table) ?? { table, inserted: 0, updated: 0, hotUpdated: 0 };
  return names
    .map((table) => ({
      table,
      inserted: median(runs.map((run) => of(run, table).inserted)),
      updated: median(runs.map((run) => of(run, table).updated)),
      hotUpdated: median(runs.map((run) => of(run, table).hotUpdated)),
    }))
    .sort((a, b) => b.inserted + b.updated - (a.inserted + a.updated));
}

/** Reads the counters when a measured window starts and when it ends (both called synchronously, from timers). */
export class DatabaseWindow {
  readonly #client: pg.Client;
  readonly #statStatements: boolean;
  #from: Promise<DatabaseCounters> | undefined;
  #to: Promise<DatabaseCounters> | undefined;

  constructor(client: pg.Client, statStatements: boolean) {
    this.#client = client;
    this.#statStatements = statStatements;
  }

  start(): void {
    this.#from = readCounters(this.#client, this.#statStatements);
  }

  /** Only the first call counts. */
  end(): void {
    this.#to ??= readCounters(this.#client, this.#statStatements);
  }

  async perOperation(operations: number): Promise<DatabaseWork | undefined> {
    if (this.#from === undefined || this.#to === undefined) return undefined;
    return workPerOperation(await this.#from, await this.#to, operations);
  }
}
