/**
 * `npm run build:client` (`--force`: always) and the start-up check of `npm start` (only when the client's
 * sources changed since the last build). Prints what it did, the size of the client's entry and of the JavaScript
 * every game page loads.
 */
import path from "node:path";
import { CLIENT_ROOT, clientSize, ensureClientBuilt, kilobytes } from "./client-build.ts";

const force = process.argv.includes("--force");
const started = performance.now();
const { built, digest } = await ensureClientBuilt({ force });
const size = clientSize(path.join(CLIENT_ROOT, "dist"));
const sizes = `entry ${kilobytes(size.entry)} gzipped, ${kilobytes(size.firstLoad)} with the game screen`;
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  built
    ? `Game client built in ${seconds} s (sources ${digest.slice(0, 12)}); ${sizes}.`
    : `Game client unchanged since its last build (sources ${digest.slice(0, 12)}); ${sizes}.`,
);
