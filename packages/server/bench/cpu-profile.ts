/**
 * Where the RGS's main thread spends its time while bets run: a V8 CPU profile (written by
 * cpu-profile-hook.mjs) cut into time windows, each sample counted for the code at the top of its stack,
 * grouped by where that code comes from (PGlite, the PostgreSQL driver, Kysely, Fastify, the RGS's own
 * code, Node's internals, the garbage collector, idle). Profile timestamps and process.hrtime share the
 * system's monotonic clock, so a window taken in the benchmark's process finds its samples in the RGS's.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface ProfileWindow {
  name: string;
  /** Monotonic microseconds, as `nowMicros()` gives them. */
  fromUs: number;
  toUs: number;
}

export interface ProfileShare {
  window: string;
  sampledMs: number;
  /** Share of the window's sampled time (0 to 100) by where the code comes from, idle included. */
  shares: Record<string, number>;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export const IDLE = "idle";

export function nowMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

const SOURCES: [string, RegExp][] = [
  ["PGlite (WebAssembly and JS)", /@electric-sql\/pglite|^wasm:/],
  ["PostgreSQL driver (pg)", /node_modules\/(pg|pg-[a-z-]+|postgres-[a-z-]+)\//],
  ["Kysely", /node_modules\/kysely\//],
  [
    "Fastify, its plugins and logging",
    /node_modules\/(fastify|@fastify\/[^/]+|find-my-way|avvio|light-my-request|pino|pino-[a-z-]+|fast-json-stringify|ajv|fast-uri|@sinclair|process-warning|toad-cache|secure-json-parse|fast-querystring|abstract-logging|sonic-boom|thread-stream)\//,
  ],
  ["prom-client (metrics)", /node_modules\/(prom-client|tdigest|bintrees)\//],
  ["RGS wallet client", /packages\/server\/src\/(wallet|wallet-gateway)\//],
  ["RGS store code", /packages\/server\/src\/store\//],
  ["RGS rounds and outbox", /packages\/server\/src\/(rounds|outbox)\//],
  ["other RGS code", /packages\/server\/src\//],
  ["games and protocol", /packages\/(games|protocol)\//],
  ["tsx loader", /node_modules\/(tsx|esbuild|get-tsconfig)\//],
  ["other packages", /node_modules\//],
];

function sourceOf(frame: { functionName: string; url: string }): string {
  if (frame.functionName === "(idle)") return IDLE;
  if (frame.functionName === "(garbage collector)") return "garbage collector";
  if (frame.functionName === "(program)") return "V8 and native code";
  for (const [name, pattern] of SOURCES) if (pattern.test(frame.url)) return name;
  return frame.url.startsWith("node:") || frame.url === ""
    ? "Node.js internals and V8 built-ins (HTTP, streams, crypto, JSON)"
    : "other";
}

/** Reads the profile(s) an RGS wrote to `directory` and cuts them into the windows. */
export function summariseProfiles(directory: string, windows: ProfileWindow[]): ProfileShare[] {
  const profiles = readdirSync(directory)
    .filter((file) => file.endsWith(".cpuprofile"))
    .map((file) => JSON.parse(readFileSync(path.join(directory, file), "utf8")) as CpuProfile);
  return windows.map((window) => {
    const micros: Record<string, number> = {};
    for (const profile of profiles) {
      const sources = new Map(profile.nodes.map((node) => [node.id, sourceOf(node.callFrame)]));
      let at = profile.startTime;
      for (let index = 0; index < profile.samples.length; index++) {
        const delta = profile.timeDeltas[index] ?? 0;
        at += delta;
        if (at < window.fromUs || at > window.toUs) continue;
        const source = sources.get(profile.samples[index] ?? -1) ?? "other";
        // A sample stands for the time since the one before it.
        micros[source] = (micros[source] ?? 0) + delta;
      }
    }
    const total = Object.values(micros).reduce((a, b) => a + b, 0);
    const shares: Record<string, number> = {};
    for (const [source, value] of Object.entries(micros)) {
      shares[source] = total > 0 ? Math.round((value / total) * 1000) / 10 : 0;
    }
    return { window: window.name, sampledMs: Math.round(total / 1000), shares };
  });
}
