/**
 * Dice bets through the game API over HTTP, next to the floors that bound them, from one run on one
 * machine. Every server measured is a process of its own, driven over HTTP from a closed loop of N clients
 * (each sends, waits for the answer, sends again) for a fixed time after a warm-up:
 *
 *   bare        a bare Fastify route: the ceiling of the HTTP framework;
 *   chain       the floor of a real-money bet: one request to a small server that sends a signed debit and
 *               then a signed credit to the in-memory wallet (its own process, no store);
 *   commit      the store's own floor: durable single-row commits a second, serial and concurrent, on the
 *               embedded store and on PostgreSQL;
 *   floor       the store floor of a bet: only the rows a demo bet (1 transaction) and a real-money bet (2)
 *               must write, copied from an RGS's bets, by the store opened as the RGS opens it in a process
 *               of its own, one transaction each and group-committed, beside the bet's CPU targets;
 *   bets        demo and real-money dice bets of 1.00 through the RGS on both stores, the real-money ones
 *               against the same in-memory wallet, game rate limits lifted;
 *   memory      resident memory of the RGS after 1,000 real-money bets and after --memory-bets, on both stores;
 *   statements  SQL statements and transactions per demo, per real-money bet and per real-money bet of a
 *               player in GB (the UKGC profile: minimum round duration and reality checks), with the RGS's
 *               CPU per bet (RGS on PostgreSQL, counted by a wire-protocol proxy).
 *   report      the GGR report over the aggregates of --report-rounds real-money rounds over a year (5
 *               operators, 73 codes, 3 currencies), on PostgreSQL: each case's time beside its bare SQL.
 *   aggregates  what the GGR report's aggregates add to a real-money bet on PostgreSQL, in one RGS: CPU per bet
 *               with them, without them (the roll-up's partial index dropped, its pass kept from running) and
 *               with them again, so the drift between measurements shows beside the difference.
 *
 * With --profile the RGS of the bets part and the store floor's process are CPU-profiled, and the run prints
 * where their main threads spent the time of each measurement (its figures are then a little lower:
 * sampling costs time).
 *
 * For bare, chain, floor and bets it also reads, over the measured time only, the CPU time each process involved
 * spent (the load generator, the server, the wallet, PostgreSQL) and prints it per operation, with the
 * bets a second the machine's CPUs would allow at that cost: the bound of a target out of reach when all
 * of them share the machine.
 *
 * It prints the figures and the ratios the targets are stated in, or JSON with --json.
 *
 *   npm run bench [-- --seconds 10 --warmup 2 --concurrency 8 --memory-bets 5000 --no-postgres --profile
 *                     --report-rounds 10000000 --only bare,chain,commit,floor,bets,memory,statements,report,aggregates
 *                     --json]
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { parseOptionsOrExit, usageError } from "../scripts/parse-options.ts";
import { baseEnv, Child, freePort } from "../test/e2e/support/processes.ts";
import { pgliteCommitFloor, postgresCommitFloor, postgresDurability } from "./commit-floor.ts";
import { IDLE, nowMicros, type ProfileShare, type ProfileWindow, summariseProfiles } from "./cpu-profile.ts";
import { CHAIN, type CpuTarget, cpuTargets } from "./cpu-targets.ts";
import { DatabaseWindow, type DatabaseWork, medianTables } from "./database-work.ts";
import { type FloorProfile, summariseFloorProfiles } from "./floor-profile.ts";
import { fillReportAggregates, type ReportTiming, timeReportRoute, timeReports } from "./ggr-report.ts";
import { type Measurement, measure, type Operation, repeat, request } from "./load.ts";
import { medianOfRuns } from "./median.ts";
import { MIN_WINDOW_SAMPLES, memoryFloors, sampleMemory } from "./memory-trend.ts";
import { ClusterUnavailable, type OwnCluster, startOwnCluster } from "./own-cluster.ts";
import { type CpuPerOp, type CpuRoles, CpuWindow, childPid, perOperation } from "./process-cpu.ts";
import { BenchRgs, type BenchWallet, type Session, type StoreKind } from "./rgs.ts";
import { countsSince, StatementCounter, type StatementCounts } from "./statement-count.ts";
import {
  type FloorBudget,
  type FloorForm,
  type FloorKind,
  floorBudgets,
  floorName,
  StoreFloorWorker,
} from "./store-floor.ts";

const PARTS = [
  "bare",
  "chain",
  "commit",
  "floor",
  "bets",
  "memory",
  "statements",
  "report",
  "aggregates",
] as const;
type Part = (typeof PARTS)[number];

const USAGE = `Usage: npm run bench [-- --seconds 30 --runs 3 --warmup 2 --concurrency 8,64 --memory-bets 5000
                     --statement-bets 200 --report-rounds 10000000 --no-postgres --profile --json
                     --only ${PARTS.join(",")}]`;

function fail(message: string): never {
  return usageError(message, USAGE);
}

const values = parseOptionsOrExit(
  {
    seconds: { type: "string", default: "30" },
    runs: { type: "string", default: "3" },
    warmup: { type: "string", default: "2" },
    concurrency: { type: "string", default: "8,64" },
    "memory-bets": { type: "string", default: "5000" },
    "statement-bets": { type: "string", default: "200" },
    "report-rounds": { type: "string", default: "10000000" },
    only: { type: "string" },
    json: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    "no-postgres": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
  USAGE,
);
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

function positive(name: string, value: string | undefined): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) fail(`--${name} must be a positive number, got ${value}`);
  return parsed;
}

const SECONDS = positive("seconds", values.seconds);
const WARMUP = positive("warmup", values.warmup);
const RUNS = Math.round(positive("runs", values.runs));
/** Players of the throughput measurements, each measured at every count; the first is the memory part's. */
const CONCURRENCIES = (values.concurrency ?? "8")
  .split(",")
  .map((count) => Math.round(positive("concurrency", count)));
