/**
 * CPU time of the processes a measurement involves, read from /proc over the measured window only: the load
 * generator (this process), the server under test, the wallet and the benchmark's own PostgreSQL cluster. The load generator, the servers
 * and the database share the machine's CPUs, so what each spends per operation bounds what the machine
 * could do were it spent on the server alone.
 *
 * A process's time is utime + stime + cutime + cstime: a child that exits during the window (a PostgreSQL
 * backend, a short-lived helper) has its time added to its parent's cutime/cstime when it is reaped, so
 * summing over a set of processes closed under their children counts it once.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";

export interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime, in clock ticks. */
  ticks: number;
  /** Since boot, in clock ticks: tells the newest of several candidates. */
  startTicks: number;
}

/** Parses /proc/<pid>/stat. The command name (field 2) is in parentheses and may itself hold spaces or ")". */
export function parseProcStat(text: string): ProcStat | undefined {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return undefined;
  const pid = Number(text.slice(0, open).trim());
  // From field 3 (state) on: index i is field i + 3.
  const fields = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const field = (n: number) => Number(fields[n - 3]);
  const ticks = field(14) + field(15) + field(16) + field(17);
  if (!Number.isInteger(pid) || !Number.isFinite(ticks)) return undefined;
  return { pid, ppid: field(4), ticks, startTicks: field(22) };
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function allPids(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

function allStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const pid of allPids()) {
    const stat = read(`/proc/${pid}/stat`);
    const parsed = stat === undefined ? undefined : parseProcStat(stat);
    if (parsed) stats.push(parsed);
  }
  return stats;
}

let clockTicks: number | undefined;
/** Clock ticks a second (`getconf CLK_TCK`; 100 on every Linux the benchmark has met). */
export function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/**
 * The pid of this process's newest child whose command line holds `entry` (the children run
 * `node --import tsx <entry>` directly, with no shell between).
 */
export function childPid(entry: string): number {
  const children = allStats()
    .filter((s) => s.ppid === process.pid && (read(`/proc/${s.pid}/cmdline`) ?? "").includes(entry))
    .sort((a, b) => b.startTicks - a.startTicks);
  const newest = children[0];
  if (newest === undefined) throw new Error(`no child process running ${entry}`);
  return newest.pid;
}

/** Ticks of a process and every process below it. */
function treeTicks(stats: ProcStat[], root: number): number {
  const below = new Map<number, ProcStat[]>();
  for (const s of stats) below.set(s.ppid, [...(below.get(s.ppid) ?? []), s]);
  let total = 0;
  const pending = stats.filter((s) => s.pid === root);
  for (let s = pending.pop(); s !== undefined; s = pending.pop()) {
    total += s.ticks;
    pending.push(...(below.get(s.pid) ?? []));
  }
  return total;
}

/** Busy ticks of the whole machine (every process, this benchmark's and anyone else's), from /proc/stat. */
function machineBusyTicks(): number {
  const line = (read("/proc/stat") ?? "").split("\n")[0] ?? "";
  // cpu user nice system idle iowait irq softirq steal (guest time is already in user and nice)
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return [user, nice, system, irq, softirq, steal].reduce<number>((a, b) => a + (b ?? 0), 0);
}

export interface CpuRoles {
  /** The server under test (and any process below it). */
  server: number;
  wallet?: number;
  /** The postmaster of the benchmark's own cluster: it and its children, background ones included. */
  postgres?: number;
}

interface Sample {
  atMs: number;
  loadGeneratorUs: number;
  server: number;
  wallet: number;
  postgres: number;
  machine: number;
}

function sample(roles: CpuRoles): Sample {
  const stats = allStats();
  const own = process.cpuUsage();
  return {
    atMs: performance.now(),
    loadGeneratorUs: own.user + own.system,
    server: treeTicks(stats, roles.server),
    wallet: roles.wallet === undefined ? 0 : treeTicks(stats, roles.wallet),
    postgres: roles.postgres === undefined ? 0 : treeTicks(stats, roles.postgres),
    machine: machineBusyTicks(),
  };
}

/** CPU milliseconds per operation of each process involved; null where a process takes no part. */
export interface CpuPerOp {
  name: string;
  store: string;
  perSecond: number;
  windowMs: number;
  loadGeneratorMs: number;
  serverMs: number;
  walletMs: number | null;
  postgresMs: number | null;
  totalMs: number;
  /** CPU time of the processes above per second of the window, over the machine's CPUs. */
  share: number;
  /** Busy time of the whole machine (every process) per second of the window, over its CPUs. */
  machineBusyShare: number;
  cpus: number;
}

export interface CpuDelta {
  windowMs: number;
  loadGeneratorMs: number;
  serverMs: number;
  walletMs: number | null;
  postgresMs: number | null;
  machineMs: number;
}

/** Starts reading at `start()` (the end of the warm-up) and stops at `end()` (the end of the measured time). */
export class CpuWindow {
  readonly #roles: CpuRoles;
  #from: Sample | undefined;
  #delta: CpuDelta | undefined;

  constructor(roles: CpuRoles) {
    this.#roles = roles;
  }

  start(): void {
    this.#from = sample(this.#roles);
  }

  /** Only the first call counts. */
  end(): void {
    if (this.#from === undefined || this.#delta !== undefined) return;
    const to = sample(this.#roles);
    const ms = (ticks: number) => (ticks * 1000) / ticksPerSecond();
    this.#delta = {
      windowMs: to.atMs - this.#from.atMs,
      loadGeneratorMs: (to.loadGeneratorUs - this.#from.loadGeneratorUs) / 1000,
      serverMs: ms(to.server - this.#from.server),
      walletMs: this.#roles.wallet === undefined ? null : ms(to.wallet - this.#from.wallet),
      postgresMs: this.#roles.postgres !== undefined ? ms(to.postgres - this.#from.postgres) : null,
      machineMs: ms(to.machine - this.#from.machine),
    };
  }

  get delta(): CpuDelta | undefined {
    return this.#delta;
  }
}

/** Per operation, from the window's CPU times and the operations completed in it. */
export function perOperation(
  measurement: { name: string; store: string; perSecond: number; completed: number },
  delta: CpuDelta,
  cpus = os.cpus().length,
): CpuPerOp {
  const n = Math.max(1, measurement.completed);
  const per = (ms: number | null) => (ms === null ? null : ms / n);
  const totalMs = delta.loadGeneratorMs + delta.serverMs + (delta.walletMs ?? 0) + (delta.postgresMs ?? 0);
  const capacityMs = delta.windowMs * cpus;
  return {
    name: measurement.name,
    store: measurement.store,
    perSecond: measurement.perSecond,
    windowMs: delta.windowMs,
    loadGeneratorMs: delta.loadGeneratorMs / n,
    serverMs: delta.serverMs / n,
    walletMs: per(delta.walletMs),
    postgresMs: per(delta.postgresMs),
    totalMs: totalMs / n,
    share: capacityMs > 0 ? totalMs / capacityMs : 0,
    machineBusyShare: capacityMs > 0 ? delta.machineMs / capacityMs : 0,
    cpus,
  };
}

/** Operations a second the machine's CPUs would allow if each cost only `msPerOp` of CPU. */
export function cpuBound(cpus: number, msPerOp: number): number {
  return msPerOp > 0 ? (cpus * 1000) / msPerOp : Number.POSITIVE_INFINITY;
}
