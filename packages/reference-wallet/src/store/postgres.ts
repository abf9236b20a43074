import pg from "pg";
import type { SqlDatabase, SqlQueryable } from "./sql.ts";

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A PostgreSQL connection pool. `schema`, when given, is created if missing and put first on every
 * connection's search_path, so several wallets (or test files) can share one database.
 */
export async function openPostgres(connectionString: string, schema?: string): Promise<SqlDatabase> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`schema ${JSON.stringify(schema)} must be a lower-case SQL identifier`);
  }
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // An idle client losing its server connection must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  if (schema !== undefined) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);

  return {
    backend: "postgres",
    async query<R>(text: string, params: readonly unknown[] = []) {
      const result = await pool.query(text, [...params]);
      return result.rows as R[];
    },
    async transaction(work) {
      const client = await pool.connect();
      const tx: SqlQueryable = {
        async query<R>(text: string, params: readonly unknown[] = []) {
          const result = await client.query(text, [...params]);
          return result.rows as R[];
        },
      };
      let broken = false;
      try {
        await client.query("BEGIN");
        const value = await work(tx);
        await client.query("COMMIT");
        return value;
      } catch (error) {
        // A connection that cannot even roll back is discarded rather than returned to the pool.
        await client.query("ROLLBACK").catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
