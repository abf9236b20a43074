/**
 * The built back office (packages/backoffice/dist, which the back-office listener serves), made only when its
 * sources changed: the game client's build keeping (a digest of the inputs, a lock against concurrent builds)
 * with the back office's own inputs and Vite configuration.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureClientBuilt, viteBuildOf } from "../../client/scripts/client-build.ts";

export const BACKOFFICE_ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPO = path.resolve(BACKOFFICE_ROOT, "../..");

export const BACKOFFICE_INPUTS: readonly string[] = [
  "packages/backoffice/src",
  "packages/backoffice/index.html",
  "packages/backoffice/vite.config.ts",
  "package-lock.json",
];

export function ensureBackofficeBuilt(options: { force?: boolean } = {}) {
  return ensureClientBuilt({
    repo: REPO,
    inputs: BACKOFFICE_INPUTS,
    outDir: path.join(BACKOFFICE_ROOT, "dist"),
    build: (outDir) => viteBuildOf(BACKOFFICE_ROOT, outDir),
    ...(options.force !== undefined && { force: options.force }),
  });
}
