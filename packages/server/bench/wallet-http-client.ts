/**
 * The wallet HTTP client, measured: the undici transport the RGS uses against the hand-written node:http
 * one it replaced, in one run.
 * Each sends signed debits through the RGS's wallet client (body built, signed, sent, answer read) to a
 * minimal in-memory wallet in its own process, which checks the signature and answers OK. A closed loop
 * of N callers (each sends, waits for the answer, sends again); the transports take turns in short
 * segments after a warm-up, so a drift of the machine touches both alike.
 *
 *   npx tsx packages/server/bench/wallet-http-client.ts [--seconds 12 --segments 4 --concurrency 8 --json]
 */
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { signRequest } from "@rgs/protocol/signing";
import { createHttpTransport, type WalletTransport } from "../src/wallet/http-transport.ts";
import { createWalletClient, type WalletClient } from "../src/wallet/wallet-client.ts";
import { createNodeHttpTransport } from "./node-http-transport.ts";

const SECRET = "wallet-http-client-bench-secret";
const BASE_PATH = "/wallet/v2";

/** The wallet: verifies the signature over the raw body and answers OK with a fixed balance. */
function serveWallet(): void {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const timestamp = String(req.headers["x-timestamp"] ?? "");
      const expected = signRequest(SECRET, timestamp, req.url ?? "", body);
      const signed = req.headers["x-hmac-sha256"] === expected;
      const { requestId } = JSON.parse(body) as { requestId: string };
      const answer = signed
        ? { requestId, status: "OK", balance: "100.00" }
        : { requestId, status: "ERROR_INVALID_SIGNATURE" };
      res.writeHead(signed ? 200 : 401, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    });
  });
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.send?.({ port: typeof address === "object" && address !== null ? address.port : 0 });
  });
  process.on("disconnect", () => server.close(() => process.exit(0)));
}

interface Totals {
  completed: number;
  failed: number;
  busyMs: number;
  /** CPU time of this process (the RGS side) while the transport ran, user + system. */
  cpuMicros: number;
  latencies: number[];
  firstError?: string;
}

/** N callers in a closed loop for `ms`; latencies only for completed debits. */
async function run(client: WalletClient, concurrency: number, ms: number, totals: Totals): Promise<void> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const until = started + ms;
  const caller = async (): Promise<void> => {
    while (performance.now() < until) {
      const begin = performance.now();
      const { answer } = await client.debit({
        requestId: randomUUID(),
        playerId: "player-42",
        transactionId: randomUUID(),
        roundId: randomUUID(),
        gameCode: "dice-alpha",
        amount: 100n,
        decimals: 2,
      });
      if (answer.outcome === "ok") {
        totals.completed += 1;
        totals.latencies.push(performance.now() - begin);
      } else {
        totals.failed += 1;
        totals.firstError ??= JSON.stringify(answer);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  totals.busyMs += performance.now() - started;
  const used = process.cpuUsage(cpu);
  totals.cpuMicros += used.user + used.system;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Result {
  transport: string;
  completed: number;
  failed: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU microseconds the RGS side spent per completed debit. */
  cpuMicrosPerCall: number;
  firstError?: string;
}

function summarise(transport: string, totals: Totals): Result {
  const sorted = [...totals.latencies].sort((a, b) => a - b);
  const result: Result = {
    transport,
    completed: totals.completed,
    failed: totals.failed,
    perSecond: Math.round((totals.completed / totals.busyMs) * 1000),
    p50Ms: Math.round(percentile(sorted, 50) * 100) / 100,
    p99Ms: Math.round(percentile(sorted, 99) * 100) / 100,
    cpuMicrosPerCall: Math.round(totals.cpuMicros / Math.max(1, totals.completed)),
  };
  if (totals.firstError !== undefined) result.firstError = totals.firstError;
  return result;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: "string", default: "12" },
      segments: { type: "string", default: "4" },
      warmup: { type: "string", default: "1" },
      concurrency: { type: "string", default: "8" },
      json: { type: "boolean", default: false },
    },
  });
  const seconds = Number(values.seconds);
  const segments = Number(values.segments);
  const concurrency = Number(values.concurrency);
  const warmupMs = Number(values.warmup) * 1000;

  const wallet = fork(fileURLToPath(import.meta.url), ["--serve-wallet"], { stdio: "inherit" });
  const port = await new Promise<number>((resolve, reject) => {
    wallet.once("message", (message: { port: number }) => resolve(message.port));
    wallet.once("exit", (code) => reject(new Error(`the wallet exited with ${code}`)));
  });

  const transports: [string, WalletTransport][] = [
    ["node:http", createNodeHttpTransport()],
    ["undici", createHttpTransport()],
  ];
  const clients = transports.map(
    ([name, transport]) =>
      [
        name,
        createWalletClient({
          operatorId: "8a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
          callbackBaseUrl: `http://127.0.0.1:${port}${BASE_PATH}`,
          callbackSecret: () => SECRET,
          transport,
        }),
      ] as const,
  );
  const totals = new Map(
    clients.map(([name]) => [name, { completed: 0, failed: 0, busyMs: 0, cpuMicros: 0, latencies: [] }]),
  );
  try {
    for (const [, client] of clients)
      await run(client, concurrency, warmupMs, {
        completed: 0,
        failed: 0,
        busyMs: 0,
        cpuMicros: 0,
        latencies: [],
      });
    const segmentMs = (seconds * 1000) / segments;
    for (let segment = 0; segment < segments; segment++) {
      // Alternate which transport goes first, so neither always follows the other.
      const order = segment % 2 === 0 ? clients : [...clients].reverse();
      for (const [name, client] of order)
        await run(client, concurrency, segmentMs, totals.get(name) as Totals);
    }
  } finally {
    for (const [, transport] of transports) transport.close();
    wallet.disconnect();
  }

  const results = clients.map(([name]) => summarise(name, totals.get(name) as Totals));
  const [nodeHttp, undici] = results as [Result, Result];
  const ratio = {
    perSecond: Math.round((undici.perSecond / nodeHttp.perSecond) * 100) / 100,
    p50: Math.round((undici.p50Ms / nodeHttp.p50Ms) * 100) / 100,
    p99: Math.round((undici.p99Ms / nodeHttp.p99Ms) * 100) / 100,
  };
  if (values.json) {
    console.log(
      JSON.stringify({ seconds, segments, concurrency, results, undiciOverNodeHttp: ratio }, null, 2),
    );
    return;
  }
  console.log(
    `signed debits to an in-memory wallet, ${concurrency} callers, ${seconds} s per transport in ${segments} segments`,
  );
  console.log("transport   ops/s    p50 ms   p99 ms   CPU µs/call   failed");
  for (const r of results) {
    console.log(
      `${r.transport.padEnd(10)} ${String(r.perSecond).padStart(6)} ${r.p50Ms.toFixed(2).padStart(8)} ${r.p99Ms.toFixed(2).padStart(8)} ${String(r.cpuMicrosPerCall).padStart(13)} ${String(r.failed).padStart(8)}`,
    );
    if (r.firstError !== undefined) console.log(`  first failure: ${r.firstError}`);
  }
  console.log(`undici / node:http: ops/s x${ratio.perSecond}, p50 x${ratio.p50}, p99 x${ratio.p99}`);
}

if (process.argv.includes("--serve-wallet")) {
  serveWallet();
} else {
  await main();
}
