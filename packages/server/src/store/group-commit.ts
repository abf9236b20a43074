import { type Kysely, sql } from "kysely";
import { BatchPlan, type DeferrableTable, type JobPlan, type TakenNonce } from "./batch-plan.ts";
import type { Database } from "./schema.ts";

export type { DeferrableTable, JobPlan, TakenNonce } from "./batch-plan.ts";
export { insertRows } from "./batch-plan.ts";

/** A unit of store work: its statements run inside a transaction shared with other units. */
export type Job<T> = (trx: Kysely<Database>, batch: Batch) => Promise<T>;

/**
 * What a job shares with the other jobs of its transaction. New rows that nothing in the batch reads back
 * can be deferred: the batch inserts each table's rows in one statement before its COMMIT, so eight bets
 * in flight cost one insert of rounds and one of transactions instead of sixteen. A job that declared a
 * plan also gets its nonce and demo balance from the batch's single statements, and may leave its updates
 * to the end of the batch.
 */
export interface Batch {
  /** False when the batch is being rerun to find which job broke a deferred write. */
  readonly defers: boolean;
  /** Whether this job's updates may wait for the end of the batch (it planned, and the batch defers). */
  readonly defersUpdates: boolean;
  defer(table: DeferrableTable, rows: Record<string, unknown>[]): void;
  deferUpdate(
    table: "rounds" | "wallet_transactions",
    key: string,
    set: Record<string, unknown>,
    whilePending?: boolean,
  ): boolean;
  /** The nonce taken for the job's planned pair; undefined when the pair was not active (or not planned). */
  takeNonce(pairId: string): TakenNonce | undefined;
  /** See `BatchPlan.moveBalance`. */
  moveBalance(sessionId: string, delta: bigint, floor: bigint): bigint | undefined | "unplanned";
}

export interface GroupCommitOptions {
  /**
   * Batches that may be in flight at once. Jobs with the same lane key always share a lane, so one
   * player's writes commit in the order they were asked for. PGlite has one connection: 1.
   */
  lanes: number;
  /** Most jobs in one transaction; the rest wait for the next one. */
  maxBatch: number;
  /** PostgreSQL: read the transaction's id, so a COMMIT whose answer was lost can be resolved. */
  resolvesLostCommits: boolean;
  /** Makes a COMMIT durable where the store alone does not (the embedded store's WAL flush). */
  afterCommit?: () => Promise<void>;
}

/** The COMMIT was sent and its outcome cannot be known: nothing may be sent on the strength of it. */
export class CommitOutcomeUnknown extends Error {
  override name = "CommitOutcomeUnknown";
}

interface Queued {
  job: Job<unknown>;
  plan: JobPlan | undefined;
  /** Asked for with `runSoon`: it runs first in its batch. */
  soon: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Lane {
  queue: Queued[];
  running: boolean;
  /** Set while the lane holds only `runSoon` jobs: when they go if nothing else comes first. */
  timer: NodeJS.Timeout | undefined;
}

/**
 * Group commit. Every job asked for while a lane's transaction is in flight waits for it to finish and
 * then runs, with the other waiting jobs, in the lane's next transaction: under load one COMMIT (one
 * WAL flush) serves a whole batch of bets, and an idle lane starts a job at once, with no added delay.
 *
 * A job that throws fails alone: the transaction is rolled back and rerun without it, so a neighbour's
 * constraint violation never fails a bet (jobs are therefore pure functions of their input and the
 * store: running one twice, the first time rolled back, is harmless). A job's promise settles only after
 * its transaction has committed (or definitely has not), which is what lets a caller send a callback
 * described by the rows it wrote.
 */
export class GroupCommitWriter {
  readonly #db: Kysely<Database>;
  readonly #options: GroupCommitOptions;
  readonly #lanes: Lane[];
  #counts = { batches: 0, jobs: 0, reruns: 0 };

