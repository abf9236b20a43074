import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, link, open, unlink } from "node:fs/promises";
import { createInterface } from "node:readline";
import { type QueryExecutorProvider, sql } from "kysely";
import type { Clock } from "../clock.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import type { Store } from "../store/database.ts";
import { EXPORT_FORMAT, type ExportedRound, type PlainRow } from "../verify/exported-round.ts";
import { historyDb } from "./history-tables.ts";

/**
 * The retention half of the history (the mover is history-mover.ts): a month of archived rounds is
 * written to a file of JSON lines, one round a line with its wallet transactions and the seeds that
 * verify it (verify/exported-round.ts replays a line with the games' own code, offline); then, on proof
 * that the file holds exactly that month, the month's partitions of both history tables are detached
 * and dropped. Only history partitions are touched: the hot tables keep every round that is not over,
 * every callback still pending and every unresolved dead letter, and `transaction_ids` keeps every
 * transaction ID forever.
 *
 * The month's digest is SHA-256 over each round's line content (the round's and its transactions'
 * columns, canonical JSON, seeds left out since a pair retired later adds its seed) in the order
 * (finished_at, id): export and drop compute it the same way, from the file and from the partitions.
 */

export class HistoryRetentionError extends Error {
  override name = "HistoryRetentionError";
}

export interface MonthSummary {
  month: string;
  rounds: number;
  transactions: number;
  /** SHA-256 hex of the month's rounds, as described above. */
  digest: string;
}

export interface ExportResult extends MonthSummary {
  file: string;
  /** Rounds whose seed pair was still in play: their line has the commitment, not the server seed. */
  secretSeeds: number;
}

export interface DropResult extends MonthSummary {
  droppedPartitions: string[];
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const PAGE = 500;
/** Taken by the mover when it creates partitions: a drop never races a creation of the same month. */
const PARTITION_LOCK = "rgs:history-partitions";

interface MonthRange {
  month: string;
  from: Date;
  to: Date;
  suffix: string;
}

function parseMonth(month: unknown): MonthRange {
  const match = typeof month === "string" ? MONTH.exec(month) : null;
  if (!match) {
    throw new HistoryRetentionError(
      `--month takes a month as YYYY-MM (e.g. 2030-01), got ${JSON.stringify(String(month).slice(0, 32))}.`,
    );
  }
  const year = Number(match[1]);
  const mon = Number(match[2]);
  return {
    month: `${match[1]}-${match[2]}`,
    from: new Date(Date.UTC(year, mon - 1, 1)),
    to: new Date(Date.UTC(year, mon, 1)),
    suffix: `${match[1]}_${match[2]}`,
  };
}

/** A row as it goes in a line: dates as ISO text, bigints as decimal text, bytes as base64. */
function plainRow(row: object): PlainRow {
  const out: PlainRow = {};
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Date) out[key] = value.toISOString();
    else if (typeof value === "bigint") out[key] = value.toString();
    else if (value instanceof Uint8Array) out[key] = Buffer.from(value).toString("base64");
    else out[key] = value;
  }
  return out;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function addToDigest(hash: Hash, round: PlainRow, transactions: readonly PlainRow[]): void {
  hash.update(canonical({ round, transactions }));
  hash.update("\n");
}

type Db = ReturnType<typeof historyDb>;

interface Page {
  rounds: PlainRow[];
  transactions: Map<string, PlainRow[]>;
  raw: { id: string; seed_pair_id: string; session_id: string }[];
}

/** The month's archived rounds in (finished_at, id) order, a page at a time, with their transactions. */
async function* readMonth(db: Db, range: MonthRange): AsyncGenerator<Page> {
  let after: { finishedAt: Date; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom("rounds_history")
      .selectAll()
      .where("finished_at", ">=", range.from)
      .where("finished_at", "<", range.to);
    if (after) {
      const { finishedAt, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb("finished_at", ">", finishedAt),
          eb.and([eb("finished_at", "=", finishedAt), eb("id", ">", id)]),
        ]),
      );
    }
    const rows = await query.orderBy("finished_at").orderBy("id").limit(PAGE).execute();
    if (rows.length === 0) return;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { finishedAt: last.finished_at, id: last.id };
    const transactions = new Map<string, PlainRow[]>();
    const txRows = await db
      .selectFrom("wallet_transactions_history")
      .selectAll()
      .where("round_finished_at", ">=", range.from)
      .where("round_finished_at", "<", range.to)
      .where(
        "round_id",
        "in",
        rows.map((r) => r.id),
      )
      .orderBy("round_id")
      .orderBy("seq")
      .execute();
    for (const tx of txRows) {
      const list = transactions.get(tx.round_id) ?? [];
      list.push(plainRow(tx));
      transactions.set(tx.round_id, list);
    }
    yield { rounds: rows.map(plainRow), transactions, raw: rows };
  }
}

