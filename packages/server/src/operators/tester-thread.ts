import { Worker } from "node:worker_threads";
import type { RunReport, TesterConfig } from "@rgs/tester";
import type { Clock, Timers } from "../clock.ts";
import type { HostResolver } from "../wallet/private-network.ts";
import { OperatorError } from "./operator-error.ts";

/** What a tester run is given besides its configuration. */
export interface TesterRunContext {
  /** The RGS's clock: callbacks are signed with its time, as the real ones are. */
  clock: Clock;
  /** Connect to public addresses only (production, unless the operator is allowed a private network). */
  guarded: boolean;
  /** How host names are resolved where private addresses are refused. */
  resolveHost: HostResolver;
}

export type TesterRun = (config: TesterConfig, context: TesterRunContext) => Promise<RunReport>;

/** What the thread starts from: plain data, as a worker is given. */
export interface TesterThreadInput {
  config: TesterConfig;
  /** The RGS clock's distance from this host's, in milliseconds. */
  clockOffsetMs: number;
  guarded: boolean;
}

export type FromThread =
  | { kind: "resolve"; id: number; hostname: string }
  | { kind: "done"; report: RunReport };

export type ToThread =
  | { id: number; addresses: string[]; error?: undefined }
  | { id: number; addresses?: undefined; error: { message: string; code?: string } };

/** Time a whole run may take by default: every check's callbacks timing out still ends well within it. */
export const TESTER_RUN_TIMEOUT_MS = 15 * 60_000;

const ENTRY = new URL("./tester-thread-entry.mjs", import.meta.url);

/**
 * Runs the integration tester in worker threads, so a run against an operator's wallet never takes time
 * from the event loop that answers bets: this one only relays host-name lookups and awaits the report. A
 * thread that crashes, exits or outlives the run timeout ends its run refused with a coded error; `close`
 * stops every thread still running (at shutdown).
 */
export class TesterThreads {
  readonly #timers: Timers;
  readonly #runTimeoutMs: number;
  readonly #entry: URL;
  /** Each running thread, with how to end its run when the server stops. */
  readonly #live = new Map<Worker, (error: OperatorError) => void>();

  constructor(deps: { timers: Timers; runTimeoutMs?: number; entry?: URL }) {
    this.#timers = deps.timers;
    this.#runTimeoutMs = deps.runTimeoutMs ?? TESTER_RUN_TIMEOUT_MS;
    this.#entry = deps.entry ?? ENTRY;
  }

  readonly run: TesterRun = (config, context) =>
    new Promise<RunReport>((resolve, reject) => {
      const input: TesterThreadInput = {
        config,
        clockOffsetMs: context.clock.now() - Date.now(),
        guarded: context.guarded,
      };
      const worker = new Worker(this.#entry, { workerData: input, execArgv: [] });
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        cancelTimeout();
        this.#live.delete(worker);
        void worker.terminate();
        outcome();
      };
      const fail = (error: OperatorError) => finish(() => reject(error));
      const cancelTimeout = this.#timers.after(this.#runTimeoutMs, () =>
        fail(
          new OperatorError(
            "tester_timed_out",
            `The tester run took longer than ${this.#runTimeoutMs / 1000} s and was stopped; no result is recorded.`,
          ),
        ),
      );
      this.#live.set(worker, fail);

      worker.on("message", (message: FromThread) => {
        if (message.kind === "done") finish(() => resolve(message.report));
        else relayLookup(worker, message.id, message.hostname, context.resolveHost);
      });
      worker.on("error", (error) =>
        fail(stopped(`it failed: ${error instanceof Error ? error.message : String(error)}`)),
      );
      worker.on("exit", (code) => fail(stopped(`its thread exited with code ${code}`)));
    });

  /** Stops every running thread; their runs end refused, with nothing recorded. */
  async close(): Promise<void> {
    const live = [...this.#live];
    for (const [, fail] of live) fail(stopped("the server is shutting down"));
    await Promise.all(live.map(([worker]) => worker.terminate()));
  }
}

function relayLookup(worker: Worker, id: number, hostname: string, resolveHost: HostResolver): void {
  resolveHost(hostname).then(
    (addresses) => worker.postMessage({ id, addresses } satisfies ToThread),
    (error: Error & { code?: string }) =>
      worker.postMessage({
        id,
        error: { message: error.message, ...(error.code !== undefined && { code: error.code }) },
      } satisfies ToThread),
  );
}

function stopped(why: string): OperatorError {
  return new OperatorError(
    "tester_stopped",
    `The tester run stopped before its report because ${why}; no result is recorded. Run it again.`,
  );
}
