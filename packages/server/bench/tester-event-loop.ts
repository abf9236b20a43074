/**
 * What a tester run costs the server's event loop: the delay of this process's event loop
 * (`perf_hooks.monitorEventLoopDelay`) idle, while tester runs go on in this thread (as they did before
 * runs moved to worker threads), and while the same runs go on in worker threads (tester-thread.ts, as the
 * RGS runs them now). The reference wallet runs in a child process, so its work is not counted here. Two
 * runs at once throughout a phase (the per-process cap), each on test players of its own.
 *
 *   npx tsx packages/server/bench/tester-event-loop.ts [--seconds 20] [--json]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type RunReport, runTester, type TesterConfig } from "@rgs/tester";
import { systemClock, systemTimers } from "../src/clock.ts";
import { type TesterRun, TesterThreads } from "../src/operators/tester-thread.ts";

const SECRET = "tester-event-loop-bench-secret";
const LANES = 2;

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "20" }, json: { type: "boolean", default: false } },
});
const seconds = Number(values.seconds);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

async function startWallet(port: number): Promise<ChildProcess> {
  const players = Array.from({ length: LANES }, (_, lane) => `p${lane}a:USD:1000.00,p${lane}b:USD:300.00`);
  const child = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(new URL("../../reference-wallet/src/main.ts", import.meta.url))],
    {
      env: {
        ...process.env,
        WALLET_SECRET: SECRET,
        WALLET_PORT: String(port),
        WALLET_BASE_PATH: "/wallet/v2",
        WALLET_PLAYERS: players.join(","),
        WALLET_LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  for (let tries = 0; tries < 600; tries++) {
    const up = await fetch(`http://127.0.0.1:${port}/admin/players/p0a`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("the reference wallet did not start");
}

interface Phase {
  phase: string;
  runs: number;
  passed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Share of the phase this thread's event loop spent working rather than waiting. */
  utilization: number;
  /** Mean size of a run's JSON report, in kB: what the server thread receives and stores. */
  reportKb: number;
}

/** Event-loop delay over `seconds`, with `lanes` tester runs kept going back to back (none when idle). */
async function measure(phase: string, run: TesterRun | undefined, walletUrl: string): Promise<Phase> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const until = Date.now() + seconds * 1000;
  const reports: RunReport[] = [];
  histogram.enable();
  const loopBefore = performance.eventLoopUtilization();
  if (run === undefined) {
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  } else {
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        const config: TesterConfig = {
          walletUrl,
          secret: SECRET,
          playerId: `p${lane}a`,
          secondPlayerId: `p${lane}b`,
          currency: "USD",
          timeoutMs: 5_000,
          latencyThresholdMs: 1_000,
          only: [],
        };
        while (Date.now() < until) {
          reports.push(
            await run(config, { clock: systemClock, guarded: false, resolveHost: async () => [] }),
          );
        }
      }),
    );
  }
  histogram.disable();
  const { utilization } = performance.eventLoopUtilization(loopBefore);
  const bytes = reports.reduce((sum, report) => sum + JSON.stringify(report).length, 0);
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  return {
    phase,
    runs: reports.length,
    passed: reports.filter((report) => report.passed).length,
    p50Ms: ms(histogram.percentile(50)),
    p99Ms: ms(histogram.percentile(99)),
    maxMs: ms(histogram.max),
    utilization: Math.round(utilization * 1000) / 1000,
    reportKb: reports.length === 0 ? 0 : Math.round(bytes / reports.length / 1024),
  };
}

const port = await freePort();
const wallet = await startWallet(port);
const walletUrl = `http://127.0.0.1:${port}/wallet/v2`;
const threads = new TesterThreads({ timers: systemTimers });
const inProcess: TesterRun = (config, context) =>
  runTester(config, { now: () => context.clock.now() / 1000 });
try {
  const phases = [
    await measure("idle", undefined, walletUrl),
    await measure("tester in this thread (before)", inProcess, walletUrl),
    await measure("tester in worker threads (now)", threads.run, walletUrl),
    await measure("idle again", undefined, walletUrl),
  ];
  if (values.json) {
    process.stdout.write(`${JSON.stringify(phases, null, 2)}\n`);
  } else {
    process.stdout.write(`event-loop delay of this process, ${seconds} s per phase, ${LANES} runs at once\n`);
    process.stdout.write(
      "phase                              runs  passed  p50 ms  p99 ms  max ms  loop busy  report kB\n",
    );
    for (const p of phases) {
      process.stdout.write(
        `${p.phase.padEnd(34)} ${String(p.runs).padStart(4)}  ${String(p.passed).padStart(6)}  ${p.p50Ms.toFixed(1).padStart(6)}  ${p.p99Ms.toFixed(1).padStart(6)}  ${p.maxMs.toFixed(1).padStart(6)}  ${`${(p.utilization * 100).toFixed(1)} %`.padStart(9)}  ${String(p.reportKb).padStart(9)}\n`,
      );
    }
  }
} finally {
  await threads.close();
  wallet.kill();
}
