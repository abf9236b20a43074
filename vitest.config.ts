import { execFileSync } from "node:child_process";
import os from "node:os";
import { defineConfig } from "vitest/config";

/**
 * PGlite is PostgreSQL compiled to 9 MB of WebAssembly, compiled again in every test process. V8's
 * optimising tier then recompiles its hot functions in the background, which costs each process
 * more CPU than short test queries ever win back: with the baseline compiler alone, the
 * store-backed suites use about a third less CPU. V8 lists the flag as one for testing, so it is
 * looked up first: a Node release without it must still start the workers.
 */
function wasmBaselineCompilerOnly(): string[] {
  const v8Options = execFileSync(process.execPath, ["--v8-options"], { encoding: "utf8" });
  return v8Options.includes("--liftoff-only") ? ["--liftoff-only"] : [];
}

export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default leaves one core to itself, which on a 2-core machine means one test file at a
    // time while many files mostly wait on child processes, sockets and PostgreSQL.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    execArgv: wasmBaselineCompilerOnly(),
    // In-memory stores start from a database migrated once per run instead of running initdb and
    // every migration each (packages/server/src/store/pglite-template.ts).
    globalSetup: ["test-support/pglite-template.ts"],
  },
});
