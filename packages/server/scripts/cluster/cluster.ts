import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { haproxyCommand, renderHaproxyConfig, serverStates } from "./haproxy.ts";

const REPO = fileURLToPath(new URL("../../../..", import.meta.url));
const BACKEND = "rgs";
const READY = /RGS (staging|production) listening on/;

export interface ClusterOptions {
  instances: number;
  databaseUrl: string;
  redisUrl: string;
  /** Base64 of 32 bytes, the same on every instance. */
  secretKey: string;
  /** Port of the balancer; 0 picks a free one. */
  port: number;
  /** Where the rendered haproxy.cfg, its admin socket and each instance's DATA_DIR go. */
  runDir: string;
  /** Extra settings of every instance (they win over the cluster's own). */
  env?: Record<string, string>;
  /** Connections one client address may hold at the balancer. */
  connectionsPerClient?: number;
  /** Each line an instance or the balancer prints, with its name. */
  onLine?: (name: string, line: string) => void;
  /** How long an instance may take to start, and to stop after SIGTERM before it is killed. */
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
}

/** A child process of the cluster, its output kept (the tail) for messages. */
class Member {
  readonly name: string;
  readonly process: ChildProcess;
  readonly exited: Promise<number | null>;
  output = "";

  constructor(name: string, child: ChildProcess, onLine?: (name: string, line: string) => void) {
    this.name = name;
    this.process = child;
    let partial = "";
    const keep = (chunk: Buffer) => {
      const text = chunk.toString("utf8");
      this.output = (this.output + text).slice(-20_000);
      if (!onLine) return;
      const lines = (partial + text).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) onLine(name, line);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    this.exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  }

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  async waitFor(pattern: RegExp, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.output)) {
      if (!this.running) throw new Error(`${this.name} exited before it was ready:\n${this.output}`);
      if (Date.now() > deadline) {
        this.process.kill("SIGKILL");
        throw new Error(`${this.name} was not ready within ${timeoutMs} ms:\n${this.output}`);
      }
      await sleep(50);
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = (server.address() as net.AddressInfo) ?? { port: 0 };
      server.close(() => resolve(port));
    });
  });
}

/**
 * N RGS processes on one PostgreSQL and one Redis, each on a port of its own, behind HAProxy configured by
 * ops/haproxy/haproxy.cfg. Instances keep their port across restarts, so the balancer's configuration never
 * changes: a replaced instance is taken back in when its health and readiness checks pass.
 */
export class Cluster {
  readonly options: Required<Omit<ClusterOptions, "onLine" | "env">> & Pick<ClusterOptions, "onLine" | "env">;
  readonly ports: number[];
  readonly balancerUrl: string;
  readonly statsSocket: string;
  readonly #members: (Member | undefined)[];
  #balancer: Member | undefined;

  private constructor(options: Cluster["options"], ports: number[], balancerPort: number) {
    this.options = options;
    this.ports = ports;
    this.balancerUrl = `http://127.0.0.1:${balancerPort}`;
    this.statsSocket = path.join(options.runDir, "haproxy.sock");
    this.#members = ports.map(() => undefined);
  }

