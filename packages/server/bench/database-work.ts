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

export interface DatabaseCounters {
  walBytes: bigint;
  /** The next transaction id to be assigned: the difference is the transactions that wrote. */
  nextXid: bigint;
  transactions: number;
  rowsWritten: number;
  /** Null when pg_stat_statements is not loaded. */
  statements: number | null;
}

export interface DatabaseWork {
  statements: number | null;
  transactions: number;
  writingTransactions: number;
  rowsWritten: number;
  walBytes: number;
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
  return {
    walBytes: parseLsn(row.lsn),
    nextXid: BigInt(row.xmax),
    transactions: Number(row.transactions),
    rowsWritten: Number(row.rows_written),
    statements: row.statements === null ? null : Number(row.statements),
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
  };
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
