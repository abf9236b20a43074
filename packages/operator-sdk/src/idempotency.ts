import type {
  CallbackAnswers,
  CallbackContext,
  CallbackHandlers,
  CreditRequest,
  DebitRequest,
  OkAnswer,
  RefusalAnswer,
  RollbackRequest,
} from "./callbacks.ts";

/**
 * The spec's idempotency rules for debits, credits and rollbacks (docs/callbacks.md "Idempotency" and
 * "Rules your wallet must follow"), applied around an operator's own money handlers so a wallet gets them
 * right by construction:
 * - a `transactionId` already applied returns the original answer and applies nothing again;
 * - the same `transactionId` with other parameters is answered `ERROR_DUPLICATE_TRANSACTION`;
 * - a rollback whose debit is unknown is answered `ERROR_TRANSACTION_DOES_NOT_EXIST` and remembered, so
 *   the debit arriving late is refused without moving money;
 * - the work on one player is serialised, so a debit and its rollback racing each other end where they began.
 * Only answers that applied something (`OK`) are kept: a refused request applied nothing and may be
 * processed anew.
 */

export type MoneyKind = "debit" | "credit" | "rollback";

export interface TransactionRecord {
  kind: MoneyKind;
  /** The request without its requestId, as canonical JSON: what "the same transaction" means. */
  fingerprint: string;
  /** The answer sent, without the requestId echo. */
  answer: OkAnswer | RefusalAnswer;
  /** For a rollback: the transactionId of the debit it reverses. */
  reverses?: string;
}

/** What the handlers see of the store inside one serialised unit of work. */
export interface IdempotencyTx {
  get(transactionId: string): Promise<TransactionRecord | undefined>;
  /** The rollback recorded for this debit's transactionId, if any. */
  rollbackOf(debitTransactionId: string): Promise<TransactionRecord | undefined>;
  put(transactionId: string, record: TransactionRecord): Promise<void>;
}

export interface IdempotencyStore<Scope = unknown> {
  /**
   * Runs `work` exclusively for one player. `scope` is handed to your money handlers: for the PostgreSQL
   * store, the database client of the transaction, so your balance update commits with the record.
   */
  withPlayer<T>(playerId: string, work: (tx: IdempotencyTx, scope: Scope) => Promise<T>): Promise<T>;
}

function fingerprint(request: object): string {
  const { requestId: _ignored, ...rest } = request as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1))));
}

export interface MoneyContext<Scope> extends CallbackContext {
  scope: Scope;
}

/** Your money handlers: called only for a transaction that is new, under the player's exclusive hold. */
export interface MoneyHandlers<Scope> {
  debit(request: DebitRequest, context: MoneyContext<Scope>): Promise<CallbackAnswers["debit"]>;
  credit(request: CreditRequest, context: MoneyContext<Scope>): Promise<CallbackAnswers["credit"]>;
  /** Called only when the debit it names was applied (`debit`, as it was sent): give the stake back. */
  rollback(
    request: RollbackRequest,
    context: MoneyContext<Scope> & { debit: Omit<DebitRequest, "requestId"> },
  ): Promise<CallbackAnswers["rollback"]>;
}

const DUPLICATE: RefusalAnswer = { status: "ERROR_DUPLICATE_TRANSACTION" };

/** The answer to a transactionId already recorded: the original one, or a duplicate refusal. */
function replay(existing: TransactionRecord, kind: MoneyKind, print: string): OkAnswer | RefusalAnswer {
  return existing.kind === kind && existing.fingerprint === print ? existing.answer : DUPLICATE;
}

/**
 * The debit, credit and rollback handlers of `createCallbackHandler` (and the adapters), with the
 * idempotency rules applied around `money`; authenticate and balance are yours as they are.
 */
export function idempotentHandlers<Scope>(
  store: IdempotencyStore<Scope>,
  handlers: Pick<CallbackHandlers, "authenticate" | "balance">,
  money: MoneyHandlers<Scope>,
): CallbackHandlers {
  return {
    ...handlers,
    debit: (request, context) =>
      store.withPlayer(request.playerId, async (tx, scope) => {
        const print = fingerprint(request);
        const existing = await tx.get(request.transactionId);
        if (existing !== undefined) return replay(existing, "debit", print);
        // Rule 2: the rollback came first, so this debit must not move money.
        if ((await tx.rollbackOf(request.transactionId)) !== undefined) return DUPLICATE;
        const answer = await money.debit(request, { ...context, scope });
        if (answer.status === "OK")
          await tx.put(request.transactionId, { kind: "debit", fingerprint: print, answer });
        return answer;
      }),
    credit: (request, context) =>
      store.withPlayer(request.playerId, async (tx, scope) => {
        const print = fingerprint(request);
        const existing = await tx.get(request.transactionId);
        if (existing !== undefined) return replay(existing, "credit", print);
        const answer = await money.credit(request, { ...context, scope });
        if (answer.status === "OK")
          await tx.put(request.transactionId, { kind: "credit", fingerprint: print, answer });
        return answer;
      }),
    rollback: (request, context) =>
      store.withPlayer(request.playerId, async (tx, scope) => {
        const print = fingerprint(request);
        const existing = await tx.get(request.transactionId);
        if (existing !== undefined) return replay(existing, "rollback", print);
        const debit = await tx.get(request.reverseTransactionId);
        const record = {
          kind: "rollback" as const,
          fingerprint: print,
          reverses: request.reverseTransactionId,
        };
        if (debit === undefined || debit.kind !== "debit") {
          // Rule 1: remembered, so the debit arriving later is refused.
          const answer: RefusalAnswer = { status: "ERROR_TRANSACTION_DOES_NOT_EXIST" };
          await tx.put(request.transactionId, { ...record, answer });
          return answer;
        }
        const applied = JSON.parse(debit.fingerprint) as Omit<DebitRequest, "requestId">;
        const answer = await money.rollback(request, { ...context, scope, debit: applied });
        if (answer.status === "OK") await tx.put(request.transactionId, { ...record, answer });
        return answer;
      }),
  };
}

