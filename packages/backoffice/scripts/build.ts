/** `npm run build:backoffice` (`--force`: always; otherwise only when its sources changed). */
import { ensureBackofficeBuilt } from "./backoffice-build.ts";

const started = performance.now();
const { built, digest } = await ensureBackofficeBuilt({ force: process.argv.includes("--force") });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  built
    ? `Back office built in ${seconds} s (sources ${digest.slice(0, 12)}).`
    : `Back office unchanged since its last build (sources ${digest.slice(0, 12)}).`,
);
