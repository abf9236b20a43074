/**
 * The RGS as the benchmark runs it: a process of its own (`node --import tsx packages/server/src/main.ts`,
 * like the end-to-end tests), on the embedded store in a temporary DATA_DIR or on PostgreSQL in a schema of
 * its own, with one operator whose callbacks go to the benchmark's in-memory wallet. Everything goes through
 * its public surfaces only: the `rgs` CLI for the operator, the signed operator API for launches, the game
 * API for bets and `/metrics` for the process's memory.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { signedHeaders } from "@rgs/protocol/signing";
import pg from "pg";
import { baseEnv, Child, createOperatorByCli, freePort } from "../test/e2e/support/processes.ts";
import { request } from "./load.ts";
import { childPid } from "./process-cpu.ts";

export type StoreKind = "pglite" | "postgres";

export interface BenchWallet {
  /** Callback base URL: callbacks go to `{callbackBaseUrl}/callback/{name}`. */
  callbackBaseUrl: string;
  secret: string;
}

export interface Session {
  playerId: string;
  token: string;
}

export interface RgsOptions {
  store: StoreKind;
  wallet: BenchWallet;
  /** Settings of the RGS on top of the benchmark's (quiet logs, rate limits lifted). */
  env: Record<string, string>;
  /** PostgreSQL only: the server the RGS connects to, and the one its schema is created on. */
  databaseUrl: string;
  /** PostgreSQL only: the RGS connects here instead (a proxy in front of `databaseUrl`). */
  connectUrl?: string;
  /** When set, the RGS writes a CPU profile of its main thread here when it stops (cpu-profile-hook.mjs). */
  profileDir?: string;
}

const RGS_ENTRY = "packages/server/src/main.ts";
const PROFILE_HOOK = pathToFileURL(path.join(import.meta.dirname, "cpu-profile-hook.mjs")).href;

export class BenchRgs {
  readonly baseUrl: string;
  /** The metrics listener (METRICS_PORT): /metrics is not served on the game port. */
  readonly metricsUrl: string;
  readonly store: StoreKind;
  /** The RGS process, to read its CPU time. */
  readonly pid: number;
  operatorId = "";
  readonly #child: Child;
  readonly #dataDir: string;
  readonly #schema: string | undefined;
  readonly #databaseUrl: string;
  readonly #secret: string;
  readonly #storeEnv: NodeJS.ProcessEnv;

  private constructor(opts: {
    child: Child;
    port: number;
    metricsPort: number;
    store: StoreKind;
    dataDir: string;
    schema: string | undefined;
    databaseUrl: string;
    secret: string;
    storeEnv: NodeJS.ProcessEnv;
  }) {
    this.#child = opts.child;
    this.#storeEnv = opts.storeEnv;
    this.#secret = opts.secret;
    this.baseUrl = `http://127.0.0.1:${opts.port}`;
    this.metricsUrl = `http://127.0.0.1:${opts.metricsPort}/metrics`;
    this.store = opts.store;
    this.pid = childPid(RGS_ENTRY);
    this.#dataDir = opts.dataDir;
    this.#schema = opts.schema;
    this.#databaseUrl = opts.databaseUrl;
  }

