import { afterAll, describe } from "vitest";
import { postgresAvailable, TEST_DATABASE_URL } from "../../../test-support/services.ts";
import { openPostgres } from "../src/store/postgres.ts";
import { describeCallbackRules } from "./callback-rules.ts";

const available = await postgresAvailable();
const schema = `reference_wallet_${process.pid}_${Date.now().toString(36)}`;

describe.skipIf(!available)("PostgreSQL store", () => {
  afterAll(async () => {
    const db = await openPostgres(TEST_DATABASE_URL);
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
  });

  describeCallbackRules("PostgreSQL", () => openPostgres(TEST_DATABASE_URL, schema));
});
