/**
 * The RGS and the reference wallet as separate processes (`node --import tsx .../main.ts`), the way they
 * run in production: each test talks to them over HTTP only, and may SIGKILL the RGS and start it again
 * on the same store.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../../../../..", import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The environment of the test run without the variables that would point a child at another store. */
export function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    "DATABASE_URL",
    "REDIS_URL",
    "SECRET_KEY",
    "DATA_DIR",
    "WALLET_DATABASE_URL",
    "WALLET_DATABASE_SCHEMA",
    "WALLET_DATA_DIR",
    "NODE_OPTIONS",
  ]) {
    delete env[name];
  }
  return env;
}

export interface ChildOptions {
  /** What the child runs, relative to the repository: a TypeScript entry point. */
  entry: string;
  env: NodeJS.ProcessEnv;
  /** Resolves once the child's output (stdout and stderr together) says it is ready. */
  ready: RegExp;
  name: string;
  startTimeoutMs?: number;
}

/** A running child process whose output is kept for error messages. */
export class Child {
  readonly #process: ChildProcess;
  readonly #name: string;
  #output = "";
  readonly exited: Promise<number | null>;

  private constructor(process: ChildProcess, name: string) {
    this.#process = process;
    this.#name = name;
    const keep = (chunk: Buffer) => {
      this.#output = (this.#output + chunk.toString("utf8")).slice(-20_000);
    };
    process.stdout?.on("data", keep);
    process.stderr?.on("data", keep);
    this.exited = new Promise((resolve) => process.once("exit", (code) => resolve(code)));
  }

  static async start(opts: ChildOptions): Promise<Child> {
    const child = new Child(
      spawn(process.execPath, ["--import", "tsx", opts.entry], {
        cwd: REPO,
        env: opts.env,
        stdio: ["ignore", "pipe", "pipe"],
      }),
      opts.name,
    );
    await child.#waitFor(opts.ready, opts.startTimeoutMs ?? 90_000);
    return child;
  }

  get output(): string {
    return this.#output;
  }

  get running(): boolean {
    return this.#process.exitCode === null && this.#process.signalCode === null;
  }

  /** SIGKILL: no shutdown code runs, exactly like a crash or a killed container. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.#process.kill("SIGKILL");
    await this.exited;
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.#process.kill("SIGTERM");
    const timer = setTimeout(() => this.#process.kill("SIGKILL"), 10_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** SIGTERM, as a deploy stops an instance: its exit code once it has shut down on its own. */
  async terminate(): Promise<number | null> {
    if (!this.running) return this.exited;
    this.#process.kill("SIGTERM");
    return this.exited;
  }

  #waitFor(pattern: RegExp, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const check = () => {
        if (pattern.test(this.#output)) return resolve();
        if (!this.running) {
          return reject(new Error(`${this.#name} exited before it was ready:\n${this.#output}`));
        }
        if (Date.now() - started > timeoutMs) {
          this.#process.kill("SIGKILL");
          return reject(new Error(`${this.#name} was not ready within ${timeoutMs} ms:\n${this.#output}`));
        }
        setTimeout(check, 50);
      };
      check();
    });
  }
}

/** Runs a command of the repository to completion: its exit code and output. */
export function run(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(args[0] ?? "", args.slice(1), { cwd: REPO, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * `npm run rgs -- operator create ... --json` as an operator runs it, with the `default` pack and the given
 * secret: through the admin socket of a running embedded RGS, or on PostgreSQL. Returns the operator's ID.
 */
export async function createOperatorByCli(
  env: NodeJS.ProcessEnv,
  operator: { name: string; callbackUrl: string; secret: string; limits?: string[] },
): Promise<string> {
  const result = await run(
    [
      "npm",
      "run",
      "--silent",
      "rgs",
      "--",
      "operator",
      "create",
      "--name",
      operator.name,
      "--callback-url",
      operator.callbackUrl,
      "--packs",
      "default",
      // Campaigns can be created in every environment test: nothing changes until one grants rounds.
      "--free-rounds",
      "on",
      ...(operator.limits ?? []).flatMap((limit) => ["--limit", limit]),
      `--secret=${operator.secret}`,
      "--json",
    ],
    env,
  );
  if (result.code !== 0) {
    throw new Error(`operator create failed (${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  const created = JSON.parse(result.stdout.slice(result.stdout.indexOf("{"))) as {
    operator: { id: string };
    secret: string;
  };
  if (created.secret !== operator.secret) throw new Error("the operator was created with another secret");
  return created.operator.id;
}
