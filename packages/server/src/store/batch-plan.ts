import { CompiledQuery, type Kysely } from "kysely";
import { ROUND_BATCHED_TYPES, ROUND_COLUMNS } from "./round-columns.ts";
import type { Database } from "./schema.ts";
import { TRANSACTION_BATCHED_TYPES, TRANSACTION_COLUMNS } from "./transaction-columns.ts";

/** Tables whose new rows a job may leave to the end of its batch; inserted in this order. */
export type DeferrableTable = "rounds" | "wallet_transactions";
const INSERT_ORDER: readonly DeferrableTable[] = ["rounds", "wallet_transactions"];

/** What a job needs read before it runs: taken for the whole batch, one statement per kind. */
export interface JobPlan {
  /** A seed pair believed active: the job's nonce is taken from it, only while it still is. */
  nonceOf?: string;
  /** A demo session whose virtual balance the job moves (locked for the batch, written at its end). */
  demoBalanceOf?: string;
}

/** A nonce taken from a pair that was still active, with the pair's client seed at that moment. */
export interface TakenNonce {
  nonce: number;
  clientSeed: string;
}

/** Column types of the rows the batch updates from a list of values (the list's parameters carry no type). */
const COLUMN_TYPES = { rounds: ROUND_BATCHED_TYPES, wallet_transactions: TRANSACTION_BATCHED_TYPES };
const KEY_COLUMN = {
  rounds: ROUND_COLUMNS.id.name,
  wallet_transactions: TRANSACTION_COLUMNS.transactionId.name,
};

type UpdatableTable = keyof typeof COLUMN_TYPES;

interface DeferredUpdate {
  table: UpdatableTable;
  key: string;
  set: Record<string, unknown>;
  columns: string[];
  /** Only a row still `pending` is updated: it must be, or the batch is run again without deferring. */
  whilePending: boolean;
}

/** A deferred update found a row that was no longer as the job saw it: rerun the batch statement by statement. */
class DeferredUpdateMissed extends Error {
  override name = "DeferredUpdateMissed";
}

/**
 * One attempt at a batch's transaction, planned for the batch rather than run job by job: the nonces and
 * the demo balances its jobs need are read in one statement each before any job runs, the jobs compute in
 * memory, and what they write is gathered into one statement per table and kind at the end (balances,
 * inserts of rounds and of transactions, updates of rounds and of transactions). A batch of bets therefore
 * costs the same few statements whatever its size. All statements are precompiled text with parameters.
 */
export class BatchPlan {
  readonly #nonces = new Map<string, { next: number; clientSeed: string }>();
  readonly #balances = new Map<string, { balance: bigint | null; moved: boolean }>();
  readonly #rows = new Map<DeferrableTable, Record<string, unknown>[]>();
  #updates: DeferredUpdate[] = [];
  /** The transaction's id is still to be read: by the batch's last statement, not a round trip of its own. */
  #txidAtFinish = false;

  constructor(readonly defers: boolean) {}

  /**
   * Takes the nonces and locks the demo balances the jobs' plans ask for, in one statement; with `txid`,
   * also reads the transaction's id (so a COMMIT whose answer is lost can be resolved), which it returns.
   * With nothing else to read, the id is left to `finish`, which reads it in the batch's last statement.
   */
  async prefetch(
    trx: Kysely<Database>,
    plans: readonly (JobPlan | undefined)[],
    txid: boolean,
  ): Promise<string | undefined> {
    const counts = new Map<string, number>();
    const sessions = new Set<string>();
    for (const plan of plans) {
      if (plan?.nonceOf !== undefined) counts.set(plan.nonceOf, (counts.get(plan.nonceOf) ?? 0) + 1);
      if (plan?.demoBalanceOf !== undefined) sessions.add(plan.demoBalanceOf);
    }
    const p = new Params();
    const ctes: string[] = [];
    const selects: string[] = [];
    if (counts.size > 0) {
      const values = [...counts].map(([id, n]) => `(${p.add(id, "uuid")}, ${p.add(n, "integer")})`);
      ctes.push(
        `n as (update seed_pairs set next_nonce = seed_pairs.next_nonce + v.n from (values ${values.join(", ")}) as v(id, n) where seed_pairs.id = v.id and seed_pairs.status = 'active' returning seed_pairs.id, seed_pairs.next_nonce - v.n as first, seed_pairs.client_seed)`,
      );
      selects.push(
        "select 'nonce'::text as kind, id::text as id, first::text as value, client_seed as seed from n",
      );
    }
    if (sessions.size > 0) {
      // Locked in one order by every batch, so two batches never wait for each other's rows crosswise.
      const ids = [...sessions].sort().map((id) => p.add(id, "uuid"));
      ctes.push(
        `s as (select id, demo_balance from sessions where id in (${ids.join(", ")}) order by id for update)`,
      );
      selects.push(
        "select 'balance' as kind, id::text as id, demo_balance::text as value, null::text as seed from s",
      );
    }
    if (txid && selects.length === 0) {
      this.#txidAtFinish = true;
      return undefined;
    }
    if (txid)
      selects.push(
        "select 'txid' as kind, txid_current()::text as id, null::text as value, null::text as seed",
      );
    if (selects.length === 0) return undefined;
    const text = `${ctes.length > 0 ? `with ${ctes.join(", ")} ` : ""}${selects.join(" union all ")}`;
    const { rows } = await trx.executeQuery<{
      kind: string;
      id: string;
      value: string | null;
      seed: string | null;
    }>(CompiledQuery.raw(text, p.values));
    let id: string | undefined;
    for (const row of rows) {
      if (row.kind === "nonce")
        this.#nonces.set(row.id, { next: Number(row.value), clientSeed: row.seed ?? "" });
      else if (row.kind === "balance") {
        const balance = row.value === null ? null : BigInt(row.value);
        this.#balances.set(row.id, { balance, moved: false });
      } else id = row.id;
    }
    return id;
  }