async function partitionsOf(db: QueryExecutorProvider, range: MonthRange): Promise<string[]> {
  const names = [`rounds_history_${range.suffix}`, `wallet_transactions_history_${range.suffix}`];
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent in ('rounds_history'::regclass, 'wallet_transactions_history'::regclass)
      and c.relname in (${sql.join(names)})`.execute(db);
  return rows.map((r) => r.name).sort();
}

function noPartition(range: MonthRange): HistoryRetentionError {
  return new HistoryRetentionError(
    `There is no history partition for ${range.month}: no round finished that month was moved, or the month was already dropped.`,
  );
}

const alreadyExists = (file: string) =>
  new HistoryRetentionError(`${file} already exists: choose another name or remove it.`);

export class HistoryRetention {
  readonly #store: Pick<Store, "db">;
  readonly #box: SecretBox;
  readonly #clock: Clock;

  constructor(deps: { store: Pick<Store, "db">; secretBox: SecretBox; clock: Clock }) {
    this.#store = deps.store;
    this.#box = deps.secretBox;
    this.#clock = deps.clock;
  }

  /**
   * Writes every archived round of the month to `file` (which must not exist yet). The lines are
   * written to `file.partial` and linked to `file` once complete, so a file under that name is whole.
   */
  async exportMonth(month: string, file: string): Promise<ExportResult> {
    const range = parseMonth(month);
    if (typeof file !== "string" || file.trim() === "") {
      throw new HistoryRetentionError("--out takes the path of the file to write.");
    }
    const db = historyDb(this.#store);
    if ((await partitionsOf(db, range)).length === 0) throw noPartition(range);
    // Checked again when the finished file is linked under its name; this saves reading the month first.
    if (
      await access(file).then(
        () => true,
        () => false,
      )
    )
      throw alreadyExists(file);
    const partial = `${file}.partial`;
    const handle = await open(partial, "wx").catch((error: NodeJS.ErrnoException) => {
      throw new HistoryRetentionError(`Cannot write ${partial}: ${error.code ?? error.message}.`);
    });
    const hash = createHash("sha256");
    const result = { month: range.month, rounds: 0, transactions: 0, secretSeeds: 0 };
    try {
      for await (const page of readMonth(db, range)) {
        const seeds = await this.#seeds(page.raw.map((r) => r.seed_pair_id));
        const maxWins = await this.#maxWins(page.raw.map((r) => r.session_id));
        let text = "";
        page.rounds.forEach((round, index) => {
          const raw = page.raw[index] as Page["raw"][number];
          const transactions = page.transactions.get(raw.id) ?? [];
          const pair = seeds.get(raw.seed_pair_id);
          if (!pair) throw new Error(`seed pair ${raw.seed_pair_id} of archived round ${raw.id} is missing`);
          if (pair.serverSeed === undefined) result.secretSeeds += 1;
          const line: ExportedRound = {
            format: EXPORT_FORMAT,
            month: range.month,
            round,
            transactions,
            seeds: pair,
            maxWin: maxWins.get(raw.session_id) ?? null,
          };
          addToDigest(hash, round, transactions);
          result.rounds += 1;
          result.transactions += transactions.length;
          text += `${JSON.stringify(line)}\n`;
        });
        await handle.write(text);
      }
      await handle.sync();
      await handle.close();
      await link(partial, file).catch((error: NodeJS.ErrnoException) => {
        throw new HistoryRetentionError(
          error.code === "EEXIST"
            ? alreadyExists(file).message
            : `Cannot write ${file}: ${error.code ?? error.message}.`,
        );
      });
      await unlink(partial);
    } catch (error) {
      await handle.close().catch(() => {});
      await unlink(partial).catch(() => {});
      throw error;
    }
    return { ...result, digest: hash.digest("hex"), file };
  }

  /**
   * Detaches and drops the month's history partitions, once `file` is shown to hold exactly the
   * rounds they hold: same rounds, same order, same content. Checked inside the transaction that drops,
   * with the history locked against writes, so a round moved in after the export is never dropped
   * unexported.
   */
  async dropMonth(month: string, file: string): Promise<DropResult> {
    const range = parseMonth(month);
    const current = new Date(this.#clock.now()).toISOString().slice(0, 7);
    if (range.month >= current) {
      throw new HistoryRetentionError(
        `${range.month} is not over yet (this is ${current}): rounds finished in it may still be moved to the history.`,
      );
    }
    const exported = await summarizeFile(file, range.month);
    return this.#store.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${PARTITION_LOCK}))`.execute(trx);
      const partitions = await partitionsOf(trx, range);
      if (partitions.length === 0) throw noPartition(range);
      // Writes to the history (the mover) wait until the drop ends; reads go on until the detach. Taken
      // on the parents before anything else, so the detach's own lock on them never waits for a mover
      // that waits for this transaction.
      await sql`lock table rounds_history, wallet_transactions_history in share row exclusive mode`.execute(
        trx,
      );
      // The mover never archives these; a partition holding one was written some other way.
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from wallet_transactions_history
        where round_finished_at >= ${range.from} and round_finished_at < ${range.to}
          and (status in ('pending', 'ambiguous') or (status = 'dead' and resolved_at is null))`.execute(trx);
      if ((rows[0]?.n ?? 0) > 0) {
        throw new HistoryRetentionError(
          `The history of ${range.month} holds ${rows[0]?.n} unfinished callback(s): they must be settled or resolved first.`,
        );
      }
      const stored = await summarizeMonth(historyDb({ db: trx }), range);
      if (stored.rounds !== exported.rounds) {
        throw new HistoryRetentionError(
          `${file} holds ${exported.rounds} round${exported.rounds === 1 ? "" : "s"} of ${range.month}, the history holds ${stored.rounds}: export the month again, then drop it.`,
        );
      }
      if (stored.digest !== exported.digest || stored.transactions !== exported.transactions) {
        throw new HistoryRetentionError(
          `${file} does not hold what the history holds for ${range.month} (digest ${exported.digest.slice(0, 16)}..., the history's ${stored.digest.slice(0, 16)}...): export the month again, then drop it.`,
        );
      }
      // What leaves is remembered by ID, so a search for one of these rounds answers that it was archived.
      await sql`
        insert into history_dropped_rounds (round_id, operator_id, month)
        select id, operator_id, ${range.month} from rounds_history
        where finished_at >= ${range.from} and finished_at < ${range.to}
        on conflict (round_id) do nothing`.execute(trx);
      for (const name of partitions) {
        const parent = name.startsWith("rounds_history_") ? "rounds_history" : "wallet_transactions_history";
        await sql`alter table ${sql.id(parent)} detach partition ${sql.id(name)}`.execute(trx);
        await sql`drop table ${sql.id(name)}`.execute(trx);
      }
      return { ...stored, droppedPartitions: partitions };
    });
  }

  async #seeds(ids: string[]): Promise<Map<string, ExportedRound["seeds"]>> {
    const rows = await this.#store.db
      .selectFrom("seed_pairs")
      .select(["id", "server_seed_sealed", "server_seed_hash", "client_seed", "status"])
      .where("id", "in", [...new Set(ids)])
      .execute();
    return new Map(
      rows.map((pair) => [
        pair.id,
        {
          seedPairId: pair.id,
          serverSeedHash: pair.server_seed_hash,
          clientSeed: pair.client_seed,
          // A pair still in play keeps its seed secret; the player reveals it by rotating.
          ...(pair.status === "retired" && { serverSeed: this.#box.open(pair.server_seed_sealed) }),
        },
      ]),
    );
  }

  async #maxWins(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.#store.db
      .selectFrom("sessions")
      .select(["id", "max_win"])
      .where("id", "in", [...new Set(ids)])
      .execute();
    return new Map(rows.map((s) => [s.id, s.max_win.toString()]));
  }
}

