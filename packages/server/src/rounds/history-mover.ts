import { type RawBuilder, sql } from "kysely";
import type { Clock } from "../clock.ts";
import type { Store } from "../store/database.ts";
import type { Executor } from "./round-repository.ts";

/**
 * Moves finished rounds and their wallet transactions from the hot tables to the monthly partitions of
 * the history tables (migration 0009). A background job, never the bet path: the CLI runs it
 * (`npm run rgs -- history move --before DATE`), on any number of instances at once.
 *
 * Left alone, whatever their age: rounds not over (initializing, open, settling), and rounds
 * with a transaction the outbox or a person still has to finish (pending, ambiguous, or a dead letter not
 * yet resolved). Each batch is one transaction that locks its rounds with SKIP LOCKED, so concurrent
 * movers take disjoint batches, and a round is either hot or archived, never both nor neither.
 */

export interface MoveOptions {
  /** Rounds finished before this moment move. */
  before: Date;
  /** Rounds per transaction. */
  batchSize?: number;
  /** Stop after this many rounds (a run can be bounded in time this way). */
  maxRounds?: number;
}

export interface MoveResult {
  rounds: number;
  transactions: number;
  batches: number;
  /** Month partitions this run created, as YYYY-MM. */
  partitionsCreated: string[];
}

export class HistoryMoveError extends Error {
  override name = "HistoryMoveError";
}

const DEFAULT_BATCH_SIZE = 500;
const MAX_BATCH_SIZE = 5_000;
/** A round finished less than this long ago may still be read by a player's client as the hot round. */
export const MIN_AGE_MS = 60 * 60_000;
const PARTITION_LOCK = "rgs:history-partitions";

/** The statuses of a transaction that is not finished: its round stays in the hot tables. */
const unfinishedTransaction = sql`(t.status in ('pending', 'ambiguous') or (t.status = 'dead' and t.resolved_at is null))`;

type Batch = { done: true } | { missing: string[] } | { rounds: number; transactions: number };

export class HistoryMover {
  readonly #db: Executor;
  readonly #clock: Clock;

  constructor(deps: { store: Pick<Store, "db">; clock: Clock }) {
    this.#db = deps.store.db;
    this.#clock = deps.clock;
  }

