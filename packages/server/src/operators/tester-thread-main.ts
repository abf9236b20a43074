import { parentPort, workerData } from "node:worker_threads";
import { runTester } from "@rgs/tester";
import type { HostResolver } from "../wallet/private-network.ts";
import { publicOnlyFetch } from "../wallet/public-only-fetch.ts";
import type { FromThread, TesterThreadInput, ToThread } from "./tester-thread.ts";

/**
 * The tester run in a thread of its own (tester-thread.ts): its checks, signing and report building never
 * share the event loop that answers bets. Host names are resolved by the server's resolver, asked by message,
 * so a production run connects to the addresses the server allows, exactly as an in-process run did.
 */
if (parentPort === null) throw new Error("tester-thread-main.ts runs as a worker thread only");
const port = parentPort;
const input = workerData as TesterThreadInput;

const lookups = new Map<number, { resolve(addresses: string[]): void; reject(error: Error): void }>();
port.on("message", (message: ToThread) => {
  const lookup = lookups.get(message.id);
  if (lookup === undefined) return;
  lookups.delete(message.id);
  if (message.addresses !== undefined) lookup.resolve(message.addresses);
  else lookup.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
});

let nextLookup = 0;
const resolveHost: HostResolver = (hostname) =>
  new Promise((resolve, reject) => {
    const id = nextLookup++;
    lookups.set(id, { resolve, reject });
    port.postMessage({ kind: "resolve", id, hostname } satisfies FromThread);
  });

const transport = input.guarded ? publicOnlyFetch(resolveHost) : undefined;
try {
  const report = await runTester(input.config, {
    // The server's clock, carried over as its distance from this host's: callbacks are signed with its time.
    now: () => (Date.now() + input.clockOffsetMs) / 1000,
    ...(transport !== undefined && { fetch: transport.fetch }),
  });
  port.postMessage({ kind: "done", report } satisfies FromThread);
} finally {
  await transport?.close();
}
