/**
 * `npm run cluster -- [--instances 3] [--port 8080] [--database-url URL] [--redis-url URL]`: the reference
 * deployment on one machine, without containers. N RGS processes share one PostgreSQL and one Redis behind
 * HAProxy (ops/haproxy/haproxy.cfg). Ctrl-C stops everything; `r` + Enter, or SIGHUP, replaces every
 * instance in turn (a rolling restart).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { Cluster } from "./cluster/cluster.ts";
import { parseOptionsOrExit } from "./parse-options.ts";

const DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/test";
const DEFAULT_SCHEMA = "rgs_cluster";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

/** The default database gets a schema of its own, so the cluster never mixes with other data there. */
async function databaseUrl(given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  const client = new pg.Client({ connectionString: DEFAULT_DATABASE });
  await client.connect();
  await client.query(`create schema if not exists ${DEFAULT_SCHEMA}`);
  await client.end();
  const url = new URL(DEFAULT_DATABASE);
  url.searchParams.set("options", `-c search_path=${DEFAULT_SCHEMA}`);
  return url.toString();
}

/** SECRET_KEY, or one kept in the run directory so operators created on an earlier run stay readable. */
function secretKey(runDir: string): string {
  if (process.env.SECRET_KEY) return process.env.SECRET_KEY;
  const file = path.join(runDir, "secret.key");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/** The balancer's state changes, and of the instances their start, stop and warnings (not each request). */
const SHOWN = /listening on|received|shut|drain|"level":(40|50|60)/;

async function main(): Promise<void> {
  const values = parseOptionsOrExit(
    {
      instances: { type: "string", default: "3" },
      port: { type: "string", default: "8080" },
      "database-url": { type: "string" },
      "redis-url": { type: "string" },
      "run-dir": { type: "string", default: "data/cluster" },
    },
    "Usage: npm run cluster [-- --instances 3 --port 8080 --database-url URL --redis-url URL --run-dir DIR]",
  );
  const instances = Number(values.instances);
  const port = Number(values.port);
  if (!Number.isInteger(instances) || instances < 1 || instances > 32) fail("--instances: 1 to 32");
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail("--port: a TCP port (0 picks a free one)");
  const runDir = path.resolve(values["run-dir"]);
  mkdirSync(runDir, { recursive: true });
  const database = await databaseUrl(values["database-url"] ?? process.env.DATABASE_URL);
  const redis = values["redis-url"] ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const key = secretKey(runDir);

  const say = (line: string): void => {
    process.stdout.write(`${line}\n`);
  };
  say(`Starting ${instances} RGS instances and HAProxy (run directory ${runDir})...`);
  const cluster = await Cluster.start({
    instances,
    port,
    databaseUrl: database,
    redisUrl: redis,
    secretKey: key,
    runDir,
    onLine: (name, line) => {
      // HAProxy prints a state change twice: to its log (stdout) and as a [WARNING] (stderr).
      const shown = name === "haproxy" ? !/^\[(WARNING|NOTICE)\]/.test(line) : SHOWN.test(line);
      if (shown) say(`[${name}] ${line}`);
    },
  });

  // The first instance's banner, with its own address replaced by the balancer's.
  const banner = cluster.output(0);
  const first = `http://127.0.0.1:${cluster.ports[0]}`;
  const sandbox = banner.indexOf("Sandbox operator");
  const addresses = cluster.ports.map((p) => `127.0.0.1:${p}`).join(", ");
  say("");
  say(`Balancer:  ${cluster.balancerUrl}  (instances ${addresses})`);
  say(`Lobby:     ${cluster.balancerUrl}/lobby (staging demo games)`);
  if (sandbox >= 0) {
    const lines = banner.slice(sandbox).split("\n");
    const end = lines.findIndex((line) => line.startsWith("{"));
    say(
      lines
        .slice(0, end < 0 ? undefined : end)
        .join("\n")
        .replaceAll(first, cluster.balancerUrl)
        .trimEnd(),
    );
  }
  say("");
  say("The onboarding CLI on this cluster's store (operators, packs, a real-money operator's callback URL):");
  say(
    `  DATABASE_URL='${database}' SECRET_KEY="$(cat ${path.join(runDir, "secret.key")})" npm run rgs -- help`,
  );
  say(`Rolling restart: type r and Enter, or kill -HUP ${process.pid}. Stop: Ctrl-C.`);

  let busy: Promise<void> | undefined;
  const rollingRestart = (): void => {
    if (busy) {
      say("A rolling restart is already running.");
      return;
    }
    const started = Date.now();
    busy = cluster
      .rollingRestart((message) => say(`[rolling restart] ${message}`))
      .then(
        () => say(`[rolling restart] done in ${((Date.now() - started) / 1000).toFixed(1)} s`),
        (error: Error) => say(`[rolling restart] failed: ${error.message}`),
      )
      .finally(() => {
        busy = undefined;
      });
  };
  process.on("SIGHUP", rollingRestart);
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (input: string) => {
    if (input.trim() === "r") rollingRestart();
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    say("Stopping the balancer and the instances...");
    await busy;
    await cluster.stop();
    say("Stopped.");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The cluster failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