  /** The next nonce taken for `pairId` at the start of the batch; undefined when the pair is no longer active. */
  takeNonce(pairId: string): TakenNonce | undefined {
    const taken = this.#nonces.get(pairId);
    if (taken === undefined) return undefined;
    const nonce = taken.next;
    taken.next++;
    return { nonce, clientSeed: taken.clientSeed };
  }

  /**
   * Moves a demo balance locked by this batch: the new balance, undefined when it would fall below
   * `floor`, or "unplanned" when no job of the batch planned that session (the caller writes it itself).
   */
  moveBalance(sessionId: string, delta: bigint, floor: bigint): bigint | undefined | "unplanned" {
    const held = this.#balances.get(sessionId);
    if (held === undefined) return "unplanned";
    // No balance (not a demo session) refuses every move, as the store's own `demo_balance >= floor` would.
    if (held.balance === null || held.balance < floor) return undefined;
    held.balance += delta;
    held.moved = true;
    return held.balance;
  }

  defer(table: DeferrableTable, rows: Record<string, unknown>[]): void {
    if (!this.defers) throw new Error("this batch inserts as it goes");
    const list = this.#rows.get(table);
    if (list === undefined) this.#rows.set(table, [...rows]);
    else list.push(...rows);
  }

  /**
   * Updates `key`'s row at the end of the batch with `set` (column names as in the table). `whilePending`:
   * only a row still pending, and a row that is not makes the batch run again without deferring, where
   * the job sees it. False when the update cannot wait (the caller makes it now).
   */
  deferUpdate(
    table: UpdatableTable,
    key: string,
    set: Record<string, unknown>,
    whilePending = false,
  ): boolean {
    if (!this.defers) throw new Error("this batch updates as it goes");
    const columns = Object.keys(set).filter((c) => set[c] !== undefined);
    // A column whose type the list of values cannot be given is written by the job itself.
    if (columns.some((c) => COLUMN_TYPES[table][c] === undefined)) return false;
    this.#updates.push({ table, key, set, columns, whilePending });
    return true;
  }

  /** Writes what the jobs so far left to the end, so a job that reads the store directly sees it. */
  async flush(trx: Kysely<Database>): Promise<void> {
    await this.#write(trx, false);
  }

  /** The transaction id's column of the final select, once, when it was left to the end. */
  #txidColumn(atEnd: boolean): string[] {
    if (!atEnd || !this.#txidAtFinish) return [];
    this.#txidAtFinish = false;
    return ["txid_current()::text as txid"];
  }

  /**
   * Ends the batch: balances, new rows (rounds before their transactions) and updates, in one statement;
   * the transaction's id when `prefetch` left it to this statement.
   */
  async finish(trx: Kysely<Database>): Promise<string | undefined> {
    return this.#write(trx, true);
  }