/**
 * Records kept in this process's memory: for tests and a single-process wallet whose balances live in
 * memory too. Work on one player runs one at a time, in arrival order.
 */
export class MemoryIdempotencyStore implements IdempotencyStore<undefined> {
  readonly #records = new Map<string, TransactionRecord>();
  readonly #rollbacks = new Map<string, string>();
  readonly #queues = new Map<string, Promise<unknown>>();

  withPlayer<T>(playerId: string, work: (tx: IdempotencyTx, scope: undefined) => Promise<T>): Promise<T> {
    const tx: IdempotencyTx = {
      get: async (id) => this.#records.get(id),
      rollbackOf: async (id) => {
        const rollback = this.#rollbacks.get(id);
        return rollback === undefined ? undefined : this.#records.get(rollback);
      },
      put: async (id, record) => {
        this.#records.set(id, record);
        if (record.reverses !== undefined) this.#rollbacks.set(record.reverses, id);
      },
    };
    const previous = this.#queues.get(playerId) ?? Promise.resolve();
    const run = previous.then(
      () => work(tx, undefined),
      () => work(tx, undefined),
    );
    const settled = run.catch(() => undefined);
    this.#queues.set(playerId, settled);
    void settled.then(() => {
      if (this.#queues.get(playerId) === settled) this.#queues.delete(playerId);
    });
    return run;
  }
}

/** The part of a `pg` client the PostgreSQL store uses (`pg.Pool#connect()` gives one). */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  release(): void;
}

export interface SqlPool {
  connect(): Promise<SqlClient>;
}

const TABLE = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Records in a PostgreSQL table, in the same transaction as your money handlers' work: `scope` is the
 * transaction's client, so a balance update made with it commits or rolls back with the record. Work on
 * one player is serialised with a transaction-scoped advisory lock, across processes.
 */
export class PostgresIdempotencyStore implements IdempotencyStore<SqlClient> {
  readonly #pool: SqlPool;
  readonly #table: string;

  constructor(pool: SqlPool, options: { table?: string } = {}) {
    const table = options.table ?? "rgs_wallet_transactions";
    if (!TABLE.test(table)) throw new Error(`Not a plain table name: ${JSON.stringify(table)}`);
    this.#pool = pool;
    this.#table = table;
  }

  /** Creates the table if it does not exist (run it with your migrations, or once at start). */
  async migrate(): Promise<void> {
    const client = await this.#pool.connect();
    try {
      await client.query(
        `create table if not exists ${this.#table} (
          transaction_id text primary key,
          kind text not null,
          fingerprint text not null,
          answer jsonb not null,
          reverses text unique,
          recorded_at timestamptz not null default now()
        )`,
      );
    } finally {
      client.release();
    }
  }

  async withPlayer<T>(
    playerId: string,
    work: (tx: IdempotencyTx, scope: SqlClient) => Promise<T>,
  ): Promise<T> {
    const client = await this.#pool.connect();
    const read = (row: Record<string, unknown> | undefined): TransactionRecord | undefined => {
      if (row === undefined) return undefined;
      const record: TransactionRecord = {
        kind: row.kind as MoneyKind,
        fingerprint: String(row.fingerprint),
        answer: row.answer as OkAnswer | RefusalAnswer,
      };
      if (typeof row.reverses === "string") record.reverses = row.reverses;
      return record;
    };
    const columns = "kind, fingerprint, answer, reverses";
    const tx: IdempotencyTx = {
      get: async (id) =>
        read(
          (await client.query(`select ${columns} from ${this.#table} where transaction_id = $1`, [id]))
            .rows[0],
        ),
      rollbackOf: async (id) =>
        read((await client.query(`select ${columns} from ${this.#table} where reverses = $1`, [id])).rows[0]),
      put: async (id, record) => {
        await client.query(
          `insert into ${this.#table} (transaction_id, kind, fingerprint, answer, reverses) values ($1, $2, $3, $4, $5)`,
          [id, record.kind, record.fingerprint, JSON.stringify(record.answer), record.reverses ?? null],
        );
      },
    };
    try {
      await client.query("begin");
      await client.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`rgs-player:${playerId}`]);
      const result = await work(tx, client);
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}
