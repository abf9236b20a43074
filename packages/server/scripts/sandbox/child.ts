import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";
import { fileURLToPath } from "node:url";

const TAIL_CHARS = 4000;
const EXIT_WITH_PARENT = fileURLToPath(new URL("./exit-with-parent.ts", import.meta.url));
const POLL_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A process of the sandbox (the RGS, the reference wallet): its output goes to a log file, so the terminal
 * keeps the sandbox's own summary; the end of it is kept for the message when it fails.
 */
export class SandboxChild {
  readonly name: string;
  readonly logFile: string;
  readonly exited: Promise<number | null>;
  readonly #process: ChildProcess;
  readonly #log: WriteStream;
  #tail = "";

  constructor(opts: {
    name: string;
    script: string;
    cwd: string;
    env: NodeJS.ProcessEnv;
    logFile: string;
    /** Options of Node.js itself, before the script. */
    nodeOptions?: string[];
  }) {
    this.name = opts.name;
    this.logFile = opts.logFile;
    this.#log = createWriteStream(opts.logFile, { flags: "a", mode: 0o600 });
    this.#log.write(`--- ${new Date().toISOString()} ${opts.name} starting\n`);
    const env = { ...opts.env };
    delete env.NODE_OPTIONS;
    const args = [...(opts.nodeOptions ?? []), "--import", "tsx", "--import", EXIT_WITH_PARENT, opts.script];
    this.#process = spawn(process.execPath, args, {
      cwd: opts.cwd,
      env,
      // Its own process group: Ctrl-C reaches the sandbox, which stops its children in order.
      detached: true,
      // The IPC channel tells it when the sandbox is gone (exit-with-parent.ts).
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    const keep = (chunk: Buffer) => {
      this.#log.write(chunk);
      this.#tail = (this.#tail + chunk.toString("utf8")).slice(-TAIL_CHARS);
    };
    this.#process.stdout?.on("data", keep);
    this.#process.stderr?.on("data", keep);
    this.exited = new Promise((resolve) => {
      this.#process.once("exit", (code) => {
        this.#log.end();
        resolve(code);
      });
    });
  }

  get running(): boolean {
    return this.#process.exitCode === null && this.#process.signalCode === null;
  }

  /** The last lines it printed. */
  get tail(): string {
    return this.#tail.trimEnd();
  }

  /** Resolves once `url` answers 200; throws when the process exits first or `timeoutMs` passes. */
  async waitUntilAnswering(url: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`the ${this.name} stopped while starting`);
      const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline)
        throw new Error(`the ${this.name} did not answer ${url} within ${timeoutMs} ms`);
      await sleep(POLL_MS);
    }
  }

  /** SIGTERM (its graceful stop), then SIGKILL after `graceMs`; resolves once it has exited. */
  async stop(graceMs: number): Promise<void> {
    if (!this.running) return;
    this.#process.kill("SIGTERM");
    const timer = setTimeout(() => this.#process.kill("SIGKILL"), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