  /**
   * One statement of data-modifying parts. PostgreSQL runs a statement's parts on one snapshot, so a row is
   * updated by one part only: the updates after the first that repeats a row wait for a later statement,
   * keeping the order the jobs asked for them in.
   */
  async #write(trx: Kysely<Database>, inserts: boolean): Promise<string | undefined> {
    const p = new Params();
    const ctes: string[] = [];
    const moved = [...this.#balances].filter(([, held]) => held.moved);
    if (moved.length > 0) {
      const values = moved.map(([id, held]) => {
        held.moved = false;
        return `(${p.add(id, "uuid")}, ${p.add(held.balance, "bigint")})`;
      });
      ctes.push(
        `b as (update sessions set demo_balance = v.balance from (values ${values.join(", ")}) as v(id, balance) where sessions.id = v.id)`,
      );
    }
    if (inserts) {
      for (const table of INSERT_ORDER) {
        const rows = this.#rows.get(table);
        if (rows !== undefined && rows.length > 0) ctes.push(`i_${table} as (${insertText(p, table, rows)})`);
      }
      this.#rows.clear();
    }
    let rest = this.#updates;
    this.#updates = [];
    const counts: { name: string; expected: number }[] = [];
    let txid: string | undefined;
    while (true) {
      const [first, after] = distinctPrefix(rest);
      for (const [index, group] of groupByShape(first).entries()) {
        const name = `u${counts.length}_${index}`;
        ctes.push(`${name} as (${updateText(p, group)} returning 1)`);
        counts.push({ name, expected: group.length });
      }
      const columns = [
        ...counts.map((c) => `(select count(*) from ${c.name})::integer as ${c.name}`),
        ...(ctes.length > 0 || after.length === 0 ? this.#txidColumn(inserts) : []),
      ];
      if (ctes.length > 0 || columns.length > 0) {
        const select = `select ${columns.length === 0 ? "1 as done" : columns.join(", ")}`;
        const { rows } = await trx.executeQuery<Record<string, number | string>>(
          CompiledQuery.raw(`${ctes.length > 0 ? `with ${ctes.join(", ")} ` : ""}${select}`, p.values),
        );
        const found = rows[0] ?? {};
        if (typeof found.txid === "string") txid = found.txid;
        for (const { name, expected } of counts) {
          if (Number(found[name]) !== expected) {
            throw new DeferredUpdateMissed(`${expected - Number(found[name])} deferred rows had moved on`);
          }
        }
      }
      if (after.length === 0) return txid;
      rest = after;
      p.values.length = 0;
      ctes.length = 0;
      counts.length = 0;
    }
  }
}

/** Positional parameters of one statement, each written with its type where the statement cannot infer it. */
class Params {
  readonly values: unknown[] = [];

  add(value: unknown, type?: string): string {
    this.values.push(value);
    return type === undefined ? `$${this.values.length}` : `$${this.values.length}::${type}`;
  }
}

/** The longest run of updates, from the first, in which no row is updated twice; and the rest. */
function distinctPrefix(updates: DeferredUpdate[]): [DeferredUpdate[], DeferredUpdate[]] {
  const seen = new Set<string>();
  for (const [index, update] of updates.entries()) {
    const row = `${update.table}|${update.key}`;
    if (seen.has(row)) return [updates.slice(0, index), updates.slice(index)];
    seen.add(row);
  }
  return [updates, []];
}

/** Updates of one table, the same columns and the same condition, each group one list of values. */
function groupByShape(updates: DeferredUpdate[]): DeferredUpdate[][] {
  const groups = new Map<string, DeferredUpdate[]>();
  for (const update of updates) {
    const shape = `${update.table}|${update.whilePending}|${update.columns.join(",")}`;
    const group = groups.get(shape);
    if (group === undefined) groups.set(shape, [update]);
    else group.push(update);
  }
  return [...groups.values()];
}

/**
 * One update of a group's rows from a list per column (`unnest` of typed arrays): the statement's text and
 * its parameters are the same few whatever the batch's size, which PostgreSQL parses and plans for less
 * CPU than a list of values with a parameter per row and column.
 */
function updateText(p: Params, group: DeferredUpdate[]): string {
  const [first] = group as [DeferredUpdate];
  const { table, columns } = first;
  const types = COLUMN_TYPES[table];
  const key = KEY_COLUMN[table];
  const lists = [key, ...columns].map((column) =>
    p.add(
      group.map((update) => (column === key ? update.key : update.set[column])),
      `${types[column]}[]`,
    ),
  );
  const set = columns.map((c) => `${c} = v.${c}`).join(", ");
  const pending = first.whilePending ? ` and ${table}.status = 'pending'` : "";
  return `update ${table} set ${set} from unnest(${lists.join(", ")}) as v(${[key, ...columns].join(", ")}) where ${table}.${key} = v.${key}${pending}`;
}

function insertText(p: Params, table: DeferrableTable, rows: Record<string, unknown>[]): string {
  const columns: string[] = [];
  const known = new Set<string>();
  for (const row of rows) {
    for (const column of Object.keys(row)) {
      if (!known.has(column) && row[column] !== undefined) {
        known.add(column);
        columns.push(column);
      }
    }
  }
  const values = rows.map(
    (row) => `(${columns.map((c) => (row[c] === undefined ? "default" : p.add(row[c]))).join(", ")})`,
  );
  return `insert into ${table} (${columns.join(", ")}) values ${values.join(", ")}`;
}

/** Inserts rows the ledger built for `table` (column names as in the table) in one precompiled statement. */
export async function insertRows(
  db: Kysely<Database>,
  table: DeferrableTable,
  rows: Record<string, unknown>[],
): Promise<void> {
  const p = new Params();
  await db.executeQuery(CompiledQuery.raw(insertText(p, table, rows), p.values));
}
