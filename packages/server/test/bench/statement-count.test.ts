import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, TEST_DATABASE_URL } from "../../../../test-support/services.ts";
import { countsSince, StatementCounter, type StatementCounts } from "../../bench/statement-count.ts";

describe.skipIf(!(await postgresAvailable()))("the benchmark's statement counter", () => {
  let counter: StatementCounter;
  let client: pg.Client;

  beforeAll(async () => {
    const started = await StatementCounter.start(TEST_DATABASE_URL);
    counter = started.counter;
    client = new pg.Client({ connectionString: started.url });
    await client.connect();
    await client.query("create temporary table counted (id int primary key, note text)");
  });
  afterAll(async () => {
    await client?.end();
    await counter?.close();
  });

  async function counting(work: () => Promise<unknown>): Promise<StatementCounts> {
    const before = counter.snapshot();
    await work();
    return countsSince(before, counter.snapshot());
  }

  it("counts an autocommit statement as one statement and one transaction, forwarding its answer", async () => {
    let answer: unknown;
    const counts = await counting(async () => {
      answer = (await client.query("select $1::int + 1 as two", [1])).rows[0];
    });
    expect(answer).toEqual({ two: 2 });
    expect(counts).toEqual({ statements: { select: 1 }, control: 0, transactions: 1, writeTransactions: 0 });
  });

  it("counts a BEGIN ... COMMIT block as one writing transaction, its statements by kind", async () => {
    const counts = await counting(async () => {
      await client.query("begin");
      await client.query("insert into counted (id, note) values ($1, $2)", [1, "a"]);
      await client.query("update counted set note = $1 where id = $2", ["b", 1]);
      await client.query("select note from counted where id = $1", [1]);
      await client.query("commit");
    });
    expect(counts).toEqual({
      statements: { insert: 1, update: 1, select: 1 },
      control: 2,
      transactions: 1,
      writeTransactions: 1,
    });
  });

  it("counts every execution of a named prepared statement, parsed once", async () => {
    const counts = await counting(async () => {
      for (const id of [2, 3, 4]) {
        await client.query({
          name: "add-counted",
          text: "insert into counted (id) values ($1)",
          values: [id],
        });
      }
    });
    expect(counts).toEqual({ statements: { insert: 3 }, control: 0, transactions: 3, writeTransactions: 3 });
  });

  it("tells a writing common table expression from a reading one", async () => {
    const counts = await counting(async () => {
      await client.query(
        "with moved as (delete from counted where id = $1 returning id) select * from moved",
        [4],
      );
      await client.query("with one as (select 1 as x) select x from one");
    });
    expect(counts.statements).toEqual({ "with (write)": 1, with: 1 });
    expect(counts.writeTransactions).toBe(1);
  });
});
