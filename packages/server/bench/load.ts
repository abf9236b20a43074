/**
 * A closed-loop load generator: N clients each send one request, wait for the answer, and send the next,
 * for a fixed time after a warm-up. Plain node:http over keep-alive connections, so the client costs
 * little next to the servers it measures (they share the machine).
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

export interface HttpResult {
  status: number;
  body: string;
}

/** One HTTP request on a kept-alive connection. */
export function request(
  url: string,
  opts: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const body = opts.body === undefined ? undefined : Buffer.from(opts.body, "utf8");
    const req = http.request(
      url,
      {
        agent,
        method: opts.method ?? "GET",
        headers: {
          ...opts.headers,
          ...(body !== undefined && { "content-type": "application/json", "content-length": body.length }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export interface Measurement {
  name: string;
  store: string;
  seconds: number;
  concurrency: number;
  /** Operations completed successfully during the measured time. */
  completed: number;
  errors: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The first failure of the measured time, to explain the errors. */
  firstError?: string;
}

/** An operation of one client: resolves on success, throws (saying why) on failure. */
export type Operation = () => Promise<void>;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export async function measure(opts: {
  name: string;
  store: string;
  seconds: number;
  warmupSeconds: number;
  /** One operation per client, each client's own (its own session, its own wallet player). */
  clients: Operation[];
  /** Told when the warm-up ends and when the measured time ends, to read what happened in between. */
  window?: { start(): void; end(): void };
}): Promise<Measurement> {
  const started = performance.now();
  const measureFrom = started + opts.warmupSeconds * 1000;
  const until = measureFrom + opts.seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const window = opts.window;
  const timers =
    window === undefined
      ? []
      : [
          setTimeout(() => window.start(), measureFrom - started),
          setTimeout(() => window.end(), until - started),
        ];
  await Promise.all(
    opts.clients.map(async (operation) => {
      for (;;) {
        const sent = performance.now();
        if (sent >= until) return;
        let failure: string | undefined;
        try {
          await operation();
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
        }
        const done = performance.now();
        if (sent < measureFrom || done > until) continue;
        if (failure === undefined) {
          latencies.push(done - sent);
        } else {
          errors++;
          firstError ??= failure;
        }
      }
    }),
  );
  for (const timer of timers) clearTimeout(timer);
  // A timer held back by a busy event loop still ends the window, late rather than never.
  window?.end();
  latencies.sort((a, b) => a - b);
  return {
    name: opts.name,
    store: opts.store,
    seconds: opts.seconds,
    concurrency: opts.clients.length,
    completed: latencies.length,
    errors,
    perSecond: latencies.length / opts.seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    ...(firstError !== undefined && { firstError }),
  };
}

/**
 * Runs the clients in a closed loop until `total` operations have been started between them; resolves with
 * how many failed and the first failure.
 */
export async function repeat(
  clients: Operation[],
  total: number,
): Promise<{ errors: number; firstError?: string }> {
  let started = 0;
  let errors = 0;
  let firstError: string | undefined;
  await Promise.all(
    clients.map(async (operation) => {
      while (started < total) {
        started++;
        try {
          await operation();
        } catch (error) {
          errors++;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  return { errors, ...(firstError !== undefined && { firstError }) };
}
