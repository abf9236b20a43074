import { PGlite } from "@electric-sql/pglite";
import type { SqlDatabase, SqlQueryable } from "./sql.ts";

/**
 * PGlite is a single Postgres session: two transactions cannot run side by side on it. Every query
 * and transaction therefore waits its turn in one queue, so a statement never lands inside another
 * caller's open transaction and row locks are never needed to order two callbacks.
 */
class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task, task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

export async function openPglite(dataDir?: string): Promise<SqlDatabase> {
  const pglite = dataDir === undefined ? await PGlite.create() : await PGlite.create(dataDir);
  const queue = new SerialQueue();
  const direct: SqlQueryable = {
    async query<R>(text: string, params: readonly unknown[] = []) {
      const result = await pglite.query<R>(text, [...params]);
      return result.rows;
    },
  };
  return {
    backend: "pglite",
    query: (text, params) => queue.run(() => direct.query(text, params)),
    transaction: (work) =>
      queue.run(() =>
        pglite.transaction((tx) =>
          work({
            async query<R>(text: string, params: readonly unknown[] = []) {
              const result = await tx.query<R>(text, [...params]);
              return result.rows;
            },
          }),
        ),
      ),
    close: () => queue.run(() => pglite.close()),
  };
}
