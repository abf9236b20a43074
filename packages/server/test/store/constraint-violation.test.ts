import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { uniqueViolationOf } from "../../src/store/constraint-violation.ts";
import type { Store } from "../../src/store/database.ts";
import { storeBackends } from "./store-backends.ts";

const backends = storeBackends(await postgresAvailable());

describe.each(backends)("constraint violations on $name", (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await backend.open(manualClock(Date.UTC(2030, 0, 1)));
  });
  afterAll(async () => {
    await store?.close();
    await backend.dispose();
  });

  async function failureOf(write: () => Promise<unknown>): Promise<unknown> {
    try {
      await write();
    } catch (error) {
      return error;
    }
    throw new Error("the write succeeded");
  }

  it("names the unique index a second row with the same key breaks", async () => {
    await sql`create table keyed (k int constraint keyed_k unique)`.execute(store.db);
    await sql`insert into keyed values (1)`.execute(store.db);
    const error = await failureOf(() => sql`insert into keyed values (1)`.execute(store.db));
    expect(uniqueViolationOf(error)).toEqual({ constraint: "keyed_k" });
  });

  it("is not a unique violation when the write failed for another reason", async () => {
    expect(uniqueViolationOf(new Error("connection reset"))).toBeUndefined();
    expect(uniqueViolationOf(undefined)).toBeUndefined();
    expect(uniqueViolationOf({ code: "23503", constraint: "fk" })).toBeUndefined();
  });
});