const CONCURRENCY = CONCURRENCIES[0] as number;
const MEMORY_FIRST = 1000;
const MEMORY_BETS = Math.round(positive("memory-bets", values["memory-bets"]));
const STATEMENT_BETS = Math.round(positive("statement-bets", values["statement-bets"]));
const REPORT_ROUNDS = Math.round(positive("report-rounds", values["report-rounds"]));
if (MEMORY_BETS <= MEMORY_FIRST) fail(`--memory-bets must be more than ${MEMORY_FIRST}`);
const ONLY = new Set<Part>(
  (values.only ?? PARTS.join(","))
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "")
    .map((name) =>
      (PARTS as readonly string[]).includes(name)
        ? (name as Part)
        : fail(`--only takes a comma-separated list of ${PARTS.join(", ")}; got ${name}`),
    ),
);
const DICE = JSON.stringify({ amount: "1.00", params: { condition: "over", target: "50.50" } });
const WALLET_BASE_PATH = "/wallet";

/** The RGS with the production defaults for callbacks and the outbox; quiet logs. */
const RGS_SETTINGS = {
  LOG_LEVEL: "error",
  CALLBACK_TIMEOUT_MS: "5000",
  DEBIT_RETRIES: "2",
  DEBIT_RETRY_DELAY_MS: "250",
  OUTBOX_BASE_DELAY_MS: "1000",
  OUTBOX_MAX_DELAY_MS: "300000",
  OUTBOX_POLL_MS: "1000",
  OUTBOX_LEASE_MS: "30000",
  DEMO_BALANCE: "100000000",
};

const STORE_LABEL: Record<StoreKind, string> = { pglite: "embedded (PGlite)", postgres: "PostgreSQL" };

const log = (line: string) => {
  if (!values.json) process.stderr.write(`${line}\n`);
};

/** The benchmark's own PostgreSQL cluster, once started; a client of it reads its counters. */
let cluster: OwnCluster | undefined;
let counters: pg.Client | undefined;
const databaseUrl = () => {
  if (cluster === undefined) throw new Error("PostgreSQL measurements need the benchmark's own cluster");
  return cluster.url;
};

type CpuRow = CpuPerOp & { players: number };
const cpuResults: CpuRow[] = [];
type DatabaseRow = DatabaseWork & { name: string; store: string; players: number; perSecond: number };
const databaseResults: DatabaseRow[] = [];
/** Ledger jobs per group commit during each bets measurement, its warm-up included. */
const commitResults: { name: string; store: string; batches: number; jobsPerCommit: number }[] = [];

/**
 * Measures `--runs` times and keeps each figure's median. With `cpu`, the CPU time of the processes it names
 * over the measured time goes into `cpuResults`; when it names the cluster, the database's work per
 * operation into `databaseResults`.
 */
async function run(name: string, store: string, clients: Operation[], cpu?: CpuRoles): Promise<Measurement> {
  const once: MeasureOnce = (window) =>
    measure({ name, store, seconds: SECONDS, warmupSeconds: WARMUP, clients, window });
  return runMeasured(name, store, clients.length, once, cpu);
}

/** One measurement, told when its measured time starts and ends. */
type MeasureOnce = (window: { start(): void; end(): void }) => Promise<Measurement>;

/** As `run`, for a measurement driven elsewhere (the store floor's own process). */
async function runMeasured(
  name: string,
  store: string,
  players: number,
  once: MeasureOnce,
  cpu?: CpuRoles,
): Promise<Measurement> {
  const measurements: Measurement[] = [];
  const cpus: CpuPerOp[] = [];
  const works: DatabaseWork[] = [];
  for (let index = 1; index <= RUNS; index++) {
    log(`measuring: ${name} (${store}, ${players} players), run ${index} of ${RUNS}...`);
    const cpuWindow = cpu === undefined ? undefined : new CpuWindow(cpu);
    const dbWindow =
      cpu?.postgres !== undefined && counters !== undefined && cluster !== undefined
        ? new DatabaseWindow(counters, cluster.statStatements)
        : undefined;
    const window = {
      start: () => {
        cpuWindow?.start();
        dbWindow?.start();
      },
      end: () => {
        cpuWindow?.end();
        dbWindow?.end();
      },
    };
    const result = await once(window);
    measurements.push(result);
    if (cpuWindow?.delta) cpus.push(perOperation(result, cpuWindow.delta));
    const work = await dbWindow?.perOperation(result.completed);
    if (work !== undefined) works.push(work);
  }
  const result = medianOfRuns(measurements, ["errors"]);
  if (cpus.length > 0) cpuResults.push({ ...medianOfRuns(cpus), players });
  if (works.length > 0) {
    databaseResults.push({
      ...medianOfRuns(works),
      tables: medianTables(works),
      name,
      store,
      players,
      perSecond: result.perSecond,
    });
  }
  return result;
}

function post(url: string, body: string, what: string, headers?: Record<string, string>): Operation {
  return async () => {
    const answer = await request(url, { method: "POST", body, ...(headers && { headers }) });
    if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.body.slice(0, 300)}`);
  };
}

async function withChild<T>(
  name: string,
  entry: string,
  env: Record<string, string>,
  work: (url: string, pid: number) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const child = await Child.start({
    name,
    entry,
    env: { ...baseEnv(), ...env, PORT: String(port) },
    ready: /listening/,
  });
  try {
    return await work(`http://127.0.0.1:${port}`, childPid(entry));
  } finally {
    await child.stop();
  }
}

function bareRoute(): Promise<Measurement[]> {
  return withChild(
    "the bare Fastify server",
    "packages/server/bench/hello-server.ts",
    {},
    async (url, pid) => {
      const measured: Measurement[] = [];
      for (const players of CONCURRENCIES) {
        const clients = Array.from({ length: players }, () => post(`${url}/hello`, "{}", "hello"));
        measured.push(await run("bare Fastify route", "none", clients, { server: pid }));
      }
      return measured;
    },
  );
}

