import { randomBytes } from "node:crypto";
import pg from "pg";
import { TEST_DATABASE_URL } from "../../../../test-support/services.ts";
import type { AuditKeyring } from "../../src/audit/audit-keys.ts";
import type { Clock } from "../../src/clock.ts";
import { openMemoryStore, openPostgresStore, type Store } from "../../src/store/database.ts";

/**
 * The databases a store suite runs on: in-memory PGlite always, PostgreSQL when it is reachable, in
 * a schema of its own (dropped by `dispose`) so that suites running in parallel never meet.
 */
export interface StoreBackend {
  name: "pglite" | "postgres";
  /** A store over this backend's database; every call after the first re-opens the same database on PostgreSQL. */
  open(clock: Clock, opts?: { auditKeys?: AuditKeyring }): Promise<Store>;
  /** Whether `open` twice reaches the same data. */
  reopens: boolean;
  dispose(): Promise<void>;
}

export function pgliteBackend(): StoreBackend {
  return {
    name: "pglite",
    open: (clock, opts) => openMemoryStore({ clock, ...opts }),
    reopens: false,
    dispose: async () => {},
  };
}

export function postgresBackend(): StoreBackend {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  let created: Promise<void> | undefined;
  const admin = () => new pg.Client({ connectionString: TEST_DATABASE_URL });
  return {
    name: "postgres",
    reopens: true,
    async open(clock, opts) {
      created ??= (async () => {
        const client = admin();
        await client.connect();
        await client.query(`create schema ${schema}`);
        await client.end();
      })();
      await created;
      return openPostgresStore({
        connectionString: TEST_DATABASE_URL,
        clock,
        options: `-c search_path=${schema}`,
        maxConnections: 4,
        ...opts,
      });
    },
    async dispose() {
      if (!created) return;
      const client = admin();
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

export function storeBackends(postgres: boolean): StoreBackend[] {
  return postgres ? [pgliteBackend(), postgresBackend()] : [pgliteBackend()];
}
