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
 *   bets        demo and real-money dice bets of 1.00 through the RGS on both stores, the real-money ones
 *               against the same in-memory wallet, game rate limits lifted;
 *   memory      resident memory of the RGS after 1,000 real-money bets and after --memory-bets, on both stores;
 *   statements  SQL statements and transactions per demo and per real-money bet (RGS on PostgreSQL, counted
 *               by a wire-protocol proxy).
 *
 * With --profile the RGS of the bets part is CPU-profiled, and the run prints where its main thread spent
 * the time of each bet measurement (its figures are then a little lower: sampling costs time).
 *
 * For bare, chain and bets it also reads, over the measured time only, the CPU time each process involved
 * spent (the load generator, the server, the wallet, PostgreSQL) and prints it per operation, with the
 * bets a second the machine's CPUs would allow at that cost: the bound of a target out of reach when all
 * of them share the machine.
 *
 * It prints the figures and the ratios the targets are stated in, or JSON with --json.
 *
 *   npm run bench [-- --seconds 10 --warmup 2 --concurrency 8 --memory-bets 5000 --no-postgres --profile
 *                     --only bare,chain,commit,bets,memory,statements --json]
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { postgresAvailable, TEST_DATABASE_URL } from "../../../test-support/services.ts";
import { baseEnv, Child, freePort } from "../test/e2e/support/processes.ts";
import { pgliteCommitFloor, postgresCommitFloor, postgresDurability } from "./commit-floor.ts";
import { IDLE, nowMicros, type ProfileShare, type ProfileWindow, summariseProfiles } from "./cpu-profile.ts";
import { type Measurement, measure, type Operation, repeat, request } from "./load.ts";
import { MIN_WINDOW_SAMPLES, memoryFloors, sampleMemory } from "./memory-trend.ts";
import { type CpuPerOp, type CpuRoles, CpuWindow, childPid, cpuBound, perOperation } from "./process-cpu.ts";
import { BenchRgs, type BenchWallet, type Session, type StoreKind } from "./rgs.ts";
import { countsSince, StatementCounter, type StatementCounts } from "./statement-count.ts";

const PARTS = ["bare", "chain", "commit", "bets", "memory", "statements"] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    concurrency: { type: "string", default: "8" },
    "memory-bets": { type: "string", default: "5000" },
    "statement-bets": { type: "string", default: "200" },
    only: { type: "string" },
    json: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    "no-postgres": { type: "boolean", default: false },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function positive(name: string, value: string | undefined): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) fail(`--${name} must be a positive number, got ${value}`);
  return parsed;
}

const SECONDS = positive("seconds", values.seconds);
const WARMUP = positive("warmup", values.warmup);
const CONCURRENCY = Math.round(positive("concurrency", values.concurrency));
const MEMORY_FIRST = 1000;
const MEMORY_BETS = Math.round(positive("memory-bets", values["memory-bets"]));
const STATEMENT_BETS = Math.round(positive("statement-bets", values["statement-bets"]));
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

const cpuResults: CpuPerOp[] = [];
/** Ledger jobs per group commit during each bets measurement, its warm-up included. */
const commitResults: { name: string; store: string; batches: number; jobsPerCommit: number }[] = [];