/** The in-memory wallet, with its process to read its CPU time. */
type Wallet = BenchWallet & { pid: number };

function floorChain(wallet: Wallet): Promise<Measurement[]> {
  return withChild(
    "the floor chain server",
    "packages/server/bench/chain-server.ts",
    { BENCH_WALLET_URL: wallet.callbackBaseUrl, BENCH_WALLET_SECRET: wallet.secret },
    async (url, pid) => {
      const measured: Measurement[] = [];
      for (const players of CONCURRENCIES) {
        const clients = Array.from({ length: players }, (_, index) =>
          post(`${url}/bet`, JSON.stringify({ playerId: `bench-chain-${index}` }), "bet"),
        );
        measured.push(await run(CHAIN, "in-memory wallet", clients, { server: pid, wallet: wallet.pid }));
      }
      return measured;
    },
  );
}

function diceBet(rgs: BenchRgs, session: Session): Operation {
  return post(`${rgs.baseUrl}/game/play`, DICE, "play", { authorization: `Bearer ${session.token}` });
}

let players = 0;
/** `count` sessions of new players, in Germany (the `default` profile) unless `countryCode` says otherwise. */
async function sessions(
  rgs: BenchRgs,
  count: number,
  demo: boolean,
  countryCode?: string,
): Promise<Session[]> {
  const launched: Session[] = [];
  for (let index = 0; index < count; index++) {
    const playerId = `bench-${demo ? "demo" : "real"}-${process.pid}-${++players}`;
    launched.push(await rgs.launch(playerId, { demo, ...(countryCode !== undefined && { countryCode }) }));
  }
  return launched;
}

/** Each operation once, one after the other. */
async function oneEach(operations: Operation[]): Promise<{ errors: number }> {
  let errors = 0;
  for (const operation of operations) {
    try {
      await operation();
    } catch {
      errors++;
    }
  }
  return { errors };
}

