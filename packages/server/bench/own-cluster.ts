/**
 * A PostgreSQL cluster of the benchmark's own: `initdb` in a temporary directory, the server on a free local
 * port with its default durability settings, stopped and removed when the run ends (also on Ctrl-C). Its
 * processes are the postmaster and its children only, so the CPU, statements and WAL the benchmark reads
 * from it are the RGS's and nobody else's. `pg_stat_statements` is preloaded when the installation has it.
 *
 * PostgreSQL refuses to run as root: run as root, the cluster belongs to the `postgres` user and its
 * programs are started through `setpriv` as that user (exec, so the pid is the program's own).
 */
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../test/e2e/support/processes.ts";

export interface OwnCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  /** The postmaster: its process tree is the cluster. */
  pid: number;
  /** Whether `pg_stat_statements` is loaded and its view created in the database of `url`. */
  statStatements: boolean;
  stop(): Promise<void>;
}

/** Why no cluster of its own could be started; the benchmark prints it and skips PostgreSQL. */
export class ClusterUnavailable extends Error {}

const START_TIMEOUT_MS = 30_000;

/** The directory of `initdb` and `postgres`: PG_BIN, then `pg_config --bindir`, then Debian's newest. */
export function findBinDir(): string {
  const candidates = [process.env.PG_BIN];
  try {
    candidates.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim());
  } catch {
    // No pg_config on the path: Debian's layout below.
  }
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = execFileSync("ls", [debian], { encoding: "utf8" }).split("\n").filter(Boolean);
    versions.sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debian, version, "bin")));
  }
  const found = candidates.find((dir) => dir && existsSync(path.join(dir, "initdb")));
  if (found === undefined) {
    throw new ClusterUnavailable("no initdb found (set PG_BIN to the directory of initdb and postgres)");
  }
  return found;
}

/** As root, the uid and gid of the `postgres` user to run the cluster as; otherwise undefined. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    throw new ClusterUnavailable("running as root and no postgres user to run the cluster as");
  }
}

function command(user: { uid: number; gid: number } | undefined, program: string, args: string[]) {
  return user === undefined
    ? { file: program, args }
    : {
        file: "setpriv",
        args: [`--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups", "--", program, ...args],
      };
}

async function waitForServer(url: string, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      const why = exited();
      if (why !== undefined) throw new ClusterUnavailable(why);
      if (Date.now() > deadline) throw new ClusterUnavailable(`the server did not answer: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function startOwnCluster(): Promise<OwnCluster> {
  const bin = findBinDir();
  const user = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), "rgs-bench-cluster-"));
  const data = path.join(dir, "data");
  const remove = () => rmSync(dir, { recursive: true, force: true });
  if (user !== undefined) chownSync(dir, user.uid, user.gid);
  try {
    const init = command(user, path.join(bin, "initdb"), [
      "-D",
      data,
      "-U",
      "postgres",
      "--auth=trust",
      "-E",
      "UTF8",
      "--no-sync",
    ]);
    execFileSync(init.file, init.args, { stdio: "pipe" });
  } catch (error) {
    remove();
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new ClusterUnavailable(`initdb failed: ${stderr || String(error)}`);
  }
  const port = await freePort();
  const libDir = execFileSync(path.join(bin, "pg_config"), ["--pkglibdir"], { encoding: "utf8" }).trim();
  const statStatements = existsSync(path.join(libDir, "pg_stat_statements.so"));
  const server = command(user, path.join(bin, "postgres"), [
    "-D",
    data,
    "-p",
    String(port),
    "-k",
    dir,
    "-c",
    "listen_addresses=127.0.0.1",
    ...(statStatements ? ["-c", "shared_preload_libraries=pg_stat_statements"] : []),
  ]);
  const child = spawn(server.file, server.args, { stdio: ["ignore", "ignore", "pipe"], detached: true });
  let log = "";
  let exit: string | undefined;
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  child.on("exit", (code, signal) => {
    exit = `the server exited (${signal ?? code}): ${log.trim()}`;
  });
  // Whatever ends the run, the cluster goes with it: Ctrl-C stops it and exits; a crash still kills it.
  const killNow = () => {
    if (exit === undefined) child.kill("SIGKILL");
    remove();
  };
  const interrupted = () => {
    killNow();
    process.exit(130);
  };
  process.once("exit", killNow);
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    process.off("exit", killNow);
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    if (exit === undefined) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGINT"); // fast shutdown
      await exited;
    }
    remove();
  };
  try {
    await waitForServer(url, () => exit);
    if (statStatements) await createExtension(url);
  } catch (error) {
    await stop();
    throw error;
  }
  const pid = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  return { url, pid, statStatements, stop };
}

async function createExtension(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("create extension if not exists pg_stat_statements");
  } finally {
    await client.end();
  }
}
