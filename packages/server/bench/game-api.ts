/**
 * Dice bets per second and their latency through the game API over HTTP, from one run on one machine:
 *
 *   - a bare JSON route of the same HTTP framework (Fastify), in a process of its own: the floor;
 *   - a debit and a credit signed and sent straight to the reference wallet, with no RGS and no RGS store:
 *     the floor of a real-money bet;
 *   - demo bets (virtual balance) and real-money bets (against the reference wallet in a separate process)
 *     through the RGS on its embedded store, then on PostgreSQL when it is reachable.
 *
 * Each measurement is a closed loop of N clients (one player and session each) for a fixed time after a
 * warm-up; it prints a table with the ratios, or JSON with --json.
 *
 *   npm run bench [-- --seconds 10 --warmup 2 --concurrency 8 --json]
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";
import { signedHeaders } from "@rgs/protocol/signing";
import { postgresAvailable } from "../../../test-support/services.ts";
import { Environment, type Session, type StoreKind } from "../test/e2e/support/environment.ts";
import { Child, freePort } from "../test/e2e/support/processes.ts";
import { type Measurement, measure, type Operation, request } from "./load.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    concurrency: { type: "string", default: "8" },
    json: { type: "boolean", default: false },
    "no-postgres": { type: "boolean", default: false },
  },
});

function positive(name: string, value: string | undefined): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    process.stderr.write(`--${name} must be a positive number, got ${value}\n`);
    process.exit(2);
  }
  return parsed;
}

const SECONDS = positive("seconds", values.seconds);
const WARMUP = positive("warmup", values.warmup);
const CONCURRENCY = Math.round(positive("concurrency", values.concurrency));
const DICE = { amount: "1.00", params: { condition: "over", target: "50.50" } };

/** The RGS with the production defaults for callbacks and the outbox; quiet logs; no rate limit in the way. */
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

const log = (line: string) => {
  if (!values.json) process.stderr.write(`${line}\n`);
};

function run(name: string, store: string, clients: Operation[]): Promise<Measurement> {
  log(`measuring: ${name} (${store})...`);
  return measure({ name, store, seconds: SECONDS, warmupSeconds: WARMUP, clients });
}

async function bareRoute(): Promise<Measurement> {
  const port = await freePort();
  const server = await Child.start({
    name: "the bare Fastify server",
    entry: "packages/server/bench/hello-server.ts",
    env: { ...process.env, PORT: String(port) },
    ready: /listening/,
  });
  try {
    const url = `http://127.0.0.1:${port}/hello`;
    const hello: Operation = async () => {
      const answer = await request(url, { method: "POST", body: "{}" });
      if (answer.status !== 200) throw new Error(`hello: ${answer.status} ${answer.body}`);
    };
    return await run(
      "bare Fastify route",
      "none",
      Array.from({ length: CONCURRENCY }, () => hello),
    );
  } finally {
    await server.stop();
  }
}

/** A signed callback straight to the wallet; throws unless it is answered 200 OK. */
async function callback(env: Environment, name: "debit" | "credit", body: Record<string, unknown>) {
  const text = JSON.stringify(body);
  const url = new URL(`${env.callbackBaseUrl}/callback/${name}`);
  const answer = await request(url.toString(), {
    method: "POST",
    body: text,
    headers: signedHeaders({
      operatorId: env.operatorId,
      secret: env.secret,
      path: url.pathname,
      body: text,
      nowSeconds: Date.now() / 1000,
    }),
  });
  if (answer.status !== 200 || !answer.body.includes('"status":"OK"')) {
    throw new Error(`${name}: ${answer.status} ${answer.body}`);
  }
}

async function walletChain(env: Environment): Promise<Measurement> {
  const clients = await Promise.all(
    Array.from({ length: CONCURRENCY }, async (): Promise<Operation> => {
      const playerId = await env.newPlayer("10000000.00");
      return async () => {
        const roundId = randomUUID();
        await callback(env, "debit", {
          requestId: randomUUID(),
          playerId,
          transactionId: randomUUID(),
          roundId,
          gameCode: "dice-alpha",
          amount: "1.00",
        });
        await callback(env, "credit", {
          requestId: randomUUID(),
          playerId,
          transactionId: randomUUID(),
          roundId,
          roundClosed: true,
          gameId: "dice-alpha",
          amount: "0.99",
        });
      };
    }),
  );
  return run("wallet debit + credit, no RGS", "wallet on PGlite", clients);
}