  static async start(options: ClusterOptions): Promise<Cluster> {
    const ports: number[] = [];
    for (let index = 0; index < options.instances; index++) ports.push(await freePort());
    const balancerPort = options.port === 0 ? await freePort() : options.port;
    const cluster = new Cluster(
      {
        connectionsPerClient: 100,
        startTimeoutMs: 90_000,
        stopTimeoutMs: 40_000,
        ...options,
      },
      ports,
      balancerPort,
    );
    mkdirSync(options.runDir, { recursive: true });
    try {
      // The first instance runs the migrations (and creates a staging sandbox operator) alone, so the
      // others start on a ready schema.
      await cluster.startInstance(0);
      await Promise.all(ports.slice(1).map((_, index) => cluster.startInstance(index + 1)));
      await cluster.#startBalancer(balancerPort);
      await cluster.waitUntilServing();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  serverName(index: number): string {
    return `rgs${index + 1}`;
  }

  /** What an instance printed, for messages. */
  output(index: number): string {
    return this.#members[index]?.output ?? "";
  }

  get balancerOutput(): string {
    return this.#balancer?.output ?? "";
  }

  /** Starts instance `index` (again) on its port, and resolves when it listens. */
  async startInstance(index: number): Promise<void> {
    if (this.#members[index]?.running) throw new Error(`${this.serverName(index)} is already running`);
    const port = this.ports[index];
    const name = this.serverName(index);
    const dataDir = path.join(this.options.runDir, name);
    mkdirSync(dataDir, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: this.balancerUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: this.options.databaseUrl,
      REDIS_URL: this.options.redisUrl,
      SECRET_KEY: this.options.secretKey,
      // Only the balancer's X-Forwarded-For is believed: it replaces whatever a client sent.
      TRUST_PROXY: "127.0.0.1",
      // Every connection comes from the balancer, which limits connections per client itself.
      HTTP_MAX_CONNECTIONS_PER_PEER: "0",
      // The balancer's checks (inter 1 s, fall 2) take a draining instance out within about 2 s.
      SHUTDOWN_DRAIN_MS: "2500",
      // The balancer checks every instance twice a second: its requests stay out of the log.
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...this.options.env,
    };
    delete env.NODE_OPTIONS;
    const member = new Member(
      name,
      spawn(process.execPath, ["--import", "tsx", "packages/server/src/main.ts"], {
        cwd: REPO,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      }),
      this.options.onLine,
    );
    this.#members[index] = member;
    await member.waitFor(READY, this.options.startTimeoutMs);
  }

  /** SIGKILL, like a crash: nothing of the instance's shutdown runs. */
  async kill(index: number): Promise<void> {
    const member = this.#members[index];
    if (!member?.running) return;
    member.process.kill("SIGKILL");
    await member.exited;
  }

  /** SIGTERM, and waits for the instance to exit (killing it past stopTimeoutMs); its exit code. */
  async terminate(index: number): Promise<number | null> {
    const member = this.#members[index];
    if (!member?.running) return member?.process.exitCode ?? null;
    member.process.kill("SIGTERM");
    const timer = setTimeout(() => member.process.kill("SIGKILL"), this.options.stopTimeoutMs);
    const code = await member.exited;
    clearTimeout(timer);
    return code;
  }

  /** The balancer's view of each instance: "UP", "DOWN", "DRAIN", "MAINT"... */
  states(): Promise<Map<string, string>> {
    return serverStates(this.statsSocket, BACKEND);
  }

  /** Waits until the balancer counts the instance as up (its checks passed `rise` times). */
  async waitUntilUp(index: number, timeoutMs = 30_000): Promise<void> {
    const name = this.serverName(index);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = (await this.states()).get(name) ?? "";
      if (state === "UP") return;
      if (Date.now() > deadline) throw new Error(`${name} is ${state} at the balancer after ${timeoutMs} ms`);
      await sleep(100);
    }
  }

  async waitUntilServing(): Promise<void> {
    for (let index = 0; index < this.ports.length; index++) {
      if (this.#members[index]?.running) await this.waitUntilUp(index);
    }
  }

  /**
   * Replaces every instance in turn: the balancer stops sending it new requests (drain), it gets SIGTERM
   * and finishes what it accepted, and its replacement must be up at the balancer before the next one goes.
   */
  async rollingRestart(report: (message: string) => void = () => {}): Promise<void> {
    for (let index = 0; index < this.ports.length; index++) {
      const name = this.serverName(index);
      await haproxyCommand(this.statsSocket, `set server ${BACKEND}/${name} state drain`);
      report(`${name}: draining, then SIGTERM`);
      const started = Date.now();
      const code = await this.terminate(index);
      report(`${name}: exited with ${code} after ${Date.now() - started} ms; starting its replacement`);
      await this.startInstance(index);
      await haproxyCommand(this.statsSocket, `set server ${BACKEND}/${name} state ready`);
      await this.waitUntilUp(index);
      report(`${name}: replacement up at the balancer`);
    }
  }

  /** Stops the balancer and every instance (SIGTERM, in parallel). */
  async stop(): Promise<void> {
    const balancer = this.#balancer;
    if (balancer?.running) {
      // SIGUSR1: HAProxy's soft stop; it lets the requests it holds finish.
      balancer.process.kill("SIGUSR1");
      const timer = setTimeout(() => balancer.process.kill("SIGKILL"), 10_000);
      await balancer.exited;
      clearTimeout(timer);
    }
    await Promise.all(this.ports.map((_, index) => this.terminate(index)));
  }

  async #startBalancer(port: number): Promise<void> {
    const configPath = path.join(this.options.runDir, "haproxy.cfg");
    writeFileSync(
      configPath,
      renderHaproxyConfig({
        bind: `127.0.0.1:${port}`,
        statsSocket: this.statsSocket,
        servers: this.ports.map((serverPort, index) => ({
          name: this.serverName(index),
          address: `127.0.0.1:${serverPort}`,
        })),
        connectionsPerClient: this.options.connectionsPerClient,
        serverMaxconn: 200,
        frontendMaxconn: 4_000,
      }),
    );
    const balancer = new Member(
      "haproxy",
      spawn(haproxyBinary(), ["-db", "-f", configPath], { stdio: ["ignore", "pipe", "pipe"] }),
      this.options.onLine,
    );
    this.#balancer = balancer;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (!balancer.running) throw new Error(`HAProxy exited:\n${balancer.output}`);
      try {
        await haproxyCommand(this.statsSocket, "show info");
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(100);
      }
    }
  }
}

export function haproxyBinary(): string {
  return process.env.HAPROXY_PATH ?? "haproxy";
}
