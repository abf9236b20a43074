import type { Migration, MigrationProvider } from "kysely";
import * as initial from "./0001-initial.ts";

/**
 * Every schema change, in order. Names sort in application order; a released migration is never
 * edited, a change is a new entry at the end.
 */
const MIGRATIONS: Record<string, Migration> = {
  "0001-initial": initial,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