  constructor(db: Kysely<Database>, options: GroupCommitOptions) {
    if (!Number.isInteger(options.lanes) || options.lanes < 1) throw new RangeError("lanes must be >= 1");
    if (!Number.isInteger(options.maxBatch) || options.maxBatch < 1) {
      throw new RangeError("maxBatch must be >= 1");
    }
    this.#db = db;
    this.#options = options;
    this.#lanes = Array.from({ length: options.lanes }, () => ({
      queue: [],
      running: false,
      timer: undefined,
    }));
  }

  /** Batches committed, jobs run and reruns after a failing job, since the writer started. */
  get stats(): { batches: number; jobs: number; reruns: number } {
    return { ...this.#counts };
  }

  /** `plan`: what the job will ask of the batch's shared reads (its nonce, its demo balance). */
  run<T>(laneKey: string, job: Job<T>, plan?: JobPlan): Promise<T> {
    const lane = this.#laneOf(laneKey);
    return new Promise<T>((resolve, reject) => {
      lane.queue.push({ job, plan, soon: false, resolve: resolve as (value: unknown) => void, reject });
      if (!lane.running) void this.#drain(lane);
    });
  }

  /**
   * A job nobody waits on to answer a player (a credit's confirmation): it rides the lane's next
   * transaction, whoever asks for it, or goes on its own after `withinMs` if none comes. It runs first in
   * its batch, so it must not depend on the jobs queued before it; its promise still settles only once it
   * has committed.
   */
  runSoon<T>(laneKey: string, job: Job<T>, withinMs: number): Promise<T> {
    const lane = this.#laneOf(laneKey);
    return new Promise<T>((resolve, reject) => {
      lane.queue.push({
        job,
        plan: undefined,
        soon: true,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (!lane.running && lane.timer === undefined) {
        lane.timer = setTimeout(() => {
          lane.timer = undefined;
          if (!lane.running) void this.#drain(lane);
        }, withinMs);
      }
    });
  }

  #laneOf(laneKey: string): Lane {
    return this.#lanes[laneIndex(laneKey, this.#lanes.length)] as Lane;
  }

  async #drain(lane: Lane): Promise<void> {
    lane.running = true;
    clearTimeout(lane.timer);
    lane.timer = undefined;
    try {
      while (lane.queue.length > 0) {
        const taken = lane.queue.splice(0, this.#options.maxBatch);
        await this.#commit([...taken.filter((q) => q.soon), ...taken.filter((q) => !q.soon)]);
      }
    } finally {
      lane.running = false;
    }
  }

  async #commit(batch: Queued[]): Promise<void> {
    let pending = batch;
    let defers = true;
    while (pending.length > 0) {
      const results: unknown[] = [];
      let failed: { index: number; error: unknown } | undefined;
      let txid: string | undefined;
      let ranAll = false;
      let flushFailed = false;
      const plan = new BatchPlan(defers);
      try {
        await this.#db.transaction().execute(async (trx) => {
          // The transaction's id rides the statement that takes the batch's nonces and locks its balances.
          txid = await plan.prefetch(
            trx,
            pending.map((queued) => queued.plan),
            this.#options.resolvesLostCommits,
          );
          for (const [index, queued] of pending.entries()) {
            if (queued.plan === undefined) {
              // A job without a plan may read what earlier jobs left to the end: it is written first.
              try {
                await plan.flush(trx);
              } catch (error) {
                flushFailed = true;
                throw error;
              }
            }
            try {
              results.push(await queued.job(trx, new JobBatch(plan, queued.plan)));
            } catch (error) {
              failed = { index, error };
              throw error;
            }
          }
          try {
            const read = await plan.finish(trx);
            txid ??= read;
          } catch (error) {
            flushFailed = true;
            throw error;
          }
          ranAll = true;
        });
      } catch (error) {
        if (flushFailed && defers) {
          // Some job's deferred row broke a constraint (or a deferred update found its row moved on): run
          // the batch again writing as it goes, which tells the failing job apart.
          this.#counts.reruns++;
          defers = false;
          continue;
        }
        if (failed !== undefined) {
          const { index, error: jobError } = failed;
          pending[index]?.reject(jobError);
          pending = pending.filter((_, i) => i !== index);
          if (pending.length > 0) this.#counts.reruns++;
          continue;
        }
        if (ranAll && txid !== undefined && (await this.#committed(txid))) {
          await this.#settle(pending, results);
          return;
        }
        const outcome = ranAll
          ? new CommitOutcomeUnknown(`the store did not confirm a commit: ${describe(error)}`, {
              cause: error,
            })
          : error;
        for (const queued of pending) queued.reject(outcome);
        return;
      }
      await this.#settle(pending, results);
      return;
    }
  }

  /**
   * Answers a committed batch's jobs, after `afterCommit` where there is one. The lane waits for that flush
   * before its next transaction, so the jobs asked for meanwhile share the next COMMIT and its flush.
   */
  async #settle(pending: Queued[], results: unknown[]): Promise<void> {
    this.#counts.batches++;
    this.#counts.jobs += pending.length;
    try {
      await this.#options.afterCommit?.();
    } catch (error) {
      const unknown = new CommitOutcomeUnknown(
        `the commit could not be flushed to disk: ${describe(error)}`,
        {
          cause: error,
        },
      );
      for (const queued of pending) queued.reject(unknown);
      return;
    }
    for (const [index, queued] of pending.entries()) queued.resolve(results[index]);
  }

  /** Whether a transaction whose COMMIT went unanswered did commit (read on another connection). */
  async #committed(txid: string): Promise<boolean> {
    try {
      const { rows } = await sql<{
        status: string | null;
      }>`select txid_status(${txid}::bigint) as status`.execute(this.#db);
      return rows[0]?.status === "committed";
    } catch {
      return false;
    }
  }
}

/** One job's view of its batch's plan. */
class JobBatch implements Batch {
  readonly #plan: BatchPlan;
  #nonceOf: string | undefined;
  readonly defersUpdates: boolean;

  constructor(plan: BatchPlan, job: JobPlan | undefined) {
    this.#plan = plan;
    this.#nonceOf = job?.nonceOf;
    this.defersUpdates = job !== undefined && plan.defers;
  }

  get defers(): boolean {
    return this.#plan.defers;
  }

  defer(table: DeferrableTable, rows: Record<string, unknown>[]): void {
    this.#plan.defer(table, rows);
  }

  deferUpdate(
    table: "rounds" | "wallet_transactions",
    key: string,
    set: Record<string, unknown>,
    whilePending?: boolean,
  ): boolean {
    if (!this.defersUpdates) throw new Error("this job updates as it goes");
    return this.#plan.deferUpdate(table, key, set, whilePending);
  }

  /** Once, and only the pair the job planned: the batch took exactly one nonce for it. */
  takeNonce(pairId: string): TakenNonce | undefined {
    if (this.#nonceOf !== pairId) return undefined;
    this.#nonceOf = undefined;
    return this.#plan.takeNonce(pairId);
  }

  moveBalance(sessionId: string, delta: bigint, floor: bigint): bigint | undefined | "unplanned" {
    return this.#plan.moveBalance(sessionId, delta, floor);
  }
}

/** FNV-1a: a stable, cheap spread of lane keys. */
function laneIndex(key: string, lanes: number): number {
  if (lanes === 1) return 0;
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % lanes;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
