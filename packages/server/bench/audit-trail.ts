/**
 * What the audit trail costs, on both stores: appending a record (one attested insert), sealing (records a
 * second through the sealer's passes), verifying (records a second through `audit verify`). Not on the bet
 * path: records are written by operator changes, refused launches and dead letters, not by bets.
 *
 *   npx tsx packages/server/bench/audit-trail.ts [--records 20000] [--no-postgres]
 */
import { randomBytes, randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { TEST_DATABASE_URL } from "../../../test-support/services.ts";
import { AuditChain } from "../src/audit/audit-chain.ts";
import { AuditKeyring } from "../src/audit/audit-keys.ts";
import { systemClock } from "../src/clock.ts";
import { openMemoryStore, openPostgresStore, type Store } from "../src/store/database.ts";

const { values } = parseArgs({
  options: { records: { type: "string", default: "20000" }, "no-postgres": { type: "boolean" } },
});
const records = Number(values.records);
const operators = Array.from({ length: 20 }, () => randomUUID());

async function measure(name: string, store: Store): Promise<void> {
  const chain = new AuditChain({ store, clock: systemClock });
  let started = performance.now();
  for (let i = 0; i < records; i++) {
    await store.audit.record({
      operatorId: i % 10 === 0 ? null : (operators[i % operators.length] ?? null),
      kind: "operator.updated",
      data: { fields: ["callbackUrl"] },
      before: { callbackUrl: `https://a.example/${i}` },
      after: { callbackUrl: `https://b.example/${i}` },
    });
  }
  const appendMs = performance.now() - started;
  started = performance.now();
  const sealed = await chain.sealer.sealPending();
  const sealMs = performance.now() - started;
  started = performance.now();
  const report = await chain.verify();
  const verifyMs = performance.now() - started;
  if (!report.ok || sealed !== records) throw new Error(`${name}: sealed ${sealed}, verified ${report.ok}`);
  console.log(
    `${name.padEnd(18)} ${records} records: append ${(appendMs / records).toFixed(3)} ms each, ` +
      `seal ${Math.round((records / sealMs) * 1000)}/s, verify ${Math.round((records / verifyMs) * 1000)}/s (${Math.round(verifyMs)} ms)`,
  );
}

const keys = new AuditKeyring(randomBytes(32));
const embedded = await openMemoryStore({ auditKeys: keys });
await measure("embedded (PGlite)", embedded);
await embedded.close();
if (!values["no-postgres"]) {
  const schema = `bench_audit_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const store = await openPostgresStore({
      connectionString: TEST_DATABASE_URL,
      clock: systemClock,
      options: `-c search_path=${schema}`,
      auditKeys: keys,
    });
    await measure("PostgreSQL", store);
    await store.close();
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}