async function withRgs<T>(
  store: StoreKind,
  wallet: BenchWallet,
  work: (rgs: BenchRgs) => Promise<T>,
  opts: { connectUrl?: string; profileDir?: string } = {},
): Promise<T> {
  log(`starting the RGS on ${STORE_LABEL[store]}...`);
  const rgs = await BenchRgs.start({
    store,
    wallet,
    env: RGS_SETTINGS,
    databaseUrl: store === "postgres" ? databaseUrl() : "",
    ...opts,
  });
  try {
    return await work(rgs);
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- RGS ---\n${rgs.output}`);
  } finally {
    await rgs.close();
  }
}

async function bets(
  store: StoreKind,
  wallet: Wallet,
): Promise<{ measurements: Measurement[]; profile: ProfileShare[] }> {
  const profileDir = values.profile ? mkdtempSync(path.join(os.tmpdir(), "rgs-bench-profile-")) : undefined;
  try {
    const windows: ProfileWindow[] = [];
    const measured = async (rgs: BenchRgs, name: string, clients: Operation[]) => {
      const fromUs = nowMicros();
      const commitsBefore = await rgs.commitCounts();
      const result = await run(name, STORE_LABEL[store], clients, {
        server: rgs.pid,
        wallet: wallet.pid,
        ...(store === "postgres" && { postgres: cluster?.pid }),
      });
      const commitsAfter = await rgs.commitCounts();
      const batches = commitsAfter.batches - commitsBefore.batches;
      commitResults.push({
        name: `${name}, ${clients.length} players`,
        store: STORE_LABEL[store],
        batches,
        jobsPerCommit: batches > 0 ? (commitsAfter.jobs - commitsBefore.jobs) / batches : 0,
      });
      windows.push({
        name: `${name}, ${STORE_LABEL[store]}, ${clients.length} players`,
        fromUs,
        toUs: nowMicros(),
      });
      return result;
    };
    const measurements = await withRgs(
      store,
      wallet,
      async (rgs) => {
        const all: Measurement[] = [];
        for (const players of CONCURRENCIES) {
          for (const [name, demo] of [
            ["demo dice bet", true],
            ["real-money dice bet", false],
          ] as const) {
            const clients = (await sessions(rgs, players, demo)).map((s) => diceBet(rgs, s));
            all.push(await measured(rgs, name, clients));
          }
        }
        return all;
      },
      profileDir === undefined ? {} : { profileDir },
    );
    return { measurements, profile: profileDir === undefined ? [] : summariseProfiles(profileDir, windows) };
  } finally {
    if (profileDir !== undefined) rmSync(profileDir, { recursive: true, force: true });
  }
}

const FLOOR_KINDS: FloorKind[] = ["demo", "real"];
const FLOOR_FORMS: FloorForm[] = ["one per transaction", "group commit"];

/**
 * The store floor on one store (store-floor.ts): an RGS places a demo and a real-money bet, whose rows the
 * floor copies, and is stopped; the floor's process opens its store and writes only those rows, at each
 * player count, one transaction per bet-transaction and through the group-commit writer. With --profile,
 * its process runs under `node --cpu-prof` and the run prints where its main thread's time went.
 */
async function storeFloor(
  store: StoreKind,
  wallet: Wallet,
): Promise<{ measurements: Measurement[]; profile: FloorProfile[] }> {
  const label = STORE_LABEL[store];
  const profileDir = values.profile ? mkdtempSync(path.join(os.tmpdir(), "rgs-bench-floor-")) : undefined;
  log(`store floor: an RGS on ${label} writes the rows to copy...`);
  const rgs = await BenchRgs.start({
    store,
    wallet,
    env: RGS_SETTINGS,
    databaseUrl: store === "postgres" ? databaseUrl() : "",
  });
  try {
    for (const demo of [true, false]) {
      const [session] = await sessions(rgs, 1, demo);
      await diceBet(rgs, session as Session)();
    }
    // The credit's confirmation rides the lane's next transaction or goes on its own within 25 ms.
    await sleep(500);
    await rgs.stop();
    const worker = await StoreFloorWorker.start(rgs.storeEnv, profileDir);
    const windows: ProfileWindow[] = [];
    const measurements: Measurement[] = [];
    try {
      for (const players of CONCURRENCIES) {
        for (const kind of FLOOR_KINDS) {
          for (const form of FLOOR_FORMS) {
            const name = floorName(kind, form);
            const spec = { name, store: label, kind, form, clients: players, seconds: SECONDS };
            const fromUs = nowMicros();
            const roles = { server: worker.pid, ...(store === "postgres" && { postgres: cluster?.pid }) };
            const once: MeasureOnce = (window) => worker.measure({ ...spec, warmupSeconds: WARMUP }, window);
            measurements.push(await runMeasured(name, label, players, once, roles));
            windows.push({ name: `${name}, ${label}, ${players} players`, fromUs, toUs: nowMicros() });
          }
        }
      }
    } finally {
      await worker.stop();
    }
    const profile = profileDir === undefined ? [] : summariseFloorProfiles(profileDir, windows);
    return { measurements, profile };
  } finally {
    await rgs.close();
    if (profileDir !== undefined) rmSync(profileDir, { recursive: true, force: true });
  }
}

/**
 * The GGR report at scale, in the schema of an RGS on PostgreSQL: its operator's aggregates filled beside
 * four others', each case timed in this process (beside its bare SQL) and through the RGS's signed route.
 */
async function reportTimings(): Promise<ReportTiming[]> {
  const secret = randomBytes(24).toString("hex");
  const rgs = await BenchRgs.start({
    store: "postgres",
    wallet: { callbackBaseUrl: "http://127.0.0.1:9", secret },
    env: RGS_SETTINGS,
    databaseUrl: databaseUrl(),
  });
  const pool = new pg.Pool({
    connectionString: databaseUrl(),
    max: 1,
    options: `-c search_path=${rgs.schema}`,
  });
  pool.on("error", () => {});
  try {
    const operator = { id: rgs.operatorId, timeZone: "Europe/Berlin" };
    await pool.query("update operators set time_zone = $2 where id = $1", [operator.id, operator.timeZone]);
    log(`report: the aggregates of ${REPORT_ROUNDS} rounds...`);
    await fillReportAggregates(pool, operator.id, REPORT_ROUNDS);
    log("report: timing the report...");
    const timings = await timeReports(pool, operator);
    await timeReportRoute({ baseUrl: rgs.baseUrl, operatorId: operator.id, secret, pid: rgs.pid }, timings);
    return timings;
  } finally {
    await pool.end();
    await rgs.close();
  }
}

const AGGREGATES_KEPT = "real-money dice bet, GGR aggregates kept";
const AGGREGATES_OFF = "real-money dice bet, without the GGR aggregates";

/**
 * The GGR aggregates' share of a real-money bet on PostgreSQL: the bet path writes nothing for them but
 * maintains the partial index on wallet_transactions (completed_at) the roll-up reads by, and the roll-up
 * runs beside it every 15 s. Without them: the index dropped, and the roll-up's row held by another
 * connection, so that each pass skips (FOR UPDATE SKIP LOCKED). After that the roll-up is given a pass to
 * catch up before the last measurement, so that its backlog does not land in it.
 */
async function aggregatesCost(wallet: Wallet): Promise<Measurement[]> {
  return withRgs("postgres", wallet, async (rgs) => {
    const clients = (await sessions(rgs, CONCURRENCY, false)).map((s) => diceBet(rgs, s));
    const roles = { server: rgs.pid, wallet: wallet.pid, postgres: cluster?.pid };
    const store = STORE_LABEL.postgres;
    const results = [await run(AGGREGATES_KEPT, store, clients, roles)];
    const client = new pg.Client({
      connectionString: databaseUrl(),
      options: `-c search_path=${rgs.schema}`,
    });
    await client.connect();
    try {
      await client.query("drop index wallet_transactions_confirmed");
      await client.query("begin");
      await client.query("select watermark from ggr_rollup where id = 1 for update");
      results.push(await run(AGGREGATES_OFF, store, clients, roles));
      await client.query("commit");
      await client.query(
        "create index wallet_transactions_confirmed on wallet_transactions (completed_at) where status = 'ok'",
      );
      log("aggregates: letting the roll-up catch up...");
      await sleep(16_000);
      results.push(await run(`${AGGREGATES_KEPT} (again)`, store, clients, roles));
    } finally {
      await client.end();
    }
    return results;
  });
}

interface MemoryResult {
  store: string;
  bets: number;
  rssAfterFirstMb: number;
  rssAfterAllMb: number;
  growthMb: number;
  /** Lowest RSS and heap in use in the first and the last tenth of the long stretch (see memory-trend.ts). */
  floors?: {
    rssFirstMb: number;
    rssLastMb: number;
    heapFirstMb: number;
    heapLastMb: number;
    samples: number;
  };
  errors: number;
  firstError?: string;
}

const megabytes = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** How often the long stretch of the memory part reads the RGS's memory. */
const MEMORY_SAMPLE_MS = 250;

async function memory(store: StoreKind, wallet: BenchWallet): Promise<MemoryResult> {
  return withRgs(store, wallet, async (rgs) => {
    const clients = (await sessions(rgs, CONCURRENCY, false)).map((s) => diceBet(rgs, s));
    log(`memory: ${MEMORY_FIRST} real-money bets (${STORE_LABEL[store]})...`);
    const first = await repeat(clients, MEMORY_FIRST);
    const afterFirst = (await rgs.memory()).rssBytes;
    log(`memory: ${MEMORY_BETS - MEMORY_FIRST} more (${STORE_LABEL[store]})...`);
    const sampler = sampleMemory(() => rgs.memory(), MEMORY_SAMPLE_MS);
    const rest = await repeat(clients, MEMORY_BETS - MEMORY_FIRST);
    const floors = memoryFloors(await sampler.stop());
    const afterAll = (await rgs.memory()).rssBytes;
    const firstError = first.firstError ?? rest.firstError;
    return {
      store: STORE_LABEL[store],
      bets: MEMORY_BETS,
      rssAfterFirstMb: megabytes(afterFirst),
      rssAfterAllMb: megabytes(afterAll),
      growthMb: megabytes(afterAll - afterFirst),
      ...(floors !== undefined && {
        floors: {
          rssFirstMb: megabytes(floors.first.rssBytes),
          rssLastMb: megabytes(floors.last.rssBytes),
          heapFirstMb: megabytes(floors.first.heapUsedBytes),
          heapLastMb: megabytes(floors.last.heapUsedBytes),
          samples: floors.samples,
        },
      }),
      errors: first.errors + rest.errors,
      ...(firstError !== undefined && { firstError }),
    };
  });
}

interface StatementResult {
  bet: string;
  bets: number;
  /** Per bet, the RGS's background work (outbox poll, sweeper) over the same time taken out. */
  statements: Record<string, number>;
  statementsTotal: number;
  control: number;
  transactions: number;
  writeTransactions: number;
  /** CPU time of the RGS process per bet over the measured time, ms. */
  serverCpuMs: number;
  errors: number;
}

function perBet(counts: StatementCounts, idle: StatementCounts, idleMs: number, ms: number, n: number) {
  const net = (value: number, background: number) =>
    Math.round(((value - (background * ms) / idleMs) / n) * 100) / 100;
  const statements: Record<string, number> = {};
  // A verb the background ran but the bets did not still comes off.
  for (const verb of new Set([...Object.keys(counts.statements), ...Object.keys(idle.statements)])) {
    const value = net(counts.statements[verb] ?? 0, idle.statements[verb] ?? 0);
    if (value !== 0) statements[verb] = value;
  }
  return {
    statements,
    statementsTotal: Math.round(Object.values(statements).reduce((a, b) => a + b, 0) * 100) / 100,
    control: net(counts.control, idle.control),
    transactions: net(counts.transactions, idle.transactions),
    writeTransactions: net(counts.writeTransactions, idle.writeTransactions),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function statementCounts(wallet: BenchWallet): Promise<StatementResult[]> {
  const { counter, url } = await StatementCounter.start(databaseUrl());
  try {
    return await withRgs(
      "postgres",
      wallet,
      async (rgs) => {
        const demo = diceBet(rgs, (await sessions(rgs, 1, true))[0] as Session);
        const real = diceBet(rgs, (await sessions(rgs, 1, false))[0] as Session);
        await repeat([demo], 20);
        await repeat([real], 20);
        log("statements: the RGS's background work, idle...");
        await sleep(1500);
        const idleStart = counter.snapshot();
        const idleFrom = performance.now();
        await sleep(3000);
        const idleMs = performance.now() - idleFrom;
        const idle = countsSince(idleStart, counter.snapshot());
        const results: StatementResult[] = [];
        const measured = async (name: string, run: () => Promise<{ errors: number }>) => {
          log(`statements: ${STATEMENT_BETS} ${name}s, one at a time...`);
          const cpu = new CpuWindow({ server: rgs.pid });
          const before = counter.snapshot();
          const from = performance.now();
          cpu.start();
          const outcome = await run();
          cpu.end();
          const ms = performance.now() - from;
          const counts = countsSince(before, counter.snapshot());
          results.push({
            bet: name,
            bets: STATEMENT_BETS,
            ...perBet(counts, idle, idleMs, ms, STATEMENT_BETS),
            serverCpuMs: (cpu.delta?.serverMs ?? 0) / STATEMENT_BETS,
            errors: outcome.errors,
          });
        };
        await measured("demo dice bet", () => repeat([demo], STATEMENT_BETS));
        await measured("real-money dice bet", () => repeat([real], STATEMENT_BETS));
        // UKGC's 2.5 s between one player's rounds: each player bets once in the measured time, having bet
        // once before it (its seeds made, its pace row written), its session read again (CACHE_SECONDS
        // passed); the same done by players in Germany (default profile) is what the rule is set beside.
        for (const [name, countryCode] of [
          ["real-money dice bet, one per player", "DE"],
          ["UKGC real-money dice bet, one per player", "GB"],
        ] as const) {
          const players = (await sessions(rgs, STATEMENT_BETS, false, countryCode)).map((s) =>
            diceBet(rgs, s),
          );
          await repeat(players, players.length);
          await sleep(2600);
          await measured(name, () => oneEach(players));
        }
        return results;
      },
      { connectUrl: url },
    );
  } finally {
    await counter.close();
  }
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "-");

function measurementTable(results: Measurement[]): string[] {
  return [
    "| Measurement | Store | Players | Ops/s | p50 ms | p99 ms | Errors |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.store} | ${r.concurrency} | ${fixed(r.perSecond)} | ${fixed(r.p50Ms, 2)} | ${fixed(r.p99Ms, 2)} | ${r.errors} |`,
    ),
  ];
}

