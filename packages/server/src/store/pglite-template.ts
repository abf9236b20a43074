import { createHash, randomUUID } from "node:crypto";
import { openAsBlob } from "node:fs";
import { link, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Migration } from "kysely";

/**
 * The folder where in-memory stores share a migrated data directory. Starting PGlite from a copy
 * of one skips initdb and the migrations, most of the cost of opening a store, which matters to
 * test runs opening dozens of them; the test set-up points this at a folder it deletes afterwards.
 * Unset, every in-memory store is built and migrated from scratch. Stores on DATA_DIR or PostgreSQL
 * never use a template: they always run their migrations.
 */
export const PGLITE_TEMPLATE_DIR_ENV = "RGS_PGLITE_TEMPLATE_DIR";

export interface PgliteTemplate {
  /** The saved data directory, if a store already saved one for these migrations. */
  load(): Promise<Blob | undefined>;
  /** Saves this freshly migrated database for the stores opened after it. Never fails: without a template they migrate. */
  save(pglite: PGlite): Promise<void>;
}

/**
 * Names a template after the migrations it holds, their bodies included: a migration edited while
 * a watch-mode run keeps the folder must not be served from a copy made before the edit.
 */
export function templateKey(migrations: Record<string, Migration>): string {
  const hash = createHash("sha256");
  for (const [name, migration] of Object.entries(migrations)) {
    hash.update(`${name}\0${migration.up.toString()}\0${migration.down?.toString() ?? ""}\0`);
  }
  return hash.digest("hex").slice(0, 32);
}

export function pgliteTemplate(
  key: string,
  dir: string | undefined = process.env[PGLITE_TEMPLATE_DIR_ENV],
): PgliteTemplate | undefined {
  if (!dir) return undefined;
  const file = path.join(dir, `pgdata-${key}.tar`);
  return {
    async load() {
      try {
        return await openAsBlob(file);
      } catch {
        return undefined;
      }
    },
    async save(pglite) {
      // Written aside, then hard-linked into place: a reader never sees half a file, and the first
      // of several stores saving at once wins without replacing a file another one is reading.
      const partial = `${file}.${randomUUID()}.partial`;
      try {
        const dump = await pglite.dumpDataDir("none");
        await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
        await link(partial, file);
      } catch {
        // Already saved by another store, or the folder is gone: stores opened later migrate instead.
      } finally {
        await rm(partial, { force: true });
      }
    },
  };
}
