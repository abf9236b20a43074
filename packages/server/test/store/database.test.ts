import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GAMES } from "@rgs/protocol/catalog";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import { DEFAULT_PACK_ID, openStore, type Store } from "../../src/store/database.ts";
import { StoreLockedError } from "../../src/store/lock.ts";
import { migrationProvider } from "../../src/store/migrations/index.ts";
import { postgresBackend, storeBackends } from "./store-backends.ts";

const T0 = Date.UTC(2030, 0, 1);
const pgUp = await postgresAvailable();
const MIGRATION_NAMES = Object.keys(await migrationProvider.getMigrations()).sort();
const backends = storeBackends(pgUp);

describe.each(backends)("store on $name", (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await backend.open(manualClock(T0));
  });
  afterAll(async () => {
    await store?.close();
    await backend.dispose();
  });

  it("applies every migration and records it", async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      store.db,
    );
    expect(rows.map((r) => r.name)).toEqual(MIGRATION_NAMES);
    expect(MIGRATION_NAMES[0]).toBe("0001-initial");
  });

  it("returns int8 columns as bigint beyond 2^53 and timestamptz as Date", async () => {
    const huge = 2n ** 62n + 1n;
    const at = new Date(T0 + 123);
    const { rows } = await sql<{
      big: bigint;
      at: Date;
    }>`select ${huge}::int8 as big, ${at}::timestamptz as at`.execute(store.db);
    expect(rows[0]?.big).toBe(huge);
    expect(rows[0]?.at).toBeInstanceOf(Date);
    expect(rows[0]?.at.getTime()).toBe(at.getTime());
  });

  it("keeps the default pack equal to the catalog", async () => {
    const pack = await store.packs.find(DEFAULT_PACK_ID);
    expect(pack?.games).toEqual(GAMES.map((g) => g.code).sort());
  });

  it("rolls a failed transaction back entirely", async () => {
    await expect(
      store.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("packs")
          .values({ id: "rolled-back", name: "x", created_at: new Date(T0) })
          .execute();
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await store.packs.find("rolled-back")).toBeUndefined();
  });

  it("keeps other queries out of an open transaction", async () => {
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let proceed!: () => void;
    const proceedSignal = new Promise<void>((resolve) => {
      proceed = resolve;
    });
    const transaction = store.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("packs")
        .values({ id: "isolated", name: "x", created_at: new Date(T0) })
        .execute();
      inserted();
      await proceedSignal;
      throw new Error("rolled back");
    });
    await insertedSignal;
    // Issued while the transaction is open: it must neither see its write nor run inside it.
    const outside = store.packs.find("isolated");
    await new Promise((resolve) => setTimeout(resolve, 50));
    proceed();
    await expect(transaction).rejects.toThrow("rolled back");
    expect(await outside).toBeUndefined();
    expect(await store.packs.find("isolated")).toBeUndefined();
  });

  it("runs concurrent transactions without mixing them", async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `concurrent-${i}`);
    const results = await Promise.allSettled(
      ids.map((id, i) =>
        store.db.transaction().execute(async (trx) => {
          await trx
            .insertInto("packs")
            .values({ id, name: id, created_at: new Date(T0) })
            .execute();
          await trx.insertInto("pack_games").values({ pack_id: id, game_code: "dice-alpha" }).execute();
          if (i % 2 === 1) throw new Error(`abort ${id}`);
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(ids.map((_, i) => (i % 2 === 1 ? "rejected" : "fulfilled")));
    const stored = (await store.packs.list()).filter((p) => p.id.startsWith("concurrent-"));
    expect(stored.map((p) => [p.id, p.games])).toEqual(
      ids.filter((_, i) => i % 2 === 0).map((id) => [id, ["dice-alpha"]]),
    );
  });

  // In-memory PGlite cannot be re-opened; the DATA_DIR suite below re-opens an embedded database.
  if (backend.reopens) {
    it("re-opens an existing database without re-applying migrations", async () => {
      const again = await backend.open(manualClock(T0));
      try {
        expect(await again.packs.find("concurrent-0")).toBeDefined();
        const { rows } = await sql<{ n: bigint }>`select count(*) as n from kysely_migration`.execute(
          again.db,
        );
        expect(rows[0]?.n).toBe(BigInt(MIGRATION_NAMES.length));
      } finally {
        await again.close();
      }
    });
  }
});

describe.runIf(pgUp)("PostgreSQL start-up", () => {
  it("migrates once when two instances open a fresh database at the same moment", async () => {
    const backend = postgresBackend();
    try {
      const stores = await Promise.all([backend.open(manualClock(T0)), backend.open(manualClock(T0))]);
      const { rows } = await sql<{ n: bigint }>`select count(*) as n from kysely_migration`.execute(
        stores[0].db,
      );
      expect(rows[0]?.n).toBe(BigInt(MIGRATION_NAMES.length));
      expect((await stores[1].packs.find(DEFAULT_PACK_ID))?.games).toHaveLength(GAMES.length);
      await Promise.all(stores.map((s) => s.close()));
    } finally {
      await backend.dispose();
    }
  });
});

describe("embedded store in DATA_DIR", () => {
  let dataDir: string;
  let config: Config;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "rgs-store-"));
    const loaded = loadConfig({ DATA_DIR: dataDir });
    if (!loaded.ok) throw new Error(loaded.errors.join("; "));
    config = loaded.config;
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps its data across re-opens and refuses a second opener while open", async () => {
    const clock = manualClock(T0);
    const first = await openStore({ config, clock });
    expect(first.kind).toBe("pglite");
    expect(first.lock).toBeDefined();
    await first.packs.create({ id: "kept", name: "Kept", games: ["dice-alpha"], now: new Date(T0) });
    await expect(openStore({ config, clock })).rejects.toBeInstanceOf(StoreLockedError);
    await first.close();

    const second = await openStore({ config, clock });
    try {
      expect((await second.packs.find("kept"))?.games).toEqual(["dice-alpha"]);
    } finally {
      await second.close();
    }
  });
});