function targetTable(targets: CpuTarget[]): string[] {
  const value = (t: CpuTarget) => (t.value === null ? "-" : fixed(t.value, 3));
  return [
    "| Target (CPU per bet, median of the runs) | Store | Players | Value | At most | Met |",
    "|---|---|---:|---:|---:|---|",
    ...targets.map(
      (t) =>
        `| ${t.what} | ${t.store} | ${t.players} | ${value(t)} | ${t.limit} ${t.unit} | ${t.met === null ? "-" : t.met ? "yes" : "no"} |`,
    ),
  ];
}

function databaseTable(rows: DatabaseRow[]): string[] {
  const statements = (r: DatabaseRow) => (r.statements === null ? "-" : fixed(r.statements, 2));
  return [
    "| Per bet, PostgreSQL (the benchmark's own cluster) | Players | Ops/s | Statements | Transactions | Writing transactions | Rows written | WAL bytes |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.players} | ${fixed(r.perSecond)} | ${statements(r)} | ${fixed(r.transactions, 2)} | ${fixed(r.writingTransactions, 2)} | ${fixed(r.rowsWritten, 2)} | ${fixed(r.walBytes, 0)} |`,
    ),
    "",
    "Statements from pg_stat_statements, transaction control apart (- when it could not be loaded); transactions committed or rolled back and rows inserted, updated or deleted from pg_stat_database; writing transactions are the transaction ids assigned; WAL bytes between pg_current_wal_lsn() at either end. Background work over the window (outbox poll, sweeper, autovacuum, checkpoints) is in.",
    "",
    ...rowVersionTable(rows),
  ];
}

