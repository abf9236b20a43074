import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, type Migration, Migrator, sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { openMemoryStore } from "../../src/store/database.ts";
import { migrationProvider } from "../../src/store/migrations/index.ts";
import { PGliteDialect } from "../../src/store/pglite-dialect.ts";
import { PGLITE_TEMPLATE_DIR_ENV, pgliteTemplate, templateKey } from "../../src/store/pglite-template.ts";

const T0 = Date.UTC(2030, 0, 1);
const noop = async () => {};

let migrations: Record<string, Migration>;
/** The first migration applied, plus a marker table no migration creates. */
let partlyMigrated: { pglite: PGlite; db: Kysely<unknown> };
let dir: string;

beforeAll(async () => {
  migrations = await migrationProvider.getMigrations();
  const pglite = await PGlite.create();
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
  const first = Object.fromEntries(Object.entries(migrations).slice(0, 1));
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: async () => first },
    migrationTableSchema: "public",
  }).migrateToLatest();
  if (error) throw error;
  await sql`create table template_marker (id int)`.execute(db);
  partlyMigrated = { pglite, db };
});
afterAll(async () => {
  await partlyMigrated?.db.destroy();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function freshDir(): Promise<string> {
  dir = await mkdtemp(path.join(os.tmpdir(), "rgs-template-test-"));
  return dir;
}

async function tableNames<DB>(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = 'public' order by 1
  `.execute(db);
  return rows.map((r) => r.name);
}

describe("templateKey", () => {
  it("is stable for the same migrations and changes with a name or a body", () => {
    const key = templateKey(migrations);
    expect(templateKey({ ...migrations })).toBe(key);
    expect(templateKey({ ...migrations, "9999-extra": { up: noop } })).not.toBe(key);
    const [firstName, first] = Object.entries(migrations)[0] ?? [];
    if (!firstName || !first) throw new Error("no migrations");
    const renamed = Object.fromEntries(
      Object.entries(migrations).map(([n, m]) => [n === firstName ? `${n}-x` : n, m]),
    );
    expect(templateKey(renamed)).not.toBe(key);
    const edited = { ...migrations, [firstName]: { up: noop, ...(first.down && { down: first.down }) } };
    expect(templateKey(edited)).not.toBe(key);
  });
});

describe("pgliteTemplate", () => {
  it("is off without a folder", () => {
    vi.stubEnv(PGLITE_TEMPLATE_DIR_ENV, undefined);
    expect(pgliteTemplate("k")).toBeUndefined();
    vi.stubEnv(PGLITE_TEMPLATE_DIR_ENV, "");
    expect(pgliteTemplate("k")).toBeUndefined();
  });

  it("loads nothing until a database is saved, then a copy of it; the first save stays", async () => {
    const template = pgliteTemplate("k", await freshDir());
    if (!template) throw new Error("template expected");
    expect(await template.load()).toBeUndefined();

    await template.save(partlyMigrated.pglite);
    expect(await readdir(dir)).toEqual(["pgdata-k.tar"]);
    const saved = await stat(path.join(dir, "pgdata-k.tar"));
    await template.save(partlyMigrated.pglite);
    expect(await readdir(dir)).toEqual(["pgdata-k.tar"]);
    expect((await stat(path.join(dir, "pgdata-k.tar"))).ino).toBe(saved.ino);

    const blob = await template.load();
    if (!blob) throw new Error("saved template expected");
    const copy = new Kysely<unknown>({
      dialect: new PGliteDialect(await PGlite.create({ loadDataDir: blob })),
    });
    try {
      expect(await tableNames(copy)).toEqual(await tableNames(partlyMigrated.db));
      expect(await tableNames(copy)).toContain("template_marker");
    } finally {
      await copy.destroy();
    }
  });

  it("leaves no partial file behind when the folder is gone", async () => {
    const template = pgliteTemplate("k", path.join(await freshDir(), "missing"));
    await expect(template?.save(partlyMigrated.pglite)).resolves.toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("openMemoryStore with a template folder", () => {
  // Migrates a store from nothing, then saves and loads it: more than a test's default budget on a busy machine.
  it("ignores a template made for other migrations, saves its own once, then starts stores from it", async () => {
    const other = pgliteTemplate(templateKey({ other: { up: noop } }), await freshDir());
    await other?.save(partlyMigrated.pglite);
    vi.stubEnv(PGLITE_TEMPLATE_DIR_ENV, dir);

    const first = await openMemoryStore({ clock: manualClock(T0) });
    try {
      expect(await tableNames(first.db)).not.toContain("template_marker");
      await first.packs.create({ id: "only-in-first", name: "x", games: ["dice-alpha"], now: new Date(T0) });
    } finally {
      await first.close();
    }
    const own = `pgdata-${templateKey(migrations)}.tar`;
    expect(await readdir(dir)).toContain(own);
    const saved = await stat(path.join(dir, own));

    const second = await openMemoryStore({ clock: manualClock(T0) });
    try {
      expect(await second.packs.find("only-in-first")).toBeUndefined();
      expect(await second.packs.find("default")).toBeDefined();
    } finally {
      await second.close();
    }
    expect((await stat(path.join(dir, own))).mtimeMs).toBe(saved.mtimeMs);
  }, 120_000);

  it("starts from the template and still applies the migrations it lacks", async () => {
    const template = pgliteTemplate(templateKey(migrations), await freshDir());
    await template?.save(partlyMigrated.pglite);
    vi.stubEnv(PGLITE_TEMPLATE_DIR_ENV, dir);

    const store = await openMemoryStore({ clock: manualClock(T0) });
    try {
      expect(await tableNames(store.db)).toContain("template_marker");
      const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        store.db,
      );
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
    } finally {
      await store.close();
    }
  });
});