/** With `cpu`, the CPU time of the processes it names over the measured time goes into `cpuResults`. */
async function run(name: string, store: string, clients: Operation[], cpu?: CpuRoles): Promise<Measurement> {
  log(`measuring: ${name} (${store})...`);
  const window = cpu === undefined ? undefined : new CpuWindow(cpu);
  const result = await measure({
    name,
    store,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    clients,
    ...(window && { window }),
  });
  if (window?.delta) cpuResults.push(perOperation(result, window.delta));
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

function bareRoute(): Promise<Measurement> {
  return withChild("the bare Fastify server", "packages/server/bench/hello-server.ts", {}, (url, pid) =>
    run(
      "bare Fastify route",
      "none",
      Array.from({ length: CONCURRENCY }, () => post(`${url}/hello`, "{}", "hello")),
      { server: pid },
    ),
  );
}

/** The in-memory wallet, with its process to read its CPU time. */
type Wallet = BenchWallet & { pid: number };

function floorChain(wallet: Wallet): Promise<Measurement> {
  return withChild(
    "the floor chain server",
    "packages/server/bench/chain-server.ts",
    { BENCH_WALLET_URL: wallet.callbackBaseUrl, BENCH_WALLET_SECRET: wallet.secret },
    (url, pid) =>
      run(
        "floor chain: signed debit + credit",
        "in-memory wallet",
        Array.from({ length: CONCURRENCY }, (_, index) =>
          post(`${url}/bet`, JSON.stringify({ playerId: `bench-chain-${index}` }), "bet"),
        ),
        { server: pid, wallet: wallet.pid },
      ),
  );
}

function diceBet(rgs: BenchRgs, session: Session): Operation {
  return post(`${rgs.baseUrl}/game/play`, DICE, "play", { authorization: `Bearer ${session.token}` });
}

let players = 0;
async function sessions(rgs: BenchRgs, count: number, demo: boolean): Promise<Session[]> {
  const launched: Session[] = [];
  for (let index = 0; index < count; index++) {
    launched.push(await rgs.launch(`bench-${demo ? "demo" : "real"}-${process.pid}-${++players}`, { demo }));
  }
  return launched;
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
    databaseUrl: TEST_DATABASE_URL,
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
        postgres: store === "postgres",
      });
      const commitsAfter = await rgs.commitCounts();
      const batches = commitsAfter.batches - commitsBefore.batches;
      commitResults.push({
        name,
        store: STORE_LABEL[store],
        batches,
        jobsPerCommit: batches > 0 ? (commitsAfter.jobs - commitsBefore.jobs) / batches : 0,
      });
      windows.push({ name: `${name}, ${STORE_LABEL[store]}`, fromUs, toUs: nowMicros() });
      return result;
    };
    const measurements = await withRgs(
      store,
      wallet,
      async (rgs) => [
        await measured(
          rgs,
          "demo dice bet",
          (await sessions(rgs, CONCURRENCY, true)).map((s) => diceBet(rgs, s)),
        ),
        await measured(
          rgs,
          "real-money dice bet",
          (await sessions(rgs, CONCURRENCY, false)).map((s) => diceBet(rgs, s)),
        ),
      ],
      profileDir === undefined ? {} : { profileDir },
    );
    return { measurements, profile: profileDir === undefined ? [] : summariseProfiles(profileDir, windows) };
  } finally {
    if (profileDir !== undefined) rmSync(profileDir, { recursive: true, force: true });
  }
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
  const { counter, url } = await StatementCounter.start(TEST_DATABASE_URL);
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
        for (const [name, operation] of [
          ["demo dice bet", demo],
          ["real-money dice bet", real],
        ] as const) {
          log(`statements: ${STATEMENT_BETS} ${name}s, one at a time...`);
          const before = counter.snapshot();
          const from = performance.now();
          const outcome = await repeat([operation], STATEMENT_BETS);
          const ms = performance.now() - from;
          const counts = countsSince(before, counter.snapshot());
          results.push({
            bet: name,
            bets: STATEMENT_BETS,
            ...perBet(counts, idle, idleMs, ms, STATEMENT_BETS),
            errors: outcome.errors,
          });
        }
        return results;
      },
      { connectUrl: url },
    );
  } finally {
    await counter.close();
  }
}

interface Ratio {
  name: string;
  value: number | null;
  target: string;
  met: boolean | null;
}

function ratio(name: string, value: number | null, target: { atLeast?: number; atMost?: number }): Ratio {
  const met =
    value === null
      ? null
      : target.atLeast !== undefined
        ? value >= target.atLeast
        : value <= (target.atMost ?? Number.POSITIVE_INFINITY);
  const text = target.atLeast !== undefined ? `>= ${target.atLeast}` : `<= ${target.atMost}`;
  return { name, value, target: text, met };
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "-");