/** Per bet, the row versions each table got: what the rows written above are made of. */
function rowVersionTable(rows: DatabaseRow[]): string[] {
  const lines = rows.flatMap((r) =>
    r.tables
      .filter((t) => t.inserted + t.updated >= 0.01)
      .map(
        (t) =>
          `| ${r.name} | ${r.players} | ${t.table} | ${fixed(t.inserted, 2)} | ${fixed(t.updated, 2)} | ${fixed(t.updated - t.hotUpdated, 2)} |`,
      ),
  );
  if (lines.length === 0) return [];
  return [
    "| Per bet, row versions by table | Players | Table | Inserted | Updated | Of which not HOT |",
    "|---|---:|---|---:|---:|---:|",
    ...lines,
    "",
    "From pg_stat_user_tables. An update that is not HOT (it changed a column an index holds or a partial index's condition, or its page was full) also writes an entry into each of the table's indexes that covers the row.",
  ];
}

/** The store floors against the CPU targets of the bets they are the floors of. */
function floorTable(rows: FloorBudget[]): string[] {
  const ms = (value: number | null) => (value === null ? "-" : fixed(value, 3));
  const times = (value: number | null) => (value === null ? "-" : `${fixed(value, 2)} x`);
  const share = (value: number | null, limit: number | null) =>
    value === null || limit === null ? "-" : `${fixed((value / limit) * 100, 0)} %`;
  return [
    "| Store floor, CPU per bet-equivalent | Store | Players | Bets/s | Transactions/s | Floor process ms | / floor chain server | The bet's RGS target | Floor / RGS target | The RGS's bet / floor chain server | PostgreSQL ms | The bet's PostgreSQL target ms | Floor / PostgreSQL target | The RGS's bet, PostgreSQL ms |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.store} | ${r.players} | ${fixed(r.betsPerSecond)} | ${fixed(r.transactionsPerSecond)} | ${ms(r.processMs)} | ${times(r.versusChain)} | ${times(r.rgsLimit)} | ${share(r.versusChain, r.rgsLimit)} | ${times(r.bet?.versusChain ?? null)} | ${ms(r.postgresMs)} | ${ms(r.postgresLimitMs)} | ${share(r.postgresMs, r.postgresLimitMs)} | ${ms(r.bet?.postgresMs ?? null)} |`,
    ),
    "",
    "The least a bet must durably write, by the store alone (bench/store-floor.ts): a demo bet's round row in one transaction, a real-money bet's round and debit then its credit in two. The floor process is the embedded store (PGlite, its WAL flushed after each COMMIT) or, on PostgreSQL, the driver's side of it; on the embedded store its CPU is inside the RGS's, so the RGS's target bounds it alone. Over 100 % of a target: no RGS code on that store can meet it.",
  ];
}

function floorProfileTable(profiles: FloorProfile[]): string[] {
  const total = (what: string) => profiles.reduce((sum, p) => sum + (p.shares[what] ?? 0), 0);
  const activities = [...new Set(profiles.flatMap((p) => Object.keys(p.shares)))]
    .filter((what) => what !== IDLE)
    .sort((a, b) => total(b) - total(a));
  const cell = (p: FloorProfile, what: string) => `${fixed(p.shares[what] ?? 0)} %`;
  return [
    `| Store floor's main thread, share of each measurement's time | ${profiles.map((p) => p.window).join(" | ")} |`,
    `|---|${profiles.map(() => "---:").join("|")}|`,
    ...activities.map((what) => `| ${what} | ${profiles.map((p) => cell(p, what)).join(" | ")} |`),
    `| idle | ${profiles.map((p) => cell(p, IDLE)).join(" | ")} |`,
    `| sampled time | ${profiles.map((p) => `${p.sampledMs} ms`).join(" | ")} |`,
  ];
}

