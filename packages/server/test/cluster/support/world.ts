/**
 * The reference deployment under test: three RGS instances (`npm run cluster`'s Cluster) on a PostgreSQL
 * schema of their own and a private Redis, behind HAProxy, and the reference wallet with fault injection.
 * The Redis is started here on a free port, so restarting it touches nothing else on the machine.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { TEST_DATABASE_URL } from "../../../../../test-support/services.ts";
import { Cluster, freePort } from "../../../scripts/cluster/cluster.ts";
import {
  type Environment,
  type Session,
  signedLaunch,
  type WalletStatement,
} from "../../e2e/support/environment.ts";
import { baseEnv, Child, createOperatorByCli } from "../../e2e/support/processes.ts";

const WALLET_BASE_PATH = "/wallet/v2";
export const CALLBACK_TIMEOUT_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A redis-server of the test's own, without persistence: a restart loses everything it held. */
export class PrivateRedis {
  readonly port: number;
  #process: ChildProcess | undefined;

  constructor(port: number) {
    this.port = port;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const args = ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"];
    this.#process = spawn("redis-server", args, { stdio: "ignore" });
    const deadline = Date.now() + 10_000;
    while (!(await this.#pong())) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${this.port}`);
      await sleep(50);
    }
  }

  /** SIGKILL: Redis is gone at once, with everything it held. */
  async kill(): Promise<void> {
    const child = this.#process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  #pong(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(this.port, "127.0.0.1");
      socket.setTimeout(500, () => socket.destroy());
      socket.once("data", (data) => {
        socket.destroy();
        resolve(data.toString().startsWith("+PONG"));
      });
      socket.once("error", () => resolve(false));
      socket.once("close", () => resolve(false));
      socket.once("connect", () => socket.write("PING\r\n"));
    });
  }
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export class World {
  readonly cluster: Cluster;
  readonly redis: PrivateRedis;
  readonly #wallet: Child;
  readonly #walletUrl: string;
  readonly #secret: string;
  readonly #schema: string;
  readonly #dirs: string[];
  readonly databaseEnv: NodeJS.ProcessEnv;
  operatorId = "";
  #players = 0;

  private constructor(parts: {
    cluster: Cluster;
    redis: PrivateRedis;
    wallet: Child;
    walletUrl: string;
    secret: string;
    schema: string;
    dirs: string[];
    databaseEnv: NodeJS.ProcessEnv;
  }) {
    this.cluster = parts.cluster;
    this.redis = parts.redis;
    this.#wallet = parts.wallet;
    this.#walletUrl = parts.walletUrl;
    this.#secret = parts.secret;
    this.#schema = parts.schema;
    this.#dirs = parts.dirs;
    this.databaseEnv = parts.databaseEnv;
  }

  /** `env`: settings of every instance over the test's short time-outs. */
  static async start(env: Record<string, string> = {}): Promise<World> {
    const schema = `cluster_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set("options", `-c search_path=${schema}`);
    const secretKey = randomBytes(32).toString("base64");
    const secret = randomBytes(32).toString("base64url");
    const runDir = mkdtempSync(path.join(tmpdir(), "rgs-cluster-"));
    const walletDir = mkdtempSync(path.join(tmpdir(), "rgs-cluster-wallet-"));
    const redis = new PrivateRedis(await freePort());
    const walletPort = await freePort();
    await redis.start();
    // Both settle before anything is cleaned up, so no process is left starting behind a failure.
    const [walletStarted, clusterStarted] = await Promise.allSettled([
      Child.start({
        name: "the reference wallet",
        entry: "packages/reference-wallet/src/main.ts",
        env: {
          ...baseEnv(),
          WALLET_SECRET: secret,
          WALLET_PORT: String(walletPort),
          WALLET_HOST: "127.0.0.1",
          WALLET_BASE_PATH,
          WALLET_DATA_DIR: walletDir,
          WALLET_FAULTS: "1",
          WALLET_LOG_LEVEL: "warn",
        },
        ready: /fault injection is ENABLED/,
      }),
      Cluster.start({
        instances: 3,
        port: 0,
        databaseUrl: url.toString(),
        redisUrl: redis.url,
        secretKey,
        runDir,
        // Every test client comes from 127.0.0.1.
        connectionsPerClient: 1_000,
        env: {
          RGS_ENV: "staging",
          LOG_LEVEL: "warn",
          RATE_LIMIT_PER_SECOND: "10000",
          RATE_LIMIT_BURST: "10000",
          GAME_RATE_LIMIT_PER_SECOND: "10000",
          GAME_RATE_LIMIT_BURST: "10000",
          CALLBACK_TIMEOUT_MS: String(CALLBACK_TIMEOUT_MS),
          DEBIT_RETRIES: "2",
          DEBIT_RETRY_DELAY_MS: "20",
          OUTBOX_BASE_DELAY_MS: "50",
          OUTBOX_MAX_DELAY_MS: "400",
          OUTBOX_POLL_MS: "100",
          OUTBOX_LEASE_MS: "2000",
          SHUTDOWN_GRACE_MS: "15000",
          ...env,
        },
      }),
    ]);
    const cleanUp = async () => {
      if (walletStarted.status === "fulfilled") await walletStarted.value.stop();
      if (clusterStarted.status === "fulfilled") await clusterStarted.value.stop();
      await redis.kill();
      for (const dir of [runDir, walletDir]) rmSync(dir, { recursive: true, force: true });
      await dropSchema(schema);
    };
    if (walletStarted.status !== "fulfilled" || clusterStarted.status !== "fulfilled") {
      await cleanUp();
      throw [walletStarted, clusterStarted].find((started) => started.status === "rejected")?.reason;
    }
    const [wallet, cluster] = [walletStarted.value, clusterStarted.value];
    const databaseEnv = { ...baseEnv(), DATABASE_URL: url.toString(), SECRET_KEY: secretKey };
    const world = new World({
      cluster,
      redis,
      wallet,
      walletUrl: `http://127.0.0.1:${walletPort}`,
      secret,
      schema,
      dirs: [runDir, walletDir],
      databaseEnv,
    });
    try {
      await world.#createOperator(walletPort);
    } catch (error) {
      await cleanUp();
      throw error;
    }
    return world;
  }

  async close(): Promise<void> {
    await Promise.all([this.cluster.stop(), this.#wallet.stop()]);
    await this.redis.kill();
    for (const dir of this.#dirs) rmSync(dir, { recursive: true, force: true });
    await dropSchema(this.#schema);
  }

  get logs(): string {
    const instances = this.cluster.ports.map(
      (_, index) => `--- ${this.cluster.serverName(index)} ---\n${this.cluster.output(index).slice(-3000)}`,
    );
    return [...instances, `--- haproxy ---\n${this.cluster.balancerOutput.slice(-3000)}`].join("\n");
  }

  async #createOperator(walletPort: number): Promise<void> {
    this.operatorId = await createOperatorByCli(this.databaseEnv, {
      name: "Cluster casino",
      callbackUrl: `http://127.0.0.1:${walletPort}${WALLET_BASE_PATH}`,
      secret: this.#secret,
    });
  }

  async #walletAdmin(method: "GET" | "POST" | "DELETE", apiPath: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${this.#walletUrl}${apiPath}`, {
      method,
      ...(body !== undefined && {
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async newPlayer(balance: string): Promise<string> {
    const id = `cluster-${process.pid}-${++this.#players}-${randomUUID().slice(0, 8)}`;
    const answer = await this.#walletAdmin("POST", "/admin/players", { id, currency: "USD", balance });
    if (answer.status !== 201) throw new Error(`creating a wallet player failed: ${JSON.stringify(answer)}`);
    return id;
  }

  async statement(playerId: string): Promise<WalletStatement> {
    const answer = await this.#walletAdmin("GET", `/admin/players/${encodeURIComponent(playerId)}`);
    if (answer.status !== 200) throw new Error(`no statement for ${playerId}: ${JSON.stringify(answer)}`);
    return answer.body as unknown as WalletStatement;
  }

  async randomFaults(share: number): Promise<void> {
    const answer = await this.#walletAdmin("POST", "/admin/faults/random", {
      share,
      callbacks: ["debit", "credit", "rollback"],
      modes: ["error_before", "error_after", "slow", "hang_after"],
      delayMs: CALLBACK_TIMEOUT_MS + 200,
    });
    if (answer.status !== 201) throw new Error(`random faults refused: ${JSON.stringify(answer)}`);
  }

  async clearFaults(): Promise<void> {
    await this.#walletAdmin("DELETE", "/admin/faults");
  }

  /** A signed real-money launch through the balancer. */
  async launch(playerId: string, gameCode: string): Promise<Session> {
    return signedLaunch(
      this.cluster.balancerUrl,
      { operatorId: this.operatorId, secret: this.#secret },
      { playerId, gameCode, demo: false },
    );
  }

  /**
   * One game API request through the balancer, once. A connection cut by a dying instance is an answer
   * of status 0 (the client does not know what happened and may resend).
   */
  async once(session: Session, method: "GET" | "POST", apiPath: string, body?: unknown, key?: string) {
    try {
      const response = await fetch(`${this.cluster.balancerUrl}${apiPath}`, {
        method,
        headers: {
          authorization: `Bearer ${session.token}`,
          ...(body !== undefined && { "content-type": "application/json" }),
          ...(key !== undefined && { "idempotency-key": key }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        parsed = { unparsed: text.slice(0, 200) };
      }
      return { status: response.status, body: parsed };
    } catch (error) {
      return { status: 0, body: { error: (error as Error).message } };
    }
  }

  /**
   * What `reconcile` (the end-to-end tests' ledger check) needs of an environment, through the balancer:
   * reads that meet a stopping instance are sent again.
   */
  asEnvironment(): Environment {
    const game = async (session: Session, method: "GET" | "POST", apiPath: string, body?: unknown) => {
      for (let attempt = 0; ; attempt++) {
        const answer = await this.once(session, method, apiPath, body);
        if ((answer.status !== 0 && answer.status !== 503) || attempt > 50) return answer;
        await sleep(100);
      }
    };
    const world = this;
    // reconcile() only calls these three members.
    return {
      game,
      statement: (playerId: string) => world.statement(playerId),
      get logs() {
        return world.logs;
      },
    } as unknown as Environment;
  }
}
