import v8 from "node:v8";

/**
 * For a process that opens the embedded store and soon exits (a CLI command, the sandbox's set-up): V8's
 * baseline WebAssembly compiler only. PGlite is 9 MB of WebAssembly, whose hot functions V8 otherwise
 * compiles again with its optimising compiler in the background, which costs a session this short more
 * CPU than it wins back: setting up a fresh sandbox store took 10.8 s of CPU with it and 6.8 s without.
 * A server, which runs for long, keeps the optimising compiler. Call it before the first WebAssembly
 * module is compiled; the flag exists in every Node.js release the workspace admits.
 */
export function preferQuickWasmStartup(): void {
  v8.setFlagsFromString("--liftoff-only");
}
