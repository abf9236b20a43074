import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import type { Store } from "../../src/store/database.ts";
import { CommitOutcomeUnknown, GroupCommitWriter } from "../../src/store/group-commit.ts";
import { storeBackends } from "./store-backends.ts";

const backends = storeBackends(await postgresAvailable());

describe.each(backends)("group commit on $name", (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await backend.open(manualClock(Date.UTC(2030, 0, 1)));
    await sql`create table probe (id text primary key, lane text not null, at serial)`.execute(store.db);
  });
  afterAll(async () => {
    await store?.close();
    await backend.dispose();
  });

  const insert =
    (id: string, lane = "a") =>
    async (trx: Store["db"]) => {
      await sql`insert into probe (id, lane) values (${id}, ${lane})`.execute(trx);
      return id;
    };
  const ids = async () =>
    (await sql<{ id: string }>`select id from probe order by at`.execute(store.db)).rows.map((r) => r.id);

  it("commits the jobs asked for while a transaction is in flight together, each answered with its own result", async () => {
    const writer = new GroupCommitWriter(store.db, { lanes: 1, maxBatch: 64, resolvesLostCommits: false });
    const results = await Promise.all(
      ["g1", "g2", "g3", "g4", "g5"].map((id) => writer.run("p", insert(id))),
    );
    expect(results).toEqual(["g1", "g2", "g3", "g4", "g5"]);
    // The first job found the lane idle and went alone; the four asked meanwhile shared the next commit.
    expect(writer.stats).toEqual({ batches: 2, jobs: 5, reruns: 0 });
    expect(await ids()).toEqual(expect.arrayContaining(["g1", "g2", "g3", "g4", "g5"]));
  });

  it("lets a job nobody waits on ride the lane's next transaction, ahead of the jobs in it", async () => {
    const writer = new GroupCommitWriter(store.db, { lanes: 1, maxBatch: 64, resolvesLostCommits: false });
    const soon = writer.runSoon("p", insert("confirmation"), 60_000);
    expect(writer.stats.batches).toBe(0);
    await writer.run("p", insert("next-bet"));
    expect(await soon).toBe("confirmation");
    expect(writer.stats).toEqual({ batches: 1, jobs: 2, reruns: 0 });
    const stored = await ids();
    expect(stored.indexOf("confirmation")).toBeLessThan(stored.indexOf("next-bet"));
  });

  it("commits a job nobody waits on alone when no other write of its lane comes in time", async () => {
    const writer = new GroupCommitWriter(store.db, { lanes: 1, maxBatch: 64, resolvesLostCommits: false });
    expect(await writer.runSoon("p", insert("alone"), 5)).toBe("alone");
    expect(writer.stats).toEqual({ batches: 1, jobs: 1, reruns: 0 });
    expect(await ids()).toContain("alone");
  });

  it("fails a job that breaks a constraint alone, and commits its neighbours in order", async () => {
    const writer = new GroupCommitWriter(store.db, { lanes: 1, maxBatch: 64, resolvesLostCommits: false });
    await writer.run("p", insert("taken"));
    const outcomes = await Promise.allSettled([
      writer.run("p", insert("n1")),
      writer.run("p", insert("n2")),
      writer.run("p", insert("taken")),
      writer.run("p", insert("n3")),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: "23505" });
    expect(writer.stats.reruns).toBe(1);
    const stored = await ids();
    expect(stored.filter((id) => ["n1", "n2", "n3"].includes(id))).toEqual(["n1", "n2", "n3"]);
  });

  it("rolls back everything a failing job wrote before it failed", async () => {
    const writer = new GroupCommitWriter(store.db, { lanes: 1, maxBatch: 64, resolvesLostCommits: false });
    const failing = writer.run("p", async (trx) => {
      await insert("half")(trx);
      throw new Error("the job changed its mind");
    });
    await expect(failing).rejects.toThrow("the job changed its mind");
    expect(await ids()).not.toContain("half");
  });

  it("keeps one lane key's jobs in the order they were asked for, across lanes", async () => {
    const writer = new GroupCommitWriter(store.db, {
      lanes: backend.name === "pglite" ? 1 : 2,
      maxBatch: 2,
      resolvesLostCommits: backend.name === "postgres",
    });
    const asked = Array.from({ length: 12 }, (_, i) => ({ id: `o${i}`, lane: i % 3 === 0 ? "x" : `y${i}` }));
    await Promise.all(asked.map(({ id, lane }) => writer.run(lane, insert(id, lane))));
    const stored = (await ids()).filter((id) => id.startsWith("o"));
    const laneX = asked.filter((a) => a.lane === "x").map((a) => a.id);
    expect(stored.filter((id) => laneX.includes(id))).toEqual(laneX);
    expect(stored).toHaveLength(12);
  });

  it("answers a job only once its rows are visible to every other reader", async () => {
    const writer = new GroupCommitWriter(store.db, { lanes: 1, maxBatch: 64, resolvesLostCommits: false });
    let seenByJob = false;
    await writer.run("p", async (trx) => {
      await insert("durable")(trx);
      seenByJob = true;
    });
    expect(seenByJob).toBe(true);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from probe where id = 'durable'`.execute(store.db);
    expect(rows[0]?.n).toBe(1);
  });

  it("answers a batch only once its commit is flushed, and reports a failed flush as an unknown outcome", async () => {
    let release!: () => void;
    let flushes = 0;
    const writer = new GroupCommitWriter(store.db, {
      lanes: 1,
      maxBatch: 64,
      resolvesLostCommits: false,
      afterCommit: () => {
        flushes++;
        return flushes === 1
          ? new Promise<void>((resolve) => (release = resolve))
          : Promise.reject(new Error("EIO"));
      },
    });
    let answered = false;
    const first = writer.run("p", insert("flushed")).then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await ids()).toContain("flushed");
    expect(answered).toBe(false);
    release();
    await first;
    expect(answered).toBe(true);
    await expect(writer.run("p", insert("unflushed"))).rejects.toBeInstanceOf(CommitOutcomeUnknown);
  });
});
