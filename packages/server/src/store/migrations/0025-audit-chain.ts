import { type Kysely, sql } from "kysely";

/**
 * The audit trail becomes tamper-evident (docs/audit.md). Each record gets a random `uid` and, from its
 * writer, an attestation (an HMAC under a key kept outside the database); the sealer then places it in its
 * chain (`chain`, `seq`), with the chain's running digest and a MAC, in a numbered seal pass
 * (`audit_seal_passes`) that lists what it added to each chain. Records written before this migration have
 * no attestation: `audit_chain_origin` keeps the last of their ids, which the first seal pass (the one that
 * seals them) vouches for under the key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("audit_events")
    .addColumn("uid", "uuid", (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .addColumn("actor", "text")
    .addColumn("attestation", "text")
    .addColumn("chain", "text")
    .addColumn("seq", "bigint")
    .addColumn("generation", "bigint")
    .addColumn("digest", "text")
    .addColumn("mac", "text")
    .execute();
  // A copied record keeps its uid, which its attestation covers: the copy cannot be stored at all.
  await db.schema.createIndex("audit_events_uid").on("audit_events").column("uid").unique().execute();
  await db.schema
    .createIndex("audit_events_chain_seq")
    .on("audit_events")
    .columns(["chain", "seq"])
    .unique()
    .where(sql.ref("seq"), "is not", null)
    .execute();
  await db.schema
    .createIndex("audit_events_pending")
    .on("audit_events")
    .column("id")
    .where(sql.ref("seq"), "is", null)
    .execute();

  await db.schema
    .createTable("audit_seal_passes")
    .addColumn("generation", "bigint", (c) => c.primaryKey())
    .addColumn("sealed_at", "timestamptz", (c) => c.notNull())
    .addColumn("legacy_through_id", "bigint", (c) => c.notNull())
    .addColumn("spans", "jsonb", (c) => c.notNull())
    .addColumn("digest", "text", (c) => c.notNull())
    .addColumn("mac", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("audit_chain_origin")
    .addColumn("legacy_through_id", "bigint", (c) => c.notNull())
    .addColumn("migrated_at", "timestamptz", (c) => c.notNull())
    .execute();
  await sql`insert into audit_chain_origin (legacy_through_id, migrated_at)
    select coalesce(max(id), 0), now() from audit_events`.execute(db);
}
