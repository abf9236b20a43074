/**
 * The store floor: the least a bet must durably write, written by the store alone, in a process of its own
 * (store-floor-worker.ts) so that its CPU (and PostgreSQL's) is read the way a bet's is. A demo bet is one
 * write transaction of its round row; a real-money bet two (the round and its debit before the debit is
 * sent, the credit before the credit is sent), as the counts allow. Each is taken one transaction
 * per bet-transaction (BEGIN, INSERT, COMMIT) and through the RGS's group-commit writer, which shares a
 * COMMIT and one INSERT per table between the bets in flight.
 *
 * The rows are copies of what an RGS wrote on the same store for a real bet just before, so their payload is
 * a dice bet's: the RGS is stopped first (the embedded store admits one process), and the worker opens its
 * DATA_DIR, or its schema on the benchmark's own PostgreSQL cluster, with the RGS's own configuration code.
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { betLimits, CHAIN, type CpuFigures } from "./cpu-targets.ts";
import type { Measurement } from "./load.ts";

export type FloorKind = "demo" | "real";
export type FloorForm = "one per transaction" | "group commit";

export interface FloorRun {
  name: string;
  store: string;
  kind: FloorKind;
  form: FloorForm;
  clients: number;
  seconds: number;
  warmupSeconds: number;
}

export type FloorMessage =
  | { ready: true }
  | { window: "start" | "end" }
  | { result: Measurement }
  | { error: string };

/** Write transactions per bet-equivalent. */
export const TRANSACTIONS: Record<FloorKind, number> = { demo: 1, real: 2 };

export const FLOOR_PREFIX = "store floor";

export function floorName(kind: FloorKind, form: FloorForm): string {
  const what = kind === "demo" ? "demo bet's round row (1 tx)" : "real-money bet's rows (2 tx)";
  return `${FLOOR_PREFIX}: ${what}, ${form}`;
}

const ENTRY = path.join(import.meta.dirname, "store-floor-worker.ts");
const READY_TIMEOUT_MS = 60_000;

export class StoreFloorWorker {
  readonly #child: ChildProcess;
  #output = "";
  #listener: ((message: FloorMessage) => void) | undefined;

  private constructor(child: ChildProcess) {
    this.#child = child;
    const keep = (chunk: Buffer) => {
      this.#output = (this.#output + chunk.toString("utf8")).slice(-20_000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.on("message", (message: FloorMessage) => this.#listener?.(message));
  }

  /**
   * `env`: the RGS's store settings (DATA_DIR, or DATABASE_URL and SECRET_KEY). `profileDir`: the worker
   * runs under `node --cpu-prof` and writes its profile there when it stops.
   */
  static async start(env: NodeJS.ProcessEnv, profileDir?: string): Promise<StoreFloorWorker> {
    const child = fork(ENTRY, [], {
      env,
      execArgv: [
        "--import",
        "tsx",
        ...(profileDir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]),
      ],
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    const worker = new StoreFloorWorker(child);
    await worker.#next((message) => "ready" in message, READY_TIMEOUT_MS);
    return worker;
  }

  get pid(): number {
    const pid = this.#child.pid;
    if (pid === undefined) throw new Error("the store floor's process has no pid");
    return pid;
  }

  /** Runs `run` in the worker; `window` is told when its measured time starts and ends. */
  async measure(run: FloorRun, window: { start(): void; end(): void }): Promise<Measurement> {
    let ended = false;
    const done = this.#next(
      (message) => {
        if ("window" in message && message.window === "start") window.start();
        else if ("window" in message && !ended) {
          ended = true;
          window.end();
        }
        return "result" in message;
      },
      (run.warmupSeconds + run.seconds) * 1000 + READY_TIMEOUT_MS,
    );
    this.#child.send({ run });
    const message = await done;
    if (!("result" in message)) throw new Error("the store floor's process sent no result");
    window.end();
    return message.result;
  }

  /** Closes the store and lets the process exit (writing its CPU profile when it has one). */
  async stop(): Promise<void> {
    if (this.#child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.#child.once("exit", resolve));
    this.#child.send({ stop: true });
    const timer = setTimeout(() => this.#child.kill("SIGKILL"), 30_000);
    await exited;
    clearTimeout(timer);
  }

  /** Resolves with the first message `until` accepts; rejects on an error, an exit or the timeout. */
  #next(until: (message: FloorMessage) => boolean, timeoutMs: number): Promise<FloorMessage> {
    return new Promise((resolve, reject) => {
      const finish = (error: Error | undefined, message?: FloorMessage) => {
        clearTimeout(timer);
        this.#listener = undefined;
        this.#child.off("exit", onExit);
        if (error) reject(error);
        else resolve(message as FloorMessage);
      };
      const failure = (why: string) => new Error(`store floor: ${why}\n${this.#output}`);
      const onExit = (code: number | null) => finish(failure(`its process exited (${code})`));
      const timer = setTimeout(() => finish(failure(`no answer within ${timeoutMs} ms`)), timeoutMs);
      this.#child.once("exit", onExit);
      this.#listener = (message) => {
        if ("error" in message) finish(failure(message.error));
        else if (until(message)) finish(undefined, message);
      };
    });
  }
}

/** One floor measurement against the budget of the bet it stands for, at the same players. */
export interface FloorBudget {
  name: string;
  store: string;
  players: number;
  /** Bet-equivalents a second, and their write transactions a second. */
  betsPerSecond: number;
  transactionsPerSecond: number;
  /** The floor's process (the embedded store, or the PostgreSQL driver's side) per bet-equivalent. */
  processMs: number;
  /** That over the floor chain server's CPU per request at the same players. */
  versusChain: number | null;
  /** The RGS's target for the bet, in floor chain servers; null where none is stated. */
  rgsLimit: number | null;
  postgresMs: number | null;
  postgresLimitMs: number | null;
  /** The bet itself through the RGS in the same run, when measured: its RGS over the chain server, its PostgreSQL ms. */
  bet: { versusChain: number | null; postgresMs: number | null } | null;
}

/**
 * Each store floor measurement beside the targets of the bet it is the floor of: a floor above its bet's
 * target means no RGS code on that store can meet it, since the bet must write at least those rows.
 */
export function floorBudgets(rows: (CpuFigures & { perSecond: number })[]): FloorBudget[] {
  return rows
    .filter((row) => row.name.startsWith(FLOOR_PREFIX))
    .map((row) => {
      const kind: FloorKind = row.name.includes("demo") ? "demo" : "real";
      const limits = betLimits(BET_OF[kind], row.store, row.players);
      const chain = rows.find((r) => r.name === CHAIN && r.players === row.players);
      const versusChain = (ms: number) => (chain && chain.serverMs > 0 ? ms / chain.serverMs : null);
      const bet = rows.find(
        (r) => r.name === BET_OF[kind] && r.store === row.store && r.players === row.players,
      );
      return {
        name: row.name,
        store: row.store,
        players: row.players,
        betsPerSecond: row.perSecond,
        transactionsPerSecond: row.perSecond * TRANSACTIONS[kind],
        processMs: row.serverMs,
        versusChain: versusChain(row.serverMs),
        rgsLimit: limits?.rgs ?? null,
        postgresMs: row.postgresMs,
        postgresLimitMs: limits?.postgresMs ?? null,
        bet:
          bet === undefined ? null : { versusChain: versusChain(bet.serverMs), postgresMs: bet.postgresMs },
      };
    });
}

const BET_OF: Record<FloorKind, string> = { demo: "demo dice bet", real: "real-money dice bet" };
