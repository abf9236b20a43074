/**
 * The store floor's process: the store opened exactly as the RGS opens it (`loadConfig` and `openStore` on
 * the RGS's own DATA_DIR or DATABASE_URL: same PGlite, same WAL flush after each COMMIT, same migrations,
 * same pool and group-commit writer), writing nothing but the rows a bet cannot do without. The rows are
 * copies of a demo and a real-money dice bet an RGS wrote on that store just before (store-floor.ts), each
 * encoded once up front and given fresh keys per write, so that what this process spends is the store's
 * work and the driver's, with no game, HTTP or JSON encoding in it.
 *
 * Driven over IPC by the benchmark: it sends a `FloorRun`, this process runs it in a closed loop of N
 * clients (load.ts), and says when the warm-up and the measured time end, so the benchmark reads the CPU of
 * this process (and of PostgreSQL) over exactly that window.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Kysely } from "kysely";
import { systemClock } from "../src/clock.ts";
import { loadConfig } from "../src/config.ts";
import { openStore, type Store } from "../src/store/database.ts";
import { type Batch, type DeferrableTable, insertRows } from "../src/store/group-commit.ts";
import { roundRow, toRound } from "../src/store/round-columns.ts";
import type { Database } from "../src/store/schema.ts";
import { toTransaction, transactionRow } from "../src/store/transaction-columns.ts";
import { walSyncer } from "../src/store/wal-sync.ts";
import { measure, type Operation } from "./load.ts";
import type { FloorMessage, FloorRun } from "./store-floor.ts";

type Row = Record<string, unknown>;
type Write = { table: DeferrableTable; rows: Row[] }[];

interface Templates {
  demoRound: Row;
  realRound: Row;
  debit: Row;
  credit: Row;
}

const send = (message: FloorMessage) => process.send?.(message);

/** The rows of the RGS's last demo and real-money bets, as the ledger encodes them for insertion. */
async function templates(db: Kysely<Database>): Promise<Templates> {
  const round = async (mode: "demo" | "real") => {
    const row = await db
      .selectFrom("rounds")
      .selectAll()
      .where("mode", "=", mode)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (row === undefined) throw new Error(`no ${mode} round to copy: the RGS placed no ${mode} bet`);
    return row;
  };
  const real = await round("real");
  const transactions = await db
    .selectFrom("wallet_transactions")
    .selectAll()
    .where("round_id", "=", real.id)
    .orderBy("seq")
    .execute();
  const [debit, credit] = transactions.map(toTransaction);
  if (debit?.kind !== "debit" || credit?.kind !== "credit") {
    throw new Error("the real-money round has no debit and credit to copy");
  }
  // As the ledger inserts them: pending, before the wallet has answered.
  const pending = { status: "pending" as const, answer: null, completedAt: null, attempts: 0 };
  return {
    demoRound: roundRow(toRound(await round("demo"))),
    realRound: roundRow(toRound(real)),
    debit: transactionRow({ ...debit, ...pending }),
    credit: transactionRow({ ...credit, ...pending }),
  };
}

/** A bet's writes with fresh keys: one transaction for a demo bet; two (round and debit, then credit) for real money. */
function betWrites(t: Templates, kind: FloorRun["kind"]): Write[] {
  const roundId = randomUUID();
  if (kind === "demo") return [[{ table: "rounds", rows: [{ ...t.demoRound, id: roundId }] }]];
  const transaction = (template: Row) => ({
    ...template,
    transaction_id: randomUUID(),
    request_id: randomUUID(),
    round_id: roundId,
  });
  return [
    [
      { table: "rounds", rows: [{ ...t.realRound, id: roundId }] },
      { table: "wallet_transactions", rows: [transaction(t.debit)] },
    ],
    [{ table: "wallet_transactions", rows: [transaction(t.credit)] }],
  ];
}

/** One bet's transactions, each its own: BEGIN, one INSERT per table, COMMIT (and the embedded store's WAL flush). */
function oneEach(store: Store, t: Templates, kind: FloorRun["kind"], flush?: () => Promise<void>): Operation {
  return async () => {
    for (const write of betWrites(t, kind)) {
      await store.db.transaction().execute(async (trx) => {
        for (const { table, rows } of write) await insertRows(trx, table, rows);
      });
      await flush?.();
    }
  };
}

/** One bet's transactions through the RGS's group-commit writer: each a job, its rows deferred to the batch's end. */
function grouped(store: Store, t: Templates, kind: FloorRun["kind"], laneKey: string): Operation {
  return async () => {
    for (const write of betWrites(t, kind)) {
      await store.writer.run(laneKey, async (trx, batch: Batch) => {
        for (const { table, rows } of write) {
          if (batch.defers) batch.defer(table, rows);
          else await insertRows(trx, table, rows);
        }
      });
    }
  };
}

async function main(): Promise<void> {
  const loaded = loadConfig(process.env);
  if (!loaded.ok) throw new Error(`invalid configuration: ${loaded.errors.join("; ")}`);
  const config = loaded.config;
  const store = await openStore({ config, clock: systemClock });
  // The writer flushes the embedded store's WAL after each COMMIT; a transaction of its own does the same.
  const flush = store.kind === "pglite" ? walSyncer(path.join(config.dataDir, "pgdata")) : undefined;
  const rows = await templates(store.db);
  process.on("message", (message: { run?: FloorRun; stop?: true }) => {
    if (message.stop) {
      void store.close().then(() => process.exit(0));
      return;
    }
    const run = message.run;
    if (run === undefined) return;
    const clients = Array.from({ length: run.clients }, (_, index) =>
      run.form === "one per transaction"
        ? oneEach(store, rows, run.kind, flush)
        : grouped(store, rows, run.kind, `floor-${index}`),
    );
    measure({
      name: run.name,
      store: run.store,
      seconds: run.seconds,
      warmupSeconds: run.warmupSeconds,
      clients,
      window: { start: () => send({ window: "start" }), end: () => send({ window: "end" }) },
    }).then(
      (result) => send({ result }),
      (error: unknown) => send({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
  send({ ready: true });
}

main().catch((error: unknown) => {
  send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