async function summarizeMonth(db: Db, range: MonthRange): Promise<MonthSummary> {
  const hash = createHash("sha256");
  const summary = { month: range.month, rounds: 0, transactions: 0 };
  for await (const page of readMonth(db, range)) {
    page.rounds.forEach((round, index) => {
      const transactions = page.transactions.get(page.raw[index]?.id ?? "") ?? [];
      addToDigest(hash, round, transactions);
      summary.rounds += 1;
      summary.transactions += transactions.length;
    });
  }
  return { ...summary, digest: hash.digest("hex") };
}

/** Count and digest of an export file, refusing a line that is not an exported round of `month`. */
async function summarizeFile(file: string, month: string): Promise<MonthSummary> {
  if (typeof file !== "string" || file.trim() === "") {
    throw new HistoryRetentionError("--confirm-exported takes the path of the file `history export` wrote.");
  }
  const stream = createReadStream(file, { encoding: "utf8" });
  const opened = new Promise<void>((resolve, reject) => {
    stream.once("open", () => resolve());
    stream.once("error", reject);
  });
  await opened.catch((error: NodeJS.ErrnoException) => {
    throw new HistoryRetentionError(
      error.code === "ENOENT"
        ? `There is no file ${file}.`
        : `Cannot read ${file}: ${error.code ?? error.message}.`,
    );
  });
  const hash = createHash("sha256");
  const summary = { month, rounds: 0, transactions: 0 };
  let number = 0;
  for await (const text of createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
    number += 1;
    if (text === "") continue;
    let line: Partial<ExportedRound>;
    try {
      line = JSON.parse(text) as Partial<ExportedRound>;
    } catch {
      throw new HistoryRetentionError(`Line ${number} of ${file} is not JSON: it is not a history export.`);
    }
    if (
      line?.format !== EXPORT_FORMAT ||
      line.round === null ||
      typeof line.round !== "object" ||
      !Array.isArray(line.transactions)
    ) {
      throw new HistoryRetentionError(
        `Line ${number} of ${file} is not an exported round (${EXPORT_FORMAT}).`,
      );
    }
    if (line.month !== month) {
      throw new HistoryRetentionError(
        `Line ${number} of ${file} holds a round of ${String(line.month).slice(0, 16)}, not of ${month}.`,
      );
    }
    addToDigest(hash, line.round, line.transactions);
    summary.rounds += 1;
    summary.transactions += line.transactions.length;
  }
  return { ...summary, digest: hash.digest("hex") };
}