function diceBet(env: Environment, session: Session): Operation {
  const url = `${env.baseUrl}/game/play`;
  const body = JSON.stringify(DICE);
  const headers = { authorization: `Bearer ${session.token}` };
  return async () => {
    const answer = await request(url, { method: "POST", body, headers });
    if (answer.status !== 200) throw new Error(`play: ${answer.status} ${answer.body}`);
  };
}

async function gameApi(env: Environment, store: StoreKind): Promise<Measurement[]> {
  const label = store === "pglite" ? "embedded (PGlite)" : "PostgreSQL";
  const demo = await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, index) =>
      diceBet(env, await env.launch(`bench-demo-${index}`, "dice-alpha", { demo: true })),
    ),
  );
  const demoResult = await run("demo dice bet", label, demo);
  const real: Operation[] = [];
  for (let index = 0; index < CONCURRENCY; index++) {
    real.push(diceBet(env, await env.launch(await env.newPlayer("10000000.00"), "dice-alpha")));
  }
  const realResult = await run("real-money dice bet", label, real);
  return [demoResult, realResult];
}

async function withEnvironment<T>(store: StoreKind, work: (env: Environment) => Promise<T>): Promise<T> {
  log(`starting the RGS on ${store} and the reference wallet...`);
  const env = await Environment.start({ store, rgsEnv: RGS_SETTINGS });
  try {
    return await work(env);
  } finally {
    await env.close();
  }
}

function ratio(a: Measurement | undefined, b: Measurement | undefined): number | null {
  return a && b && b.perSecond > 0 ? a.perSecond / b.perSecond : null;
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "-");

function table(results: Measurement[]): string {
  const header = "| Measurement | Store | Ops/s | p50 ms | p99 ms | Errors |";
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.store} | ${fixed(r.perSecond)} | ${fixed(r.p50Ms, 2)} | ${fixed(r.p99Ms, 2)} | ${r.errors} |`,
  );
  return [header, "|---|---|---:|---:|---:|---:|", ...rows].join("\n");
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const results: Measurement[] = [await bareRoute()];
  const stores: StoreKind[] = ["pglite"];
  if (!values["no-postgres"] && (await postgresAvailable())) stores.push("postgres");
  for (const store of stores) {
    await withEnvironment(store, async (env) => {
      if (store === "pglite") results.push(await walletChain(env));
      results.push(...(await gameApi(env, store)));
    });
  }
  const find = (name: string, store?: string) =>
    results.find((r) => r.name === name && (store === undefined || r.store.startsWith(store)));
  const bare = find("bare Fastify route");
  const chain = find("wallet debit + credit, no RGS");
  const ratios = stores.flatMap((store) => {
    const label = store === "pglite" ? "embedded" : "PostgreSQL";
    const demo = find("demo dice bet", label);
    const real = find("real-money dice bet", label);
    return [
      { name: `demo bet / bare route (${label})`, value: ratio(demo, bare) },
      { name: `real-money bet / bare route (${label})`, value: ratio(real, bare) },
      { name: `real-money bet / wallet chain (${label})`, value: ratio(real, chain) },
      { name: `real-money bet / demo bet (${label})`, value: ratio(real, demo) },
    ];
  });
  const machine = {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
  };
  const settings = { seconds: SECONDS, warmupSeconds: WARMUP, concurrency: CONCURRENCY };
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ machine, settings, results, ratios }, null, 2)}\n`);
    return;
  }
  process.stdout.write(
    [
      `Game API benchmark: ${SECONDS} s per measurement after ${WARMUP} s of warm-up, ${CONCURRENCY} clients in a closed loop.`,
      `Node ${machine.node}, ${machine.platform}, ${machine.cpus} x ${machine.cpuModel}, ${machine.memoryGb} GB; load average before the run ${machine.loadAverageBefore.join(" / ")}.`,
      "",
      table(results),
      "",
      "| Ratio | Value |",
      "|---|---:|",
      ...ratios.map((r) => `| ${r.name} | ${r.value === null ? "-" : fixed(r.value, 3)} |`),
      "",
      ...results
        .filter((r) => r.firstError)
        .map((r) => `${r.name} (${r.store}): first error: ${r.firstError}`),
    ].join("\n"),
  );
  process.stdout.write("\n");
}

await main();
