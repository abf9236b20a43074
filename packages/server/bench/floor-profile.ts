/**
 * Where the store floor's main thread spends its time (a `node --cpu-prof` profile of store-floor-worker.ts),
 * cut into the benchmark's time windows. Each sample is put down to what it is doing, read from its whole
 * stack rather than its top frame alone: PostgreSQL itself running as WebAssembly (executor, WAL insertion,
 * buffer manager), PGlite's file system writing pages and WAL to disk through node:fs, the WAL flush after
 * each COMMIT (wal-sync.ts), PGlite's JavaScript (wire protocol, parameters and results), Kysely and the
 * writer, the garbage collector. The fsync itself runs on libuv's thread pool, off the main thread: it is
 * in the process's CPU but not in these samples.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { IDLE, type ProfileWindow } from "./cpu-profile.ts";

export interface Frame {
  functionName: string;
  url: string;
}

export interface FloorProfile {
  window: string;
  sampledMs: number;
  /** Share of the window's sampled time (0 to 100) by activity, idle included. */
  shares: Record<string, number>;
}

export const ACTIVITIES = {
  wasm: "PostgreSQL in WebAssembly (executor, WAL insertion, buffers)",
  fileWrites: "PGlite's file system: pages and WAL written through node:fs",
  walFlush: "WAL flush after COMMIT (wal-sync.ts: readdir, stat, open, fsync, close)",
  pgliteJs: "PGlite's JavaScript (wire protocol, parameters, results)",
  kysely: "Kysely, the group-commit writer and the floor's loop",
  gc: "garbage collector",
  other: "Node.js and V8 (promises, timers, IPC) and the rest",
} as const;

const isWasm = (frame: Frame) =>
  frame.url.startsWith("wasm:") || /^(\$|wasm-function|js-to-wasm|wasm-to-js)/.test(frame.functionName);
const isPglite = (frame: Frame) => frame.url.includes("@electric-sql/pglite");

/** What a sample is doing, from its stack (top frame first). */
export function activityOf(stack: Frame[]): string {
  const [top] = stack;
  if (top === undefined) return ACTIVITIES.other;
  if (top.functionName === "(idle)") return IDLE;
  if (top.functionName === "(garbage collector)") return ACTIVITIES.gc;
  if (stack.some((frame) => frame.url.includes("wal-sync.ts"))) return ACTIVITIES.walFlush;
  if (isWasm(top)) return ACTIVITIES.wasm;
  // node:fs at or just under the top, with PostgreSQL's WebAssembly below it: the emscripten file system.
  const inFs = stack.slice(0, 3).some((frame) => frame.url === "node:fs");
  if (inFs && stack.some((frame) => isWasm(frame) || isPglite(frame))) return ACTIVITIES.fileWrites;
  if (isPglite(top)) return ACTIVITIES.pgliteJs;
  if (/node_modules\/kysely\/|packages\/server\/(src\/store|bench)\//.test(top.url)) return ACTIVITIES.kysely;
  return ACTIVITIES.other;
}

interface CpuProfile {
  nodes: { id: number; callFrame: Frame; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The activity of each node of a profile, its stack read through the parents. */
function activities(profile: CpuProfile): Map<number, string> {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const out = new Map<number, string>();
  for (const node of profile.nodes) {
    const stack: Frame[] = [];
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = frames.get(id);
      if (frame !== undefined) stack.push(frame);
    }
    out.set(node.id, activityOf(stack));
  }
  return out;
}

export function summariseFloorProfiles(directory: string, windows: ProfileWindow[]): FloorProfile[] {
  // `--cpu-prof` also profiles the thread tsx's loader hooks run on (idle throughout): the main thread's file
  // is the one of thread 0 (CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile).
  const profiles = readdirSync(directory)
    .filter((file) => /\.0\.\d+\.cpuprofile$/.test(file))
    .map((file) => JSON.parse(readFileSync(path.join(directory, file), "utf8")) as CpuProfile);
  const byNode = profiles.map(activities);
  return windows.map((window) => {
    const micros: Record<string, number> = {};
    profiles.forEach((profile, index) => {
      const activity = byNode[index] as Map<number, string>;
      let at = profile.startTime;
      for (let sample = 0; sample < profile.samples.length; sample++) {
        const delta = profile.timeDeltas[sample] ?? 0;
        at += delta;
        if (at < window.fromUs || at > window.toUs) continue;
        const what = activity.get(profile.samples[sample] ?? -1) ?? ACTIVITIES.other;
        micros[what] = (micros[what] ?? 0) + delta;
      }
    });
    const total = Object.values(micros).reduce((a, b) => a + b, 0);
    const shares: Record<string, number> = {};
    for (const [what, value] of Object.entries(micros)) {
      shares[what] = total > 0 ? Math.round((value / total) * 1000) / 10 : 0;
    }
    return { window: window.name, sampledMs: Math.round(total / 1000), shares };
  });
}
