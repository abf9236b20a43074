import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, TEST_DATABASE_URL } from "../../../../test-support/services.ts";
import { systemClock } from "../../src/clock.ts";
import {
  EMBEDDED_REPORTING_LIMITS,
  ReportingBusyError,
  ReportingTimeoutError,
} from "../../src/reporting/query-pool.ts";
import { openMemoryStore, openPostgresStore, type Store } from "../../src/store/database.ts";
import { postgresBackend, type StoreBackend } from "../store/store-backends.ts";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";

/** A query that holds its slot until told to finish. */
function held() {
  let finish!: () => void;
  const gate = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { finish, query: async () => gate };
}

describe("reporting query pool on the embedded store", () => {
  let store: Store;
  beforeAll(async () => {
    store = await openMemoryStore();
  });
  afterAll(() => store.close());

  it("has the small documented limits", () => {
    expect(store.reporting.limits).toEqual(EMBEDDED_REPORTING_LIMITS);
    expect(store.reporting.limits.connections).toBe(1);
  });

  it("refuses an operator's second query in flight and serves it once the first is done", async () => {
    const first = held();
    const running = store.reporting.run(A, first.query);
    await expect(store.reporting.run(A, async () => 1)).rejects.toBeInstanceOf(ReportingBusyError);
    first.finish();
    await running;
    await expect(store.reporting.run(A, async () => 2)).resolves.toBe(2);
    expect(store.reporting.busy(A)).toBe(0);
  });

  it("queues another operator behind the one reporting slot rather than refusing it", async () => {
    const first = held();
    const order: string[] = [];
    const running = store.reporting.run(A, async () => {
      await first.query();
      order.push("A");
    });
    const queued = store.reporting.run(B, async (db) => {
      order.push("B");
      return (await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]?.one;
    });
    expect(store.reporting.busy()).toBe(1);
    first.finish();
    await running;
    await expect(queued).resolves.toBe(1);
    expect(order).toEqual(["A", "B"]);
    expect(store.reporting.busy()).toBe(0);
  });

  it("never gives a wide query a second lane on its one connection", async () => {
    await expect(store.reporting.runWide(A, async (_, lanes) => lanes)).resolves.toBe(1);
  });

  it("frees the slot of a query that failed", async () => {
    await expect(
      store.reporting.run(A, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await expect(store.reporting.run(A, async () => "again")).resolves.toBe("again");
  });
});

describe.runIf(await postgresAvailable())("reporting query pool on PostgreSQL", () => {
  let backend: StoreBackend;
  let store: Store;
  beforeAll(async () => {
    backend = postgresBackend();
    await (await backend.open(systemClock)).close();
    // The backend's schema, reached through a store with a short statement timeout.
    store = await openPostgresStore({
      connectionString: TEST_DATABASE_URL,
      clock: systemClock,
      options: `-c search_path=${await schemaOf(backend)}`,
      maxConnections: 4,
      reportingLimits: { statementTimeoutMs: 300, perOperator: 2, connections: 2 },
    });
  });
  afterAll(async () => {
    await store?.close();
    await backend?.dispose();
  });

  it("cancels a statement that runs past the timeout", async () => {
    await expect(store.reporting.run(A, (db) => sql`select pg_sleep(5)`.execute(db))).rejects.toBeInstanceOf(
      ReportingTimeoutError,
    );
    await expect(store.reporting.run(A, async () => "served")).resolves.toBe("served");
  });

  it("cannot write: its connections are read-only", async () => {
    await expect(store.reporting.run(A, (db) => db.deleteFrom("operators").execute())).rejects.toThrow(
      /read-only/,
    );
  });

  it("reads the same schema as the store", async () => {
    const rows = await store.reporting.run(A, (db) => db.selectFrom("packs").select("id").execute());
    expect(rows.map((r) => r.id)).toContain("default");
  });

  it("gives a wide query a second connection only when one is free at once, and frees both", async () => {
    const lanesSeen: number[] = [];
    await store.reporting.runWide(A, async (_, lanes) => lanesSeen.push(lanes));
    const other = held();
    const running = store.reporting.run(B, other.query);
    await store.reporting.runWide(A, async (_, lanes) => lanesSeen.push(lanes));
    other.finish();
    await running;
    expect(lanesSeen).toEqual([2, 1]);
    expect(store.reporting.busy()).toBe(0);
  });

  it("lets an operator have two queries in flight and refuses a third", async () => {
    const one = held();
    const two = held();
    const running = [store.reporting.run(A, one.query), store.reporting.run(A, two.query)];
    await expect(store.reporting.run(A, async () => 3)).rejects.toBeInstanceOf(ReportingBusyError);
    one.finish();
    two.finish();
    await Promise.all(running);
  });
});

async function schemaOf(backend: StoreBackend): Promise<string> {
  const store = await backend.open(systemClock);
  try {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db);
    return rows[0]?.schema ?? "public";
  } finally {
    await store.close();
  }
}