  static async start(opts: RgsOptions): Promise<BenchRgs> {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rgs-bench-"));
    const port = await freePort();
    // Each port is free when asked for, not held: the same one can come back twice.
    let metricsPort = await freePort();
    while (metricsPort === port) metricsPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...baseEnv(),
      RGS_ENV: "staging",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      METRICS_PORT: String(metricsPort),
      DATA_DIR: dataDir,
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
      GAME_RATE_LIMIT_PER_SECOND: "1000000",
      GAME_RATE_LIMIT_BURST: "1000000",
      ...opts.env,
    };
    let schema: string | undefined;
    if (opts.store === "postgres") {
      schema = `bench_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
      await sqlOnce(opts.databaseUrl, `create schema ${schema}`);
      const url = new URL(opts.connectUrl ?? opts.databaseUrl);
      url.searchParams.set("options", `-c search_path=${schema}`);
      env.DATABASE_URL = url.toString();
      env.SECRET_KEY = randomBytes(32).toString("base64");
    }
    const cleanUp = async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (schema !== undefined) await sqlOnce(opts.databaseUrl, `drop schema if exists ${schema} cascade`);
    };
    let child: Child;
    try {
      child = await Child.start({
        name: "the RGS",
        entry: RGS_ENTRY,
        env:
          opts.profileDir === undefined
            ? env
            : { ...env, NODE_OPTIONS: `--import ${PROFILE_HOOK}`, BENCH_CPU_PROFILE_DIR: opts.profileDir },
        ready: /RGS staging listening on/,
      });
    } catch (error) {
      await cleanUp();
      throw error;
    }
    const rgs = new BenchRgs({
      child,
      port,
      metricsPort,
      store: opts.store,
      dataDir,
      schema,
      databaseUrl: opts.databaseUrl,
      secret: opts.wallet.secret,
      storeEnv: env,
    });
    try {
      rgs.operatorId = await createOperator(env, opts.wallet);
    } catch (error) {
      await rgs.close();
      throw error;
    }
    return rgs;
  }

  /** PostgreSQL only: the schema the RGS's tables are in. */
  get schema(): string | undefined {
    return this.#schema;
  }

  /** The RGS's output, to explain a failure. */
  get output(): string {
    return this.#child.output;
  }

  /** The RGS's settings, its store's included (DATA_DIR, or DATABASE_URL and SECRET_KEY): what the store floor opens once `stop` has run. */
  get storeEnv(): NodeJS.ProcessEnv {
    return this.#storeEnv;
  }

  /** Stops the process and keeps its store, for another process to open; `close` still removes it. */
  async stop(): Promise<void> {
    await this.#child.stop();
  }

  async close(): Promise<void> {
    await this.#child.stop();
    rmSync(this.#dataDir, { recursive: true, force: true });
    if (this.#schema !== undefined) {
      await sqlOnce(this.#databaseUrl, `drop schema if exists ${this.#schema} cascade`);
    }
  }

  /**
   * A launch through the signed operator API: a demo session, or a real-money one (authenticated with the
   * wallet); of a player in Germany (the `default` profile) unless another location is given.
   */
  async launch(playerId: string, opts: { demo: boolean; countryCode?: string }): Promise<Session> {
    const body = JSON.stringify({
      playerId,
      currency: "USD",
      gameCode: "dice-alpha",
      countryCode: opts.countryCode ?? "DE",
      demo: opts.demo,
    });
    const answer = await request(`${this.baseUrl}/operator/launch`, {
      method: "POST",
      body,
      headers: signedHeaders({
        operatorId: this.operatorId,
        secret: this.#secret,
        path: "/operator/launch",
        body,
        nowSeconds: Date.now() / 1000,
      }),
    });
    const launchUrl =
      answer.status === 200 ? (JSON.parse(answer.body) as { launchUrl?: string }).launchUrl : "";
    const token = launchUrl ? new URL(launchUrl).searchParams.get("sessionToken") : null;
    if (!token) throw new Error(`launch for ${playerId} failed: ${answer.status} ${answer.body}`);
    return { playerId, token };
  }

  /** The group-commit writer's counts so far (`store_commit_*_total` on its `/metrics`). */
  async commitCounts(): Promise<{ batches: number; jobs: number }> {
    const read = await this.#metrics();
    return { batches: read("store_commit_batches_total"), jobs: read("store_commit_jobs_total") };
  }

  /** Resident set size and V8 heap in use of the RGS process, in bytes, as its `/metrics` reports them. */
  async memory(): Promise<{ rssBytes: number; heapUsedBytes: number }> {
    const read = await this.#metrics();
    return {
      rssBytes: read("process_resident_memory_bytes"),
      heapUsedBytes: read("nodejs_heap_size_used_bytes"),
    };
  }

  /** One read of `/metrics`: a reader of its unlabelled values by name. */
  async #metrics(): Promise<(name: string) => number> {
    const answer = await request(this.metricsUrl);
    return (name) => {
      const line = new RegExp(`^${name} (\\d+(?:\\.\\d+)?(?:e\\+\\d+)?)$`, "m").exec(answer.body);
      if (answer.status !== 200 || !line?.[1]) throw new Error(`no ${name} in /metrics (${answer.status})`);
      return Number(line[1]);
    };
  }
}

async function sqlOnce(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function createOperator(env: NodeJS.ProcessEnv, wallet: BenchWallet): Promise<string> {
  return createOperatorByCli(env, {
    name: "Benchmark casino",
    callbackUrl: wallet.callbackBaseUrl,
    secret: wallet.secret,
    limits: ["USD:0.10:100.00:100000.00"],
  });
}
