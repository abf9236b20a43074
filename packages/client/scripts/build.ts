/**
 * `npm run build:client` (`--force`: always) and the start-up check of `npm start` (only when the client's
 * sources changed since the last build). Prints what it did and the size of the client's entry.
 */
import path from "node:path";
import { CLIENT_ROOT, ensureClientBuilt, entryGzipBytes } from "./client-build.ts";

const force = process.argv.includes("--force");
const started = performance.now();
const { built, digest } = await ensureClientBuilt({ force });
const entry = (entryGzipBytes(path.join(CLIENT_ROOT, "dist")) / 1024).toFixed(1);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  built
    ? `Game client built in ${seconds} s (sources ${digest.slice(0, 12)}); entry ${entry} KB gzipped.`
    : `Game client unchanged since its last build (sources ${digest.slice(0, 12)}); entry ${entry} KB gzipped.`,
);