  async move(opts: MoveOptions): Promise<MoveResult> {
    const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
      throw new HistoryMoveError(`The batch size must be a whole number from 1 to ${MAX_BATCH_SIZE}.`);
    }
    const latest = this.#clock.now() - MIN_AGE_MS;
    if (Number.isNaN(opts.before.getTime()) || opts.before.getTime() > latest) {
      throw new HistoryMoveError(
        `--before must be a date at least ${MIN_AGE_MS / 60_000} minutes ago (latest allowed: ${new Date(latest).toISOString()}).`,
      );
    }
    const columns = {
      rounds: await this.#columns("rounds"),
      transactions: await this.#columns("wallet_transactions"),
    };
    const known = await this.#partitions();
    const result: MoveResult = { rounds: 0, transactions: 0, batches: 0, partitionsCreated: [] };
    for (;;) {
      const left =
        opts.maxRounds === undefined ? batchSize : Math.min(batchSize, opts.maxRounds - result.rounds);
      if (left <= 0) break;
      const batch = await this.#db.transaction().execute(async (trx): Promise<Batch> => {
        const rows = await lockMovable(trx, opts.before, left);
        if (rows.length === 0) return { done: true };
        const missing = [...new Set(rows.map((r) => monthOf(r.closed_at)))].filter((m) => !known.has(m));
        // Creating a partition locks the parent table: done in a short transaction of its own, not
        // while this batch holds its rows.
        if (missing.length > 0) return { missing };
        const ids = rows.map((r) => r.id);
        const transactions = await moveBatch(trx, ids, columns);
        return { rounds: ids.length, transactions };
      });
      if ("done" in batch) break;
      if ("missing" in batch) {
        for (const month of batch.missing) {
          if (await this.#createPartition(month)) result.partitionsCreated.push(month);
          known.add(month);
        }
        continue;
      }
      result.rounds += batch.rounds;
      result.transactions += batch.transactions;
      result.batches += 1;
    }
    return result;
  }

  async #columns(table: string): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}
      order by ordinal_position`.execute(this.#db);
    if (rows.length === 0) throw new HistoryMoveError(`No table ${table} in the current schema.`);
    return rows.map((r) => r.name);
  }

  async #partitions(): Promise<Set<string>> {
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'rounds_history'::regclass`.execute(this.#db);
    return new Set(rows.flatMap((r) => /_(\d{4})_(\d{2})$/.exec(r.name)?.slice(1, 3).join("-") ?? []));
  }

  /** Both history tables' partitions of one month; false when another mover created them first. */
  async #createPartition(month: string): Promise<boolean> {
    const [year, mon] = month.split("-").map(Number) as [number, number];
    const from = new Date(Date.UTC(year, mon - 1, 1)).toISOString();
    const to = new Date(Date.UTC(year, mon, 1)).toISOString();
    const suffix = month.replace("-", "_");
    return this.#db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${PARTITION_LOCK}))`.execute(trx);
      const { rows } = await sql`select 1 from pg_class where relname = ${`rounds_history_${suffix}`}
        and relnamespace = current_schema()::regnamespace`.execute(trx);
      if (rows.length > 0) return false;
      for (const parent of ["rounds_history", "wallet_transactions_history"]) {
        await sql`create table ${sql.id(`${parent}_${suffix}`)} partition of ${sql.id(parent)}
          for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
      }
      return true;
    });
  }
}

/** UTC month of a moment, as YYYY-MM: the partition a round finished then lives in. */
function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

async function lockMovable(
  trx: Executor,
  before: Date,
  limit: number,
): Promise<{ id: string; closed_at: Date }[]> {
  const { rows } = await sql<{ id: string; closed_at: Date }>`
    select r.id, r.closed_at from rounds r
    where r.status in ('closed', 'cancelled', 'void') and r.closed_at < ${before}
      and not exists (select 1 from wallet_transactions t where t.round_id = r.id and ${unfinishedTransaction})
    order by r.closed_at
    limit ${limit}
    for update of r skip locked`.execute(trx);
  return rows.map((r) => ({ id: r.id, closed_at: new Date(r.closed_at) }));
}

/**
 * Copies the rounds and their transactions into the history, then deletes them from the hot tables.
 * Columns are named from the hot tables, so a column missing in the history makes the batch fail whole.
 */
async function moveBatch(
  trx: Executor,
  ids: string[],
  columns: { rounds: string[]; transactions: string[] },
): Promise<number> {
  const idList = sql.join(ids);
  const list = (names: string[], prefix: string): RawBuilder<unknown> =>
    sql.join(names.map((c) => sql.ref(`${prefix}${c}`)));
  const moved = await sql`
    insert into wallet_transactions_history (${list(columns.transactions, "")}, round_finished_at)
    select ${list(columns.transactions, "t.")}, r.closed_at
    from wallet_transactions t join rounds r on r.id = t.round_id
    where t.round_id in (${idList})`.execute(trx);
  await sql`
    insert into rounds_history (${list(columns.rounds, "")}, finished_at)
    select ${list(columns.rounds, "")}, closed_at from rounds where id in (${idList})`.execute(trx);
  // Ordered so no foreign key is broken between statements: transactions, leases, then the rounds.
  await sql`delete from wallet_transactions where round_id in (${idList})`.execute(trx);
  await sql`delete from sweep_leases where round_id in (${idList})`.execute(trx);
  await sql`delete from rounds where id in (${idList})`.execute(trx);
  return Number(moved.numAffectedRows ?? 0n);
}
