/**
 * EXPLAIN (ANALYZE, BUFFERS) of the queries the game API, the outbox, the sweeper and the history mover
 * issue, on a PostgreSQL database filled with millions of rounds (10 million by default). Not part of CI:
 * it creates its own database (rgs_scale), fills it with set-based SQL (generate_series, indexes built
 * after the load), runs the real repository code once through a Kysely instance that records every
 * statement, then EXPLAINs each recorded statement with its parameters inside a rolled-back transaction,
 * and drops the database unless told to keep it.
 *
 *   npx tsx packages/server/scripts/explain-at-scale.ts [--rounds 10000000] [--players 100000] [--keep]
 *     [--bet-cost 2000]
 *
 * `--bet-cost N` then replays N real-money bets' statements (the shape the bet path issues one bet at a time:
 * 11 statements in 3 transactions, see docs/benchmarks.md) on one connection and reads the CPU time its
 * PostgreSQL backend spent (/proc/<pid>/stat, so PostgreSQL must run on this host) and the WAL written.
 *
 * `--report-rounds N` (10 million by default; 0 skips it) then times the GGR report (src/reporting/ggr-report.ts) on
 * aggregates the size the roll-up keeps for N real-money rounds over a year of 5 operators, all 73 game codes
 * and 3 currencies: a year by day in UTC and in the operator's zone (the exact days), then 31 days by hour in
 * another zone (summed from 15-minute buckets), each run three times on the reporting pool's shape of query,
 * the last run warm, beside the floor: the same statements alone, rows received but not turned into the report's.
 * The year by day is timed both by game and totalled over games (`groupBy: "currency"`). The aggregates are written set-based, as the roll-up would have left them.
 *
 * SCALE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where the database is created.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { GGR_DAILY_MAX_DAYS } from "@rgs/protocol/operator-reports";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { fillReportAggregates, timeReports, timingLine } from "../bench/ggr-report.ts";
import { systemClock } from "../src/clock.ts";
import { CallbackLedgerTx } from "../src/outbox/callback-ledger.ts";
import { DeadLetterService } from "../src/outbox/dead-letters.ts";
import { outboxStats } from "../src/outbox/stats.ts";
import { GgrReport } from "../src/reporting/ggr-report.ts";
import { findRounds, transactionsOf } from "../src/reporting/round-search.ts";
import { roundFilters, transactionFilters } from "../src/reporting/search-filters.ts";
import { findTransactions } from "../src/reporting/transaction-search.ts";
import { HistoryMover } from "../src/rounds/history-mover.ts";
import { findAnyRound, findVerifyInputs, listAllFinishedRounds } from "../src/rounds/history-repository.ts";
import { LedgerTx } from "../src/rounds/ledger.ts";
import { findRound, findUnfinishedRound } from "../src/rounds/round-repository.ts";
import { findRollbackOf, findTransaction, listTransactions } from "../src/rounds/transaction-repository.ts";
import { hasUndecidedRound, takeNonceIfActive } from "../src/seeds/seed-repository.ts";
import { openPostgresStore } from "../src/store/database.ts";
import type { Database } from "../src/store/schema.ts";
import { Sweeper } from "../src/sweeper/sweeper.ts";
import { parseOptionsOrExit, usageError } from "./parse-options.ts";

const USAGE =
  "Usage: npx tsx packages/server/scripts/explain-at-scale.ts [--rounds N] [--players N] [--keep] [--bet-cost N] [--report-rounds N]";

const values = parseOptionsOrExit(
  {
    rounds: { type: "string", default: "10000000" },
    players: { type: "string", default: "100000" },
    keep: { type: "boolean", default: false },
    "bet-cost": { type: "string", default: "0" },
    "report-rounds": { type: "string", default: "10000000" },
  },
  USAGE,
);
const N = Number(values.rounds);
const P = Number(values.players);
if (!Number.isInteger(N) || N < 10_000 || !Number.isInteger(P) || P < 1_000 || P * 3 > N) {
  usageError("--rounds must be at least 10000 and --players from 1000 to a third of the rounds", USAGE);
}
const ADMIN_URL = process.env.SCALE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = "rgs_scale";
const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
const DB_URL = url.toString();
const OPERATOR = "0f0f0f0f-0000-4000-8000-000000000001";
/** First round of the hot tables: the last tenth of the rounds; the rest is in the history. */
const H0 = Math.floor(N * 0.9);
const OPEN = Math.min(10_000, P);

