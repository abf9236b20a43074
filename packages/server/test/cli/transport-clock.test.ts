import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, TEST_DATABASE_URL } from "../../../../test-support/services.ts";
import { openTransport, type Transport } from "../../src/cli/transport.ts";
import { loadConfig } from "../../src/config.ts";

const HOUR = 3_600_000;
const available = await postgresAvailable();

async function sql(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!available)("the CLI on PostgreSQL, run on a host whose clock is an hour behind", () => {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  let transport: Transport;

  beforeAll(async () => {
    await sql(`create schema ${schema}`);
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set("options", `-c search_path=${schema}`);
    const loaded = loadConfig({
      DATABASE_URL: url.toString(),
      SECRET_KEY: randomBytes(32).toString("base64"),
      RGS_ENV: "staging",
    });
    if (!loaded.ok) throw new Error(loaded.errors.join("; "));
    transport = await openTransport(loaded.config, {
      clockDeps: { monotonic: () => performance.now(), wall: () => Date.now() - HOUR },
    });
  });
  afterAll(async () => {
    await transport?.close();
    await sql(`drop schema if exists ${schema} cascade`);
  });

  it("stamps an operator and its secret's rotation by the database's clock, as the instances do", async () => {
    const { operator } = await transport.api.createOperator({ name: "Clock Casino" });
    // The database runs on this same machine, so its clock is the test's.
    expect(Math.abs(Date.parse(operator.createdAt) - Date.now())).toBeLessThan(5_000);
    const rotation = await transport.api.rotateSecret({ id: operator.id, graceSeconds: 600 });
    expect(Math.abs(Date.parse(rotation.previousValidUntil) - (Date.now() + 600_000))).toBeLessThan(5_000);
  });
});
