import type { Kysely } from "kysely";

/**
 * Whether production may send an operator's wallet callbacks to a non-public address (loopback, a
 * private network, link-local...). Off for every operator, existing ones included: a wallet really on the
 * RGS's own network is allowed explicitly (`operator update --private-network allow`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("operators")
    .addColumn("allow_private_network", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}