const log = (text: string) => process.stdout.write(`${text}\n`);

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** uuid text of a number under a one-hex-digit prefix: ids increase with i, as the load's B-trees like. */
const uuidOf = (prefix: string, expr: string) => `(${`'${prefix}'`} || lpad(to_hex(${expr}), 31, '0'))::uuid`;

async function fill(client: pg.Client): Promise<void> {
  const q = (text: string) => client.query(text);
  await q("set synchronous_commit = off");
  await q("set maintenance_work_mem = '256MB'");
  await q("set work_mem = '64MB'");
  // Secondary indexes are dropped for the load and built again afterwards, as a bulk load would.
  const { rows: indexes } = await client.query<{ name: string; def: string }>(`
    select i.indexname as name, i.indexdef as def from pg_indexes i
    where i.schemaname = current_schema()
      and i.tablename in ('rounds', 'wallet_transactions', 'rounds_history', 'wallet_transactions_history')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  for (const index of indexes) await q(`drop index ${index.name}`);

  const now = "date_trunc('minute', now())";
  const createdAt = (i: string) =>
    `${now} - interval '300 days' + (${i}::float8 / ${N}) * interval '299 days'`;
  const { rows: months } = await client.query<{ m: string }>(`
    select to_char(m, 'YYYY-MM') as m from generate_series(
      date_trunc('month', ${now} - interval '300 days', 'UTC'), date_trunc('month', ${now}, 'UTC'), interval '1 month') m`);
  for (const { m } of months) {
    const [y, mo] = m.split("-").map(Number) as [number, number];
    const from = new Date(Date.UTC(y, mo - 1, 1)).toISOString();
    const to = new Date(Date.UTC(y, mo, 1)).toISOString();
    for (const parent of ["rounds_history", "wallet_transactions_history"]) {
      await q(
        `create table ${parent}_${m.replace("-", "_")} partition of ${parent} for values from ('${from}') to ('${to}')`,
      );
    }
  }

  await timed(`${P} sessions and seed pairs`, async () => {
    await q(`insert into sessions (id, operator_id, player_id, game_code, currency, country_code, mode, min_bet,
        max_bet, max_win, launch_key, created_at, last_seen_at, expires_at)
      select ${uuidOf("5", "p")}, '${OPERATOR}', 'p' || p, 'dice-alpha', 'USD', 'CA', 'real', 10, 100000, 1000000,
        'launch-' || p, ${now}, ${now}, ${now} + interval '1 day'
      from generate_series(1, ${P}) p`);
    await q(`insert into seed_pairs (id, operator_id, player_id, mode, server_seed_sealed, server_seed_hash,
        client_seed, next_nonce, status, created_at)
      select ${uuidOf("6", "p")}, '${OPERATOR}', 'p' || p, 'real', 'sealed', md5(p::text) || md5(p::text), 'c' || p,
        ${Math.ceil(N / P)}, 'active', ${now} - interval '300 days'
      from generate_series(1, ${P}) p`);
  });

  const roundColumns = `id, session_id, operator_id, player_id, mode, game_code, currency, decimals, status,
    stake_total, payout_total, params, state, view, seed_pair_id, nonce, created_at, last_action_at, closed_at`;
  const roundValues = (status: string, game: string, closed: boolean) => `
    ${uuidOf("0", "i")}, ${uuidOf("5", `(i % ${P}) + 1`)}, '${OPERATOR}', 'p' || ((i % ${P}) + 1), 'real', ${game},
    'USD', 2, ${status}, 100, case when i % 3 = 0 then 200 else 0 end,
    '{"target": 5050, "condition": "over"}'::jsonb, jsonb_build_object('roll', i % 10000),
    jsonb_build_object('win', i % 3 = 0, 'roll', ((i % 10000) / 100.0)::text, 'stake', '100', 'payout',
      case when i % 3 = 0 then '200' else '0' end, 'target', '50.50', 'condition', 'over'),
    ${uuidOf("6", `(i % ${P}) + 1`)}, i / ${P}, ${createdAt("i")}, ${createdAt("i")},
    ${closed ? `${createdAt("i")} + interval '2 seconds'` : "null"}`;
  const txColumns = `transaction_id, round_id, seq, kind, amount, round_closed, request_id, request_body, status,
    attempts, next_attempt_at, answer, created_at, completed_at`;
  const txValues = (seq: 0 | 1, status: string, next: string) => `
    ${uuidOf(seq === 0 ? "1" : "2", "i")}::text, ${uuidOf("0", "i")}, ${seq}, '${seq === 0 ? "debit" : "credit"}',
    ${seq === 0 ? 100 : 200}, ${seq === 1}, 'req-' || i || '-${seq}',
    '{"playerId":"p' || ((i % ${P}) + 1) || '","amount":"' || ${seq === 0 ? "'1.00'" : "'2.00'"} || '","roundId":"' || i || '"}',
    ${status}, 1, ${next}, '{"status":"OK","balance":"100.00"}'::jsonb,
    ${createdAt("i")}, case when ${status} = 'ok' then ${createdAt("i")} + interval '1 second' end`;

  await timed(`${H0} archived rounds`, () =>
    q(`insert into rounds_history (${roundColumns}, finished_at)
      select ${roundValues("case when i % 50 = 0 then 'void' else 'closed' end", "'dice-alpha'", true)},
        ${createdAt("i")} + interval '2 seconds'
      from generate_series(1, ${H0}) i`),
  );
  await timed("their transactions", () =>
    q(`insert into wallet_transactions_history (${txColumns}, round_finished_at)
      select ${txValues(0, "'ok'", "null::timestamptz")}, ${createdAt("i")} + interval '2 seconds' from generate_series(1, ${H0}) i
      union all
      select ${txValues(1, "'ok'", "null::timestamptz")}, ${createdAt("i")} + interval '2 seconds'
      from generate_series(3, ${H0}, 3) i`),
  );
  await timed("their transaction IDs", () =>
    q(`insert into transaction_ids select transaction_id from wallet_transactions_history`),
  );

  // Hot: the last tenth. The newest OPEN rounds are open (distinct players); among the first P hot rounds
  // every hundredth is settling with its credit pending; among the next P every thousandth has a dead letter.
  const status = `case when i > ${N - OPEN} then 'open'
    when i <= ${H0 + P} and i % 100 = 0 then 'settling' else 'closed' end`;
  await timed(`${N - H0} hot rounds`, () =>
    q(`insert into rounds (${roundColumns})
      select ${roundValues(status, `case when i <= ${H0 + P} and i % 100 = 0 then 'mines-alpha' else 'dice-alpha' end`, true)}
      from generate_series(${H0 + 1}, ${N}) i`),
  );
  await q(`update rounds set closed_at = null where status in ('open', 'settling')`);
  const credit = `case when i <= ${H0 + P} and i % 100 = 0 then 'pending'
    when i > ${H0 + P} and i <= ${H0 + 2 * P} and i % 1000 = 0 then 'dead' else 'ok' end`;
  await timed("their transactions (and IDs, by the trigger)", () =>
    q(`insert into wallet_transactions (${txColumns})
      select ${txValues(0, "'ok'", "null::timestamptz")} from generate_series(${H0 + 1}, ${N}) i
      union all
      select ${txValues(1, credit, `case when i % 200 = 0 then ${now} + interval '1 hour' else ${now} - interval '1 minute' end`)}
      from generate_series(${H0 + 1}, ${N - OPEN}) i
      where i % 3 = 0 or (i <= ${H0 + P} and i % 100 = 0) or (i > ${H0 + P} and i <= ${H0 + 2 * P} and i % 1000 = 0)`),
  );
  await timed(`${indexes.length} indexes built again`, async () => {
    // pg_indexes shows a partitioned table's index as ON ONLY, which would leave the partitions without it.
    for (const index of indexes) await q(index.def.replace(" ON ONLY ", " ON "));
  });
  await timed("analyze", () => q("analyze"));
}

interface Recorded {
  label: string;
  sql: string;
  parameters: unknown[];
}

async function record(db: Kysely<Database>, sink: Recorded[], current: { label: string }): Promise<void> {
  const store = { db };
  const key = { operatorId: OPERATOR, playerId: "p4242", mode: "real" as const };
  const hotId = (i: number) =>
    `0${i.toString(16).padStart(31, "0")}`.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
  const txId = (prefix: string, i: number) => hotId(i).replace(/^0/, prefix);
  const archived = hotId(H0 - 10 * P + 4241);
  const hot = hotId(H0 + P + 4241);
  const open = hotId(N - 5);
  const at = (label: string) => {
    current.label = label;
  };
  const now = new Date();

  at("game: the player's unfinished round (play, action, GET /game/current)");
  await findUnfinishedRound(db, { ...key, gameCode: "dice-alpha" });
  at("game: a round by ID, locked (action)");
  await db.transaction().execute((trx) => findRound(trx, open, { forUpdate: true }));
  at("game: a round by ID, hot then history (GET /game/round/:id)");
  await findAnyRound(store, archived);
  at("game: history page (GET /game/history), hot then history");
  const page = await listAllFinishedRounds(store, { ...key, gameCode: "dice-alpha" }, { limit: 21 });
  const last = page[page.length - 1];
  at("game: history, next page");
  if (last)
    await listAllFinishedRounds(
      store,
      { ...key, gameCode: "dice-alpha" },
      {
        limit: 21,
        before: { createdAt: last.createdAt, id: last.id },
      },
    );
  at("game: verify by roundId (session's max win, opening debit)");
  await findVerifyInputs(store, archived);
  at("game: a round's transactions (settling, abandon)");
  await listTransactions(db, hot);
  at("game: may a debit be sent again");
  await findTransaction(db, txId("1", H0 + P + 4241));
  await findRollbackOf(db, txId("1", H0 + P + 4241));
  at("seeds: an undecided round before rotating");
  await hasUndecidedRound(db, key);
  at("seeds: take a nonce");
  await takeNonceIfActive(db, hotId(4242).replace(/^0/, "6"));
  at("ledger: round and transaction updates by key");
  const ledger = new LedgerTx(db);
  await ledger.updateRound(open, { lastActionAt: now });
  await ledger.closeRound(open, now, "credit");
  await ledger.settleDebit(txId("1", N - 5), { status: "ok", completedAt: now });
  await ledger.recordAttempt(txId("1", N - 5), null);
  at("outbox: claim due callbacks");
  const callbacks = new CallbackLedgerTx(db);
  await callbacks.claimDue({
    now,
    owner: "explain",
    leaseUntil: new Date(now.getTime() + 60_000),
    limit: 50,
  });
  at("outbox: claim one round's callbacks (a player waits)");
  await callbacks.claimDue({
    now,
    owner: "explain",
    leaseUntil: new Date(now.getTime() + 60_000),
    limit: 50,
    roundId: hotId(H0 + 100),
    early: true,
  });
  at("outbox: backlog gauges (each scrape)");
  await outboxStats(store, systemClock);
  at("outbox: dead letters (callbacks list --dead)");
  await new DeadLetterService({
    store: { db, writer: undefined as never, audit: undefined as never },
    clock: systemClock,
  }).list({
    dead: true,
  });
  at("sweeper: claim idle rounds and due deadlines");
  await new Sweeper({
    store,
    clock: systemClock,
    rounds: { abandon: async () => {}, tick: async () => {} },
    idleMs: 1_800_000,
    instanceId: `explain-${randomUUID()}`,
  }).runOnce();
  await recordSearches(db, { archived, hot, hotTx: txId("1", H0 + P + 4241), now }, at);
  at("history mover: one batch");
  await new HistoryMover({ store, clock: systemClock }).move({
    before: new Date(now.getTime() - 7 * 86_400_000),
    batchSize: 500,
    maxRounds: 500,
  });
  void sink;
}

/**
 * The operator's searches (POST /operator/rounds/search and /operator/transactions/search), each as its
 * service runs it: a first page of 100 (101 read) and, for rounds, the page's transactions. The 31 days up to
 * now hold the hot tenth and the newest history; 200 days back only the history.
 */
async function recordSearches(
  db: Kysely<Database>,
  ids: { archived: string; hot: string; hotTx: string; now: Date },
  at: (label: string) => void,
): Promise<void> {
  const asOf = new Date(ids.now.getTime() - 5000);
  const daysAgo = (days: number) => new Date(ids.now.getTime() - days * 86_400_000).toISOString();
  const recent = { from: daysAgo(31), to: asOf.toISOString() };
  const old = { from: daysAgo(200), to: daysAgo(170) };
  const rounds = [
    ["a page of the operator's last 31 days", { ...recent }],
    ["a player's last 31 days", { ...recent, playerId: "p4242" }],
    ["a game over the last 31 days (no index of its own)", { ...recent, gameCode: "mines-alpha" }],
    ["settling rounds of the last 31 days", { ...recent, status: "settling" }],
    ["a player, 200 to 170 days ago (history only)", { ...old, playerId: "p4242" }],
    ["by round ID (archived)", { roundId: ids.archived }],
    ["by transaction ID (hot)", { transactionId: ids.hotTx }],
  ] as const;
  for (const [label, body] of rounds) {
    at(`reporting: rounds search, ${label}`);
    const parsed = roundFilters({ ...body, limit: 100 });
    if (!parsed.ok) throw new Error(`${label}: ${parsed.detail}`);
    const found = await findRounds(db, { operatorId: OPERATOR, filters: parsed.filters, limit: 101, asOf });
    await transactionsOf(
      db,
      found.slice(0, 100).map((r) => r.id),
    );
  }
  const transactions = [
    ["a page of the operator's last 31 days", { ...recent }],
    ["a player's last 31 days", { ...recent, playerId: "p4242" }],
    ["credits of the last 31 days", { ...recent, kind: "credit" }],
    ["a player, 200 to 170 days ago (history only)", { ...old, playerId: "p4242" }],
    ["a round's transactions (hot)", { roundId: ids.hot }],
  ] as const;
  for (const [label, body] of transactions) {
    at(`reporting: transactions search, ${label}`);
    const parsed = transactionFilters({ ...body, limit: 100 });
    if (!parsed.ok) throw new Error(`${label}: ${parsed.detail}`);
    await findTransactions(db, { operatorId: OPERATOR, filters: parsed.filters, limit: 101, asOf });
  }
}

/**
 * The mover's statements were recorded while its batch committed: explained as they are, they would find
 * nothing. They are explained with the IDs of the next batch instead (inside the rolled-back transaction).
 */
async function retargetMover(client: pg.Client, recorded: Recorded[]): Promise<void> {
  const batch = recorded.filter((r) => r.label.startsWith("history mover"));
  const deleted = batch.find((r) => /^delete from rounds /.test(r.sql.trim()));
  if (!deleted) return;
  const { rows } = await client.query<{ id: string }>(
    `select id from rounds r where status in ('closed', 'void') and closed_at < now() - interval '7 days'
      and not exists (select 1 from wallet_transactions t where t.round_id = r.id and t.status in ('pending', 'ambiguous', 'dead'))
      order by closed_at limit $1`,
    [deleted.parameters.length],
  );
  const next = new Map(deleted.parameters.map((id, k) => [id, rows[k]?.id ?? id]));
  for (const r of batch) r.parameters = r.parameters.map((p) => next.get(p) ?? p);
}

/** CPU seconds a process has used, user and system, from /proc (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * A real-money bet's statements, one bet at a time: read the session and the unfinished round, take the
 * nonce, insert the round and its debit (transaction 1); record the debit's answer, the round's outcome and
 * its credit (2); record the credit's answer and close the round (3).
 */
async function betCost(client: pg.Client, bets: number): Promise<void> {
  const { rows } = await client.query<{ pid: number; lsn: string }>(
    "select pg_backend_pid() as pid, pg_current_wal_lsn()::text as lsn",
  );
  const pid = rows[0]?.pid ?? 0;
  const lsn = rows[0]?.lsn ?? "0/0";
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  for (let k = 0; k < bets; k++) {
    const p = (k % P) + 1;
    const player = `p${p}`;
    const pair = `6${p.toString(16).padStart(31, "0")}`.replace(
      /^(.{8})(.{4})(.{4})(.{4})(.{12})$/,
      "$1-$2-$3-$4-$5",
    );
    const session = pair.replace(/^6/, "5");
    const round = randomUUID();
    const debit = randomUUID();
    const credit = randomUUID();
    const at = new Date();
    const q = (text: string, values: unknown[] = []) => client.query(text, values);
    await q("begin");
    await q("select * from sessions where id = $1", [session]);
    await q(
      "select * from rounds where operator_id = $1 and player_id = $2 and game_code = $3 and mode = $4 and status in ('initializing', 'open', 'settling')",
      [OPERATOR, player, "crash-alpha", "real"],
    );
    await q(
      "update seed_pairs set next_nonce = next_nonce + 1 where id = $1 and status = 'active' returning next_nonce, client_seed",
      [pair],
    );
    await q(
      `insert into rounds (id, session_id, operator_id, player_id, mode, game_code, currency, decimals, status, stake_total,
        payout_total, params, state, view, seed_pair_id, nonce, created_at, last_action_at)
        values ($1, $2, $3, $4, 'real', 'crash-alpha', 'USD', 2, 'initializing', 100, 0, $5, $6, $7, $8, $9, $10, $10)`,
      [
        round,
        session,
        OPERATOR,
        player,
        '{"target":5050,"condition":"over"}',
        '{"roll":6518}',
        '{"stake":"100"}',
        pair,
        k,
        at,
      ],
    );
    await q(
      `insert into wallet_transactions (transaction_id, round_id, seq, kind, amount, round_closed, request_id,
        request_body, status, created_at) values ($1, $2, 0, 'debit', 100, false, $3, $4, 'pending', $5)`,
      [debit, round, randomUUID(), `{"playerId":"${player}","amount":"1.00","roundId":"${round}"}`, at],
    );
    await q("select txid_current()");
    await q("commit");
    await q("begin");
    await q(
      "update wallet_transactions set status = 'ok', answer = $1, completed_at = $2 where transaction_id = $3 and status = 'pending'",
      ['{"status":"OK","balance":"99.00"}', at, debit],
    );
    await q(
      "update rounds set status = 'settling', state = $1, view = $2, payout_total = 200, last_action_at = $3 where id = $4",
      ['{"roll":6518,"win":true}', '{"win":true,"roll":"65.18","stake":"100","payout":"200"}', at, round],
    );
    await q(
      `insert into wallet_transactions (transaction_id, round_id, seq, kind, amount, round_closed, request_id,
        request_body, status, created_at) values ($1, $2, 1, 'credit', 200, true, $3, $4, 'pending', $5)`,
      [credit, round, randomUUID(), `{"playerId":"${player}","amount":"2.00","roundId":"${round}"}`, at],
    );
    await q("commit");
    await q("begin");
    await q(
      "update wallet_transactions set status = 'ok', answer = $1, completed_at = $2 where transaction_id = $3 and status = 'pending'",
      ['{"status":"OK","balance":"101.00"}', at, credit],
    );
    await q(
      "update rounds set status = 'closed', closed_at = $1 where id = $2 and status not in ('closed', 'void')",
      [at, round],
    );
    await q("commit");
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  const { rows: wal } = await client.query<{ bytes: string }>(
    "select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::bigint::text as bytes",
    [lsn],
  );
  log(`\n## PostgreSQL cost of a real-money bet (${bets} bets, one connection, one at a time)`);
  log(`  wall time: ${seconds.toFixed(2)} s, ${(bets / seconds).toFixed(0)} bets/s on one connection`);
  log(
    `  backend CPU: ${cpu.toFixed(2)} s, ${((cpu * 1000) / bets).toFixed(3)} ms per bet, ${(bets / cpu).toFixed(0)} bets/s per core`,
  );
  log(`  WAL: ${(Number(wal[0]?.bytes ?? 0) / bets).toFixed(0)} bytes per bet`);
}

/** Each label's statements run in one rolled-back transaction, in order, as the code ran them. */
async function explain(client: pg.Client, recorded: Recorded[]): Promise<void> {
  const skip =
    /^(begin|commit|rollback|select column_name|select c\.relname|select pg_advisory|select 1 from pg_class)/i;
  let label: string | undefined;
  const seen = new Set<string>();
  for (const r of recorded) {
    // A statement repeated for each row of a pass (the sweeper's) is shown once.
    if (skip.test(r.sql.trim()) || seen.has(`${r.label}\n${r.sql}`)) continue;
    seen.add(`${r.label}\n${r.sql}`);
    if (r.label !== label) {
      if (label !== undefined) await client.query("rollback");
      label = r.label;
      log(`\n## ${label}`);
      await client.query("begin");
    }
    log(`\n-- ${r.sql.replace(/\s+/g, " ").slice(0, 400)}`);
    await client.query("savepoint one");
    try {
      const { rows } = await client.query<{ "QUERY PLAN": string }>({
        text: `explain (analyze, buffers) ${r.sql}`,
        values: r.parameters,
      });
      log(rows.map((row) => row["QUERY PLAN"]).join("\n"));
      await client.query("release savepoint one");
    } catch (error) {
      log(`(explain failed: ${(error as Error).message})`);
      await client.query("rollback to savepoint one");
    }
  }
  if (label !== undefined) await client.query("rollback");
}

/** The GGR report on aggregates the size the roll-up keeps for `rounds` rounds, timed beside its floor. */
async function reportsAtScale(client: pg.Client, rounds: number): Promise<void> {
  await client.query("update operators set time_zone = 'Europe/Berlin' where id = $1", [OPERATOR]);
  log(`\nGGR report on the aggregates of ${rounds} rounds (5 operators, 73 codes, 3 currencies, 2029):`);
  await fillReportAggregates(client, OPERATOR, rounds, (label, work) => timed(`  ${label}`, work));
  const pool = new pg.Pool({ connectionString: DB_URL, max: 1, options: "-c jit=off" });
  try {
    for (const timing of await timeReports(pool, { id: OPERATOR, timeZone: "Europe/Berlin" })) {
      log(`  ${timingLine(timing)}`);
    }
    // The year by game in UTC as the report sends it: the statement that writes its rows, explained warm.
    const statements: { sql: string; parameters: readonly unknown[] }[] = [];
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log(event) {
        if (event.level === "query") statements.push(event.query);
      },
    });
    await new GgrReport({ db }).report(
      { id: OPERATOR, timeZone: "Europe/Berlin" },
      { from: "2029-01-01", to: "2029-12-31", granularity: "day", timeZone: "UTC" },
    );
    const rowsStatement = statements[0];
    if (rowsStatement === undefined) throw new Error("the report ran no statement");
    const plan = await pool.query<{ "QUERY PLAN": string }>(
      `explain (analyze, buffers) ${rowsStatement.sql}`,
      [...rowsStatement.parameters],
    );
    for (const line of plan.rows) log(`    ${line["QUERY PLAN"]}`);
  } finally {
    await pool.end();
  }
  log(`  (a daily report covers at most ${GGR_DAILY_MAX_DAYS} days)`);
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  try {
    log(`Filling ${DB_NAME} with ${N} rounds of ${P} players (${N - H0} hot, ${H0} archived):`);
    const store = await openPostgresStore({
      connectionString: DB_URL,
      clock: systemClock,
      maxConnections: 4,
    });
    await store.operators.create({
      id: OPERATOR,
      name: "Scale",
      callbackUrl: "http://127.0.0.1:1/wallet",
      lobbyUrl: null,
      allowedCountries: null,
      timeZone: "UTC",
      frameAncestors: [],
      betLimits: [],
      packs: ["default"],
      sealedSecret: "sealed",
      now: new Date(),
    });
    await store.close();
    const client = new pg.Client({ connectionString: DB_URL });
    client.on("error", () => {});
    await client.connect();
    const started = performance.now();
    await fill(client);
    log(`  total fill: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const { rows: sizes } = await client.query<{ rel: string; size: string }>(`
      select rel, pg_size_pretty(size) as size from (
        select 'rounds' as rel, pg_total_relation_size('rounds') as size
        union all select 'wallet_transactions', pg_total_relation_size('wallet_transactions')
        union all select 'rounds_history (all partitions)', sum(pg_total_relation_size(i.inhrelid))::bigint
          from pg_inherits i where i.inhparent = 'rounds_history'::regclass
        union all select 'wallet_transactions_history (all partitions)', sum(pg_total_relation_size(i.inhrelid))::bigint
          from pg_inherits i where i.inhparent = 'wallet_transactions_history'::regclass
        union all select 'transaction_ids', pg_total_relation_size('transaction_ids')) s`);
    for (const s of sizes) log(`  ${s.rel}: ${s.size}`);

    const recorded: Recorded[] = [];
    const current = { label: "" };
    const pool = new pg.Pool({ connectionString: DB_URL, max: 2 });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log(event) {
        if (event.level === "query") {
          recorded.push({
            label: current.label,
            sql: event.query.sql,
            parameters: [...event.query.parameters],
          });
        }
      },
    });
    await record(db, recorded, current);
    await db.destroy();
    await retargetMover(client, recorded);
    await explain(client, recorded);
    const bets = Number(values["bet-cost"]);
    if (bets > 0) await betCost(client, bets);
    const reportRounds = Number(values["report-rounds"]);
    if (reportRounds > 0) await reportsAtScale(client, reportRounds);
    await client.end();
  } catch (error) {
    log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    if (!values.keep) await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}

await main();