function measurementTable(results: Measurement[]): string[] {
  return [
    "| Measurement | Store | Ops/s | p50 ms | p99 ms | Errors |",
    "|---|---|---:|---:|---:|---:|",
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.store} | ${fixed(r.perSecond)} | ${fixed(r.p50Ms, 2)} | ${fixed(r.p99Ms, 2)} | ${r.errors} |`,
    ),
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
  const wantsPostgres = ["commit", "bets", "memory", "statements"].some((part) => ONLY.has(part as Part));
  const postgres = wantsPostgres && !values["no-postgres"] && (await postgresAvailable());
  const skipped: string[] = [];
  if (wantsPostgres && values["no-postgres"]) skipped.push("PostgreSQL: skipped (--no-postgres).");
  else if (wantsPostgres && !postgres) {
    skipped.push(`PostgreSQL: not reachable at ${TEST_DATABASE_URL}, its measurements are skipped.`);
  }
  const stores: StoreKind[] = postgres ? ["pglite", "postgres"] : ["pglite"];

  const results: Measurement[] = [];
  const memoryResults: MemoryResult[] = [];
  let statementResults: StatementResult[] = [];
  const profiles: ProfileShare[] = [];
  const durability = postgres ? await postgresDurability(TEST_DATABASE_URL) : undefined;

  if (ONLY.has("bare")) results.push(await bareRoute());
  if (ONLY.has("commit")) {
    results.push(...(await pgliteCommitFloor(CONCURRENCY, run)));
    if (postgres) results.push(...(await postgresCommitFloor(TEST_DATABASE_URL, CONCURRENCY, run)));
  }
  const needsWallet = ["chain", "bets", "memory", "statements"].some((part) => ONLY.has(part as Part));
  if (needsWallet) {
    const secret = randomBytes(32).toString("base64url");
    await withChild(
      "the in-memory wallet",
      "packages/server/bench/memory-wallet.ts",
      { BENCH_WALLET_SECRET: secret, BENCH_WALLET_BASE_PATH: WALLET_BASE_PATH },
      async (walletUrl, pid) => {
        const wallet: Wallet = { callbackBaseUrl: `${walletUrl}${WALLET_BASE_PATH}`, secret, pid };
        if (ONLY.has("chain")) results.push(await floorChain(wallet));
        if (ONLY.has("bets")) {
          for (const store of stores) {
            const measured = await bets(store, wallet);
            results.push(...measured.measurements);
            profiles.push(...measured.profile);
          }
        }
        if (ONLY.has("memory")) for (const store of stores) memoryResults.push(await memory(store, wallet));
        if (ONLY.has("statements") && postgres) statementResults = await statementCounts(wallet);
      },
    );
  }
  const loadAfter = os.loadavg();

  const find = (name: string, store?: StoreKind) =>
    results.find((r) => r.name === name && (store === undefined || r.store === STORE_LABEL[store]));
  const perSecond = (a?: Measurement, b?: Measurement) =>
    a && b && b.perSecond > 0 ? a.perSecond / b.perSecond : null;
  const bare = find("bare Fastify route");
  const chain = find("floor chain: signed debit + credit");
  const ratios: Ratio[] = [];
  for (const store of [...stores].reverse()) {
    const label = store === "pglite" ? "embedded" : "PostgreSQL";
    const real = find("real-money dice bet", store);
    const demo = find("demo dice bet", store);
    ratios.push(
      ratio(`real-money bet / floor chain (${label})`, perSecond(real, chain), {
        atLeast: store === "postgres" ? 0.5 : 0.25,
      }),
      ratio(
        `real-money p99 / floor chain p99 (${label})`,
        real && chain && chain.p99Ms > 0 ? real.p99Ms / chain.p99Ms : null,
        { atMost: 3 },
      ),
      ratio(`demo bet / bare route (${label})`, perSecond(demo, bare), {
        atLeast: store === "postgres" ? 0.25 : 0.1,
      }),
    );
  }
  const shownRatios = ratios.filter((r) => r.value !== null);
  const chainCpu = cpuResults.find((c) => c.name === chain?.name);
  const cpuBounds = [...stores].reverse().flatMap((store) => {
    const cpu = cpuResults.find((c) => c.name === "real-money dice bet" && c.store === STORE_LABEL[store]);
    if (cpu === undefined) return [];
    const factor = store === "postgres" ? 0.5 : 0.25;
    return [
      {
        bet: `real-money dice bet, ${STORE_LABEL[store]}`,
        measuredPerSecond: cpu.perSecond,
        cpuMsPerBet: cpu.totalMs,
        cpuBoundPerSecond: cpuBound(cpu.cpus, cpu.totalMs),
        cpuMsPerBetWithoutLoadGenerator: cpu.totalMs - cpu.loadGeneratorMs,
        cpuBoundWithoutLoadGeneratorPerSecond: cpuBound(cpu.cpus, cpu.totalMs - cpu.loadGeneratorMs),
        target: chain ? factor * chain.perSecond : null,
        targetText: `${factor} x floor chain`,
        targetFactor: factor,
        // Independent of how busy the machine was: the two rates each CPU cost would allow, one over the other.
        cpuBoundRatioToChain: chainCpu && cpu.totalMs > 0 ? chainCpu.totalMs / cpu.totalMs : null,
        cpus: cpu.cpus,
      },
    ];
  });

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
    concurrency: CONCURRENCY,
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
      ratios: shownRatios,
      cpu: cpuResults,
      cpuBounds,
      commits: commitResults,
      memory: memoryResults,
      statements: statementResults,
      profiles,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const lines = [
    `Game API benchmark: ${SECONDS} s per measurement after ${WARMUP} s of warm-up, ${CONCURRENCY} clients in a closed loop.`,
    `Node ${machine.node}, ${machine.platform}, ${machine.cpus} x ${machine.cpuModel}, ${machine.memoryGb} GB.`,
    `Load average (1 / 5 / 15 min): ${machine.loadAverageBefore.join(" / ")} before the run, ${machine.loadAverageAfter.join(" / ")} after it.`,
    ...(durability
      ? [
          `PostgreSQL ${durability.server_version}: fsync ${durability.fsync}, synchronous_commit ${durability.synchronous_commit}, wal_sync_method ${durability.wal_sync_method}.`,
        ]
      : []),
    ...skipped,
    "",
  ];
  if (results.length > 0) lines.push(...measurementTable(results), "");
  if (shownRatios.length > 0) {
    lines.push(
      "| Ratio | Value | Target | Met |",
      "|---|---:|---:|---|",
      ...shownRatios.map(
        (r) =>
          `| ${r.name} | ${r.value === null ? "-" : fixed(r.value, 3)} | ${r.target} | ${r.met ? "yes" : "no"} |`,
      ),
      "",
    );
  }
  if (cpuResults.length > 0) {
    const ms = (value: number | null) => (value === null ? "-" : fixed(value, 3));
    const percent = (share: number) => `${fixed(share * 100)} %`;
    lines.push(
      "| Measurement | Store | Ops/s | CPU ms/op: load generator | server (RGS) | wallet | PostgreSQL | total | CPU share of the machine used | machine busy (all processes) |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...cpuResults.map(
        (c) =>
          `| ${c.name} | ${c.store} | ${fixed(c.perSecond)} | ${ms(c.loadGeneratorMs)} | ${ms(c.serverMs)} | ${ms(c.walletMs)} | ${ms(c.postgresMs)} | ${ms(c.totalMs)} | ${percent(c.share)} | ${percent(c.machineBusyShare)} |`,
      ),
      "",
      "CPU time over the measured time only (utime + stime + children reaped, from /proc); PostgreSQL is every process of the cluster, background ones and other clients' backends included. CPU share: the processes above, per second, over the machine's CPUs; machine busy: every process on the machine.",
      ...cpuBounds.map(
        (b) =>
          `${b.bet}: ${fixed(b.cpuMsPerBet, 3)} ms of CPU per bet, all processes together: the ${b.cpus} CPUs allow at most ${fixed(b.cpuBoundPerSecond)} bets/s (${fixed(b.cpuBoundWithoutLoadGeneratorPerSecond)} without the load generator's ${fixed(b.cpuMsPerBet - b.cpuMsPerBetWithoutLoadGenerator, 3)} ms); measured ${fixed(b.measuredPerSecond)}; target ${b.targetText} = ${b.target === null ? "-" : fixed(b.target)}. At the CPU each costs, real-money bet / floor chain can reach at most ${b.cpuBoundRatioToChain === null ? "-" : fixed(b.cpuBoundRatioToChain, 3)} (target >= ${b.targetFactor}).`,
      ),
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
      `| Per bet, PostgreSQL (${STATEMENT_BETS} bets one at a time) | Statements | By kind | BEGIN/COMMIT statements | Transactions | Writing transactions |`,
      "|---|---:|---|---:|---:|---:|",
      ...statementResults.map(
        (s) =>
          `| ${s.bet} | ${fixed(s.statementsTotal)} | ${Object.entries(s.statements)
            .sort((a, b) => b[1] - a[1])
            .map(([verb, count]) => `${verb} ${fixed(count)}`)
            .join(", ")} | ${fixed(s.control)} | ${fixed(s.transactions)} | ${fixed(s.writeTransactions)} |`,
      ),
      "",
    );
  }
  if (profiles.length > 0) lines.push(...profileTable(profiles), "");
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
