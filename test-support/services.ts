import net from "node:net";

/**
 * Suites that need PostgreSQL, Redis or Chromium run when the service is reachable and skip
 * with a clear line otherwise. CI sets RGS_TEST_REQUIRE_SERVICES=1 so a missing service fails
 * the run instead of silently shrinking it.
 */
const REQUIRE = process.env.RGS_TEST_REQUIRE_SERVICES === "1";

export const TEST_DATABASE_URL =
  process.env.RGS_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const TEST_REDIS_URL = process.env.RGS_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

async function available(name: string, url: string, port: number, envName: string): Promise<boolean> {
  if (await reachable(url, port)) return true;
  const message = `${name} is not reachable at ${url}: its suite is SKIPPED (set ${envName} to point at one).`;
  if (REQUIRE) throw new Error(`${message} RGS_TEST_REQUIRE_SERVICES=1 forbids skipping.`);
  console.warn(`\n[skip] ${message}\n`);
  return false;
}

export const postgresAvailable = () =>
  available("PostgreSQL", TEST_DATABASE_URL, 5432, "RGS_TEST_DATABASE_URL");
export const redisAvailable = () => available("Redis", TEST_REDIS_URL, 6379, "RGS_TEST_REDIS_URL");

/** Debian's Chromium (or CHROMIUM_PATH): the browser suite drives it through playwright-core. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function chromiumAvailable(): Promise<boolean> {
  const { access, constants } = await import("node:fs/promises");
  try {
    await access(CHROMIUM_PATH, constants.X_OK);
    return true;
  } catch {
    const message = `Chromium not found at ${CHROMIUM_PATH}: the browser suite is SKIPPED (install it or set CHROMIUM_PATH).`;
    if (REQUIRE) throw new Error(`${message} RGS_TEST_REQUIRE_SERVICES=1 forbids skipping.`);
    console.warn(`\n[skip] ${message}\n`);
    return false;
  }
}

/** A program of the machine answers `args` (exit code 0); otherwise its suite skips, or fails in CI. */
async function programAvailable(
  name: string,
  binary: string,
  args: string[],
  hint: string,
): Promise<boolean> {
  const { spawnSync } = await import("node:child_process");
  if (spawnSync(binary, args, { stdio: "ignore" }).status === 0) return true;
  const message = `${name} (${binary}) is not installed: its suite is SKIPPED (${hint}).`;
  if (REQUIRE) throw new Error(`${message} RGS_TEST_REQUIRE_SERVICES=1 forbids skipping.`);
  console.warn(`\n[skip] ${message}\n`);
  return false;
}

/** HAProxy (Debian's `haproxy`, or HAPROXY_PATH): the cluster suite runs the instances behind it. */
export const haproxyAvailable = () =>
  programAvailable("HAProxy", process.env.HAPROXY_PATH ?? "haproxy", ["-v"], "apt-get install haproxy");

/** redis-server: the cluster suite starts a Redis of its own, to restart it without touching the shared one. */
export const redisServerAvailable = () =>
  programAvailable("redis-server", "redis-server", ["--version"], "apt-get install redis-server");

/** jq and openssl: the suite that follows docs/audit.md's shell steps for an audit export runs them. */
export const auditShellToolsAvailable = async () =>
  (await programAvailable("jq", "jq", ["--version"], "apt-get install jq")) &&
  (await programAvailable("OpenSSL", "openssl", ["version"], "apt-get install openssl"));
