import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import type { AuditEventsTable, Database } from "../store/schema.ts";
import type { PassSpan, RecordContent } from "./chain-format.ts";

/** The reads and writes of the audit chains, shared by the sealer, the verifier and the exporter. */

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredRecord extends RecordContent {
  id: string;
  attestation: string | null;
}

export interface StoredLink extends StoredRecord {
  chain: string;
  seq: number;
  generation: number;
  digest: string;
  mac: string;
}

export interface StoredPass {
  generation: number;
  sealedAt: Date;
  legacyThroughId: string;
  spans: PassSpan[];
  digest: string;
  mac: string;
}

export interface NewLink {
  id: string;
  chain: string;
  seq: number;
  digest: string;
  mac: string;
}

const RECORD_COLUMNS = ["id", "uid", "at", "operator_id", "kind", "actor", "data", "attestation"] as const;
const LINK_COLUMNS = [...RECORD_COLUMNS, "chain", "seq", "generation", "digest", "mac"] as const;

function recordOf(row: Pick<Selectable<AuditEventsTable>, (typeof RECORD_COLUMNS)[number]>): StoredRecord {
  return {
    id: row.id.toString(),
    uid: row.uid,
    at: row.at,
    operatorId: row.operator_id,
    kind: row.kind,
    actor: row.actor,
    data: row.data,
    attestation: row.attestation,
  };
}

function linkOf(row: Pick<Selectable<AuditEventsTable>, (typeof LINK_COLUMNS)[number]>): StoredLink {
  return {
    ...recordOf(row),
    chain: row.chain ?? "",
    seq: Number(row.seq),
    generation: Number(row.generation),
    digest: row.digest ?? "",
    mac: row.mac ?? "",
  };
}

function passOf(row: Selectable<Database["audit_seal_passes"]>): StoredPass {
  return {
    generation: Number(row.generation),
    sealedAt: row.sealed_at,
    legacyThroughId: row.legacy_through_id.toString(),
    spans: row.spans as PassSpan[],
    digest: row.digest,
    mac: row.mac,
  };
}

/**
 * Serialises seal passes across every process on the database (and only this schema's), for the pass's
 * transaction. Appending records never takes it.
 */
export async function lockSealing(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.rgs-audit-seal'))`.execute(trx);
}

export async function lastPass(db: Db): Promise<StoredPass | undefined> {
  const row = await db
    .selectFrom("audit_seal_passes")
    .selectAll()
    .orderBy("generation", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && passOf(row);
}

/** The id up to which records predate attestation, as the migration found it. */
export async function originLegacyThroughId(db: Db): Promise<string> {
  const row = await db.selectFrom("audit_chain_origin").select("legacy_through_id").executeTakeFirst();
  return (row?.legacy_through_id ?? 0n).toString();
}

/** Records not sealed yet, oldest id first (after `afterId`). */
export async function pendingRecords(db: Db, limit: number, afterId = "0"): Promise<StoredRecord[]> {
  const rows = await db
    .selectFrom("audit_events")
    .select(RECORD_COLUMNS)
    .where("seq", "is", null)
    .where("id", ">", BigInt(afterId))
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(recordOf);
}

/** The last link of each of `chains` that has one. */
export async function chainHeads(
  db: Db,
  chains: string[],
): Promise<Map<string, { seq: number; digest: string }>> {
  if (chains.length === 0) return new Map();
  const rows = await db
    .selectFrom("audit_events")
    .select(["chain", "seq", "digest"])
    .distinctOn("chain")
    .where("chain", "in", chains)
    .where("seq", "is not", null)
    .orderBy("chain")
    .orderBy("seq", "desc")
    .execute();
  return new Map(rows.map((row) => [row.chain ?? "", { seq: Number(row.seq), digest: row.digest ?? "" }]));
}

/** Places records in their chains; the number of records it placed (those still unsealed). */
export async function sealLinks(
  trx: Transaction<Database>,
  generation: number,
  links: NewLink[],
): Promise<number> {
  const values = sql.join(
    links.map(
      (link) =>
        sql`(${link.id}::bigint, ${link.chain}::text, ${String(link.seq)}::bigint, ${link.digest}::text, ${link.mac}::text)`,
    ),
  );
  const result = await sql`update audit_events as e
    set chain = v.chain, seq = v.seq, generation = ${String(generation)}::bigint, digest = v.digest, mac = v.mac
    from (values ${values}) as v (id, chain, seq, digest, mac)
    where e.id = v.id and e.seq is null`.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}

export async function insertPass(trx: Transaction<Database>, pass: StoredPass): Promise<void> {
  await trx
    .insertInto("audit_seal_passes")
    .values({
      generation: BigInt(pass.generation),
      sealed_at: pass.sealedAt,
      legacy_through_id: BigInt(pass.legacyThroughId),
      spans: JSON.stringify(pass.spans),
      digest: pass.digest,
      mac: pass.mac,
    })
    .execute();
}

/** Seal passes after `generation`, in order. */
export async function passesAfter(db: Db, generation: number, limit: number): Promise<StoredPass[]> {
  const rows = await db
    .selectFrom("audit_seal_passes")
    .selectAll()
    .where("generation", ">", BigInt(generation))
    .orderBy("generation")
    .limit(limit)
    .execute();
  return rows.map(passOf);
}

export async function passOfGeneration(db: Db, generation: number): Promise<StoredPass | undefined> {
  const row = await db
    .selectFrom("audit_seal_passes")
    .selectAll()
    .where("generation", "=", BigInt(generation))
    .executeTakeFirst();
  return row && passOf(row);
}

/** Sealed links ordered by chain then place, after (`chain`, `seq`); all chains, or one. */
export async function linksAfter(
  db: Db,
  after: { chain: string; seq: number },
  limit: number,
  onlyChain?: string,
): Promise<StoredLink[]> {
  let query = db
    .selectFrom("audit_events")
    .select(LINK_COLUMNS)
    .where("seq", "is not", null)
    .where((eb) =>
      eb.or([
        eb("chain", ">", after.chain),
        eb.and([eb("chain", "=", after.chain), eb("seq", ">", BigInt(after.seq))]),
      ]),
    );
  if (onlyChain !== undefined) query = query.where("chain", "=", onlyChain);
  const rows = await query.orderBy("chain").orderBy("seq").limit(limit).execute();
  return rows.map(linkOf);
}

/** One chain's links with `from <= seq <= to`, in order. */
export async function linksBetween(db: Db, chain: string, from: number, to: number): Promise<StoredLink[]> {
  const rows = await db
    .selectFrom("audit_events")
    .select(LINK_COLUMNS)
    .where("chain", "=", chain)
    .where("seq", ">=", BigInt(from))
    .where("seq", "<=", BigInt(to))
    .orderBy("seq")
    .execute();
  return rows.map(linkOf);
}

/** The first and last place of the chain's links recorded within [from, to]; undefined when none is. */
export async function seqRangeOfPeriod(
  db: Db,
  chain: string,
  from: Date,
  to: Date,
): Promise<{ first: number; last: number } | undefined> {
  const row = await db
    .selectFrom("audit_events")
    .select((eb) => [eb.fn.min("seq").as("first"), eb.fn.max("seq").as("last")])
    .where("chain", "=", chain)
    .where("seq", "is not", null)
    .where("at", ">=", from)
    .where("at", "<=", to)
    .executeTakeFirstOrThrow();
  return row.first === null || row.last === null
    ? undefined
    : { first: Number(row.first), last: Number(row.last) };
}
