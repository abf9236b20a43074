/**
 * An instance's heartbeat row: written at the first beat with where it runs, moved on by each beat, marked
 * stopped at a clean shutdown and brought back by a restart under the same ID; week-old rows are deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { INSTANCE_KEPT_MS, InstanceHeartbeat, instancesDb } from "../../src/instances/instance-heartbeat.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";

let store: Store;
const START = Date.UTC(2030, 0, 1);

beforeAll(async () => {
  store = await openMemoryStore({ clock: manualClock(START) });
}, 120_000);
afterAll(async () => {
  await store?.close();
});

const rowOf = (id: string) =>
  instancesDb(store).selectFrom("rgs_instances").selectAll().where("id", "=", id).executeTakeFirst();

describe("an instance's heartbeat", () => {
  it("records where and since when it runs, then only moves its last beat on", async () => {
    const clock = manualClock(START);
    const heartbeat = new InstanceHeartbeat({ store, clock, instanceId: "rgs-one" });
    await heartbeat.beat();
    clock.advance(10_000);
    await heartbeat.beat();
    expect(await rowOf("rgs-one")).toMatchObject({
      pid: process.pid,
      host: expect.any(String),
      started_at: new Date(START),
      last_seen_at: new Date(START + 10_000),
      stopped_at: null,
    });
  });

  it("is marked stopped at a clean shutdown, and running again when it beats again", async () => {
    const clock = manualClock(START);
    const heartbeat = new InstanceHeartbeat({ store, clock, instanceId: "rgs-two" });
    await heartbeat.beat();
    clock.advance(3_000);
    await heartbeat.stop();
    expect((await rowOf("rgs-two"))?.stopped_at).toEqual(new Date(START + 3_000));
    clock.advance(3_000);
    await heartbeat.beat();
    expect((await rowOf("rgs-two"))?.stopped_at).toBeNull();
  });

  it("writes nothing at stop when it never beat", async () => {
    await new InstanceHeartbeat({ store, clock: manualClock(START), instanceId: "rgs-never" }).stop();
    expect(await rowOf("rgs-never")).toBeUndefined();
  });

  it("deletes the rows of instances not heard from for a week", async () => {
    await new InstanceHeartbeat({ store, clock: manualClock(START), instanceId: "rgs-old" }).beat();
    const later = START + INSTANCE_KEPT_MS + 1;
    await new InstanceHeartbeat({ store, clock: manualClock(later), instanceId: "rgs-new" }).beat();
    expect(await rowOf("rgs-old")).toBeUndefined();
    expect(await rowOf("rgs-new")).toBeDefined();
  });
});