/** One row per source of code, one column per measurement: shares of the RGS main thread's time. */
function profileTable(profiles: ProfileShare[]): string[] {
  const total = (source: string) => profiles.reduce((sum, p) => sum + (p.shares[source] ?? 0), 0);
  const sources = [...new Set(profiles.flatMap((p) => Object.keys(p.shares)))]
    .filter((source) => source !== IDLE)
    .sort((a, b) => total(b) - total(a));
  const cell = (p: ProfileShare, source: string) => `${fixed(p.shares[source] ?? 0)} %`;
  return [
    `| RGS main thread, share of each measurement's time | ${profiles.map((p) => p.window).join(" | ")} |`,
    `|---|${profiles.map(() => "---:").join("|")}|`,
    ...sources.map((source) => `| ${source} | ${profiles.map((p) => cell(p, source)).join(" | ")} |`),
    `| idle | ${profiles.map((p) => cell(p, IDLE)).join(" | ")} |`,
    `| sampled time | ${profiles.map((p) => `${p.sampledMs} ms`).join(" | ")} |`,
  ];
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const wantsPostgres = ["commit", "floor", "bets", "memory", "statements", "report", "aggregates"].some(
    (part) => ONLY.has(part as Part),
  );
  const skipped: string[] = [];
  if (wantsPostgres && values["no-postgres"]) skipped.push("PostgreSQL: skipped (--no-postgres).");
  else if (wantsPostgres) {
    log("starting a PostgreSQL cluster of the benchmark's own...");
    try {
      cluster = await startOwnCluster();
      counters = new pg.Client({ connectionString: cluster.url });
      await counters.connect();
    } catch (error) {
      if (!(error instanceof ClusterUnavailable)) throw error;
      skipped.push(
        `PostgreSQL: could not start a cluster of the benchmark's own (${error.message}); its measurements are skipped rather than counted on a database others use.`,
      );
    }
  }
  const postgres = cluster !== undefined;
  const stores: StoreKind[] = postgres ? ["pglite", "postgres"] : ["pglite"];

  const results: Measurement[] = [];
  const memoryResults: MemoryResult[] = [];
  let statementResults: StatementResult[] = [];
  const profiles: ProfileShare[] = [];
  const floorProfiles: FloorProfile[] = [];
  const durability = postgres ? await postgresDurability(databaseUrl()) : undefined;

  if (ONLY.has("bare")) results.push(...(await bareRoute()));
  if (ONLY.has("commit")) {
    results.push(...(await pgliteCommitFloor(CONCURRENCY, run)));
    if (postgres) results.push(...(await postgresCommitFloor(databaseUrl(), CONCURRENCY, run)));
  }
  const reportResults = ONLY.has("report") && postgres ? await reportTimings() : [];
  const needsWallet = ["chain", "floor", "bets", "memory", "statements", "aggregates"].some((part) =>
    ONLY.has(part as Part),
  );
  if (needsWallet) {
    const secret = randomBytes(32).toString("base64url");
    await withChild(
      "the in-memory wallet",
      "packages/server/bench/memory-wallet.ts",
      { BENCH_WALLET_SECRET: secret, BENCH_WALLET_BASE_PATH: WALLET_BASE_PATH },
      async (walletUrl, pid) => {
        const wallet: Wallet = { callbackBaseUrl: `${walletUrl}${WALLET_BASE_PATH}`, secret, pid };
        if (ONLY.has("chain")) results.push(...(await floorChain(wallet)));
        if (ONLY.has("floor")) {
          for (const store of stores) {
            const measured = await storeFloor(store, wallet);
            results.push(...measured.measurements);
            floorProfiles.push(...measured.profile);
          }
        }
        if (ONLY.has("bets")) {
          for (const store of stores) {
            const measured = await bets(store, wallet);
            results.push(...measured.measurements);
            profiles.push(...measured.profile);
          }
        }
        if (ONLY.has("memory")) for (const store of stores) memoryResults.push(await memory(store, wallet));
        if (ONLY.has("statements") && postgres) statementResults = await statementCounts(wallet);
        if (ONLY.has("aggregates") && postgres) results.push(...(await aggregatesCost(wallet)));
      },
    );
  }
  await counters?.end();
  await cluster?.stop();
  const loadAfter = os.loadavg();

  const targets = cpuTargets(cpuResults);

  const machine = {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
    loadAverageAfter: loadAfter.map((l) => Number(l.toFixed(2))),
  };
  const settings = {
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    runs: RUNS,
    concurrency: CONCURRENCIES,
    memoryBets: MEMORY_BETS,
    statementBets: STATEMENT_BETS,
    parts: [...ONLY],
  };
  if (values.json) {
    const report = {
      machine,
      settings,
      postgres: durability ?? null,
      skipped,
      results,
      targets,
      cpu: cpuResults,
      database: databaseResults,
      commits: commitResults,
      memory: memoryResults,
      statements: statementResults,
      report: reportResults,
      profiles,
      floor: floorBudgets(cpuResults),
      floorProfiles,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const lines = [
    `Game API benchmark: each figure the median of ${RUNS} runs of ${SECONDS} s after ${WARMUP} s of warm-up, ${CONCURRENCIES.join(" and ")} clients in a closed loop.`,
    `Node ${machine.node}, ${machine.platform}, ${machine.cpus} x ${machine.cpuModel}, ${machine.memoryGb} GB.`,
    `Load average (1 / 5 / 15 min): ${machine.loadAverageBefore.join(" / ")} before the run, ${machine.loadAverageAfter.join(" / ")} after it.`,
    ...(durability
      ? [
          `PostgreSQL ${durability.server_version}, a cluster of the benchmark's own${cluster?.statStatements ? " with pg_stat_statements" : ""}: fsync ${durability.fsync}, synchronous_commit ${durability.synchronous_commit}, wal_sync_method ${durability.wal_sync_method}.`,
        ]
      : []),
    ...skipped,
    "",
  ];
  if (results.length > 0) lines.push(...measurementTable(results), "");
  if (cpuResults.length > 0) {
    const ms = (value: number | null) => (value === null ? "-" : fixed(value, 3));
    const percent = (share: number) => `${fixed(share * 100)} %`;
    lines.push(
      "| Measurement | Store | Players | Ops/s | CPU ms/op: load generator | server (RGS) | wallet | PostgreSQL | total | CPU share of the machine used | machine busy (all processes) |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...cpuResults.map(
        (c) =>
          `| ${c.name} | ${c.store} | ${c.players} | ${fixed(c.perSecond)} | ${ms(c.loadGeneratorMs)} | ${ms(c.serverMs)} | ${ms(c.walletMs)} | ${ms(c.postgresMs)} | ${ms(c.totalMs)} | ${percent(c.share)} | ${percent(c.machineBusyShare)} |`,
      ),
      "",
      "CPU time over the measured time only (utime + stime + children reaped, from /proc); PostgreSQL is the benchmark's own cluster, the postmaster and its children. CPU share: the processes above, per second, over the machine's CPUs; machine busy: every process on the machine.",
      "",
    );
  }
  const budgets = floorBudgets(cpuResults);
  if (budgets.length > 0) lines.push(...floorTable(budgets), "");
  if (targets.length > 0) lines.push(...targetTable(targets), "");
  if (databaseResults.length > 0) lines.push(...databaseTable(databaseResults), "");
  const kept = cpuResults.filter((c) => c.name.startsWith(AGGREGATES_KEPT));
  const off = cpuResults.find((c) => c.name === AGGREGATES_OFF);
  if (kept.length > 0 && off !== undefined) {
    const serverPostgres = (c: CpuPerOp) => c.serverMs + (c.postgresMs ?? 0);
    lines.push(
      `GGR aggregates, CPU per real-money bet on PostgreSQL (RGS + PostgreSQL): kept ${kept.map((c) => fixed(serverPostgres(c), 3)).join(" ms, then ")} ms; without ${fixed(serverPostgres(off), 3)} ms. All processes: kept ${kept.map((c) => fixed(c.totalMs, 3)).join(" ms, then ")} ms; without ${fixed(off.totalMs, 3)} ms.`,
      "",
    );
  }
  if (commitResults.length > 0) {
    lines.push(
      `Ledger jobs per group commit (warm-up included): ${commitResults
        .map((c) => `${c.name}, ${c.store}: ${fixed(c.jobsPerCommit)} (${c.batches} commits)`)
        .join("; ")}.`,
      "",
    );
  }
  if (memoryResults.length > 0) {
    const floor = (m: MemoryResult, pick: (f: NonNullable<MemoryResult["floors"]>) => string) =>
      m.floors === undefined ? "-" : pick(m.floors);
    lines.push(
      `| RGS memory (real-money bets, ${CONCURRENCY} players) | Store | RSS after ${MEMORY_FIRST} MB | RSS after ${MEMORY_BETS} MB | Growth MB | Lowest RSS, first / last tenth MB | Floor growth MB | Lowest heap in use, first / last tenth MB | Errors |`,
      "|---|---|---:|---:|---:|---:|---:|---:|---:|",
      ...memoryResults.map(
        (m) =>
          `| RSS | ${m.store} | ${fixed(m.rssAfterFirstMb)} | ${fixed(m.rssAfterAllMb)} | ${fixed(m.growthMb)} | ${floor(m, (f) => `${fixed(f.rssFirstMb)} / ${fixed(f.rssLastMb)}`)} | ${floor(m, (f) => fixed(f.rssLastMb - f.rssFirstMb))} | ${floor(m, (f) => `${fixed(f.heapFirstMb)} / ${fixed(f.heapLastMb)}`)} | ${m.errors} |`,
      ),
      "",
      `Target: on PostgreSQL, growth from 1,000 to 100,000 bets (--memory-bets 100000) within 50 MB, read as the floor growth (the RSS at one instant swings with V8's heap sizing; the floors are the lowest of ${MEMORY_SAMPLE_MS} ms samples in each tenth of the run, shown once each tenth holds ${MIN_WINDOW_SAMPLES}); on the embedded store, stated and bounded.`,
      "",
    );
  }
  if (statementResults.length > 0) {
    lines.push(
      `| Per bet, PostgreSQL (${STATEMENT_BETS} bets one at a time) | Statements | By kind | BEGIN/COMMIT statements | Transactions | Writing transactions | RGS CPU ms |`,
      "|---|---:|---|---:|---:|---:|---:|",
      ...statementResults.map(
        (s) =>
          `| ${s.bet} | ${fixed(s.statementsTotal)} | ${Object.entries(s.statements)
            .sort((a, b) => b[1] - a[1])
            .map(([verb, count]) => `${verb} ${fixed(count)}`)
            .join(
              ", ",
            )} | ${fixed(s.control)} | ${fixed(s.transactions)} | ${fixed(s.writeTransactions)} | ${fixed(s.serverCpuMs, 3)} |`,
      ),
      "",
    );
  }
  if (reportResults.length > 0) {
    const ms = (value: number) => fixed(value, 1);
    lines.push(
      `| GGR report, aggregates of ${REPORT_ROUNDS} rounds (PostgreSQL) | Rows | Signed route ms (the last warm) | RGS CPU ms | In process ms | Its SQL alone ms | JSON KiB | Parsing it ms |`,
      "|---|---:|---:|---:|---:|---:|---:|---:|",
      ...reportResults.map(
        (r) =>
          `| ${r.label} | ${r.rows} | ${(r.routeMs ?? []).map(ms).join(", ")} | ${(r.routeCpuMs ?? []).map((c) => fixed(c, 0)).join(", ")} | ${r.runsMs.map(ms).join(", ")} | ${ms(r.sqlMs)} | ${(r.jsonBytes / 1024).toFixed(0)} | ${ms(r.parseMs)} |`,
      ),
      "",
    );
  }
  if (profiles.length > 0) lines.push(...profileTable(profiles), "");
  if (floorProfiles.length > 0) lines.push(...floorProfileTable(floorProfiles), "");
  const failures = [
    ...results.filter((r) => r.firstError).map((r) => `${r.name} (${r.store}): first error: ${r.firstError}`),
    ...memoryResults
      .filter((m) => m.firstError)
      .map((m) => `memory (${m.store}): first error: ${m.firstError}`),
    ...statementResults
      .filter((s) => s.errors > 0)
      .map((s) => `statements (${s.bet}): ${s.errors} bets failed`),
  ];
  lines.push(...failures);
  process.stdout.write(`${lines.join("\n").trimEnd()}\n`);
}

await main();
