import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGLITE_TEMPLATE_DIR_ENV } from "../packages/server/src/store/pglite-template.ts";

/**
 * Vitest global set-up: gives the run's in-memory stores a folder to share their migrated database
 * in, so that only the first store of a run pays for initdb and the migrations. Removed at the end.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "rgs-pglite-template-"));
  process.env[PGLITE_TEMPLATE_DIR_ENV] = dir;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_DIR_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
