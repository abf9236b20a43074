import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import type { AuditChain } from "../../src/audit/audit-chain.ts";
import { chainDigest } from "../../src/audit/chain-format.ts";
import { manualClock } from "../../src/clock.ts";
import type { Store } from "../../src/store/database.ts";
import { storeBackends } from "../store/store-backends.ts";
import { findingsOf, OPERATOR_A, OPERATOR_B, openAuditStore } from "./support.ts";

const backends = storeBackends(await postgresAvailable());

describe.each(backends)("the audit trail on $name names what SQL changed", (backend) => {
  const clock = manualClock(Date.UTC(2030, 0, 1));
  let store: Store;
  let chain: AuditChain;

  beforeAll(async () => {
    ({ store, chain } = await openAuditStore(backend, clock));
  });
  afterAll(async () => {
    await store?.close();
    await backend.dispose();
  });

  /** Platform 2 links, operator A 5, operator B 3, sealed in three passes. */
  beforeEach(async () => {
    await store.db.deleteFrom("audit_events").execute();
    await store.db.deleteFrom("audit_seal_passes").execute();
    const record = (operatorId: string | null, kind: string, n: number) => {
      clock.advance(1000);
      return store.audit.record({ operatorId, kind, actor: "cli:alice", data: { n } });
    };
    await record(null, "pack.created", 1);
    await record(OPERATOR_A, "operator.created", 1);
    await record(OPERATOR_A, "operator.updated", 2);
    await chain.sealer.sealPending();
    await record(OPERATOR_B, "operator.created", 1);
    await record(OPERATOR_A, "operator.updated", 3);
    await record(OPERATOR_B, "pack.assigned", 2);
    await chain.sealer.sealPending();
    await record(OPERATOR_A, "operator.secret_rotated", 4);
    await record(null, "server.started", 2);
    await record(OPERATOR_B, "operator.updated", 3);
    await record(OPERATOR_A, "operator.updated", 5);
    await chain.sealer.sealPending();
  });

  const idOf = async (operatorId: string | null, seq: number) => {
    const row = await store.db
      .selectFrom("audit_events")
      .select("id")
      .where("chain", "=", operatorId ?? "platform")
      .where("seq", "=", BigInt(seq))
      .executeTakeFirstOrThrow();
    return row.id;
  };

  async function firstFinding(operatorId?: string) {
    const report = await chain.verify(operatorId === undefined ? {} : { operatorId });
    expect(report.ok).toBe(false);
    return findingsOf(report)[0];
  }

  it("verifies an untouched trail: every chain whole, every pass in place", async () => {
    const report = await chain.verify();
    expect(findingsOf(report)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.passes.count).toBe(3);
    expect(report.chains.map((c) => [c.chain, c.links])).toEqual([
      [OPERATOR_A, 5],
      [OPERATOR_B, 3],
      ["platform", 2],
    ]);
  });

  it("names a record changed by SQL", async () => {
    await sql`update audit_events set data = '{"n": 30}' where id = ${await idOf(OPERATOR_A, 3)}`.execute(
      store.db,
    );
    expect(await firstFinding()).toMatchObject({ kind: "record_changed", chain: OPERATOR_A, seq: 3 });
  });

  it("names a record changed by SQL whose digests were recomputed after it", async () => {
    await sql`update audit_events set actor = 'cli:mallory' where id = ${await idOf(OPERATOR_A, 3)}`.execute(
      store.db,
    );
    const links = await store.db
      .selectFrom("audit_events")
      .select(["id", "seq", "uid", "at", "operator_id", "kind", "actor", "data"])
      .where("chain", "=", OPERATOR_A)
      .orderBy("seq")
      .execute();
    const { entryText } = await import("../../src/audit/chain-format.ts");
    let previous = "0".repeat(64);
    for (const link of links) {
      const digest = chainDigest(
        previous,
        entryText({
          id: link.id.toString(),
          uid: link.uid,
          at: link.at,
          operatorId: link.operator_id,
          kind: link.kind,
          actor: link.actor,
          data: link.data,
          chain: OPERATOR_A,
          seq: Number(link.seq),
        }),
      );
      await store.db.updateTable("audit_events").set({ digest }).where("id", "=", link.id).execute();
      previous = digest;
    }
    expect(await firstFinding(OPERATOR_A)).toMatchObject({ kind: "link_forged", chain: OPERATOR_A, seq: 3 });
  });

  it("names a record deleted by SQL from the middle of a chain", async () => {
    await store.db
      .deleteFrom("audit_events")
      .where("id", "=", await idOf(OPERATOR_B, 2))
      .execute();
    expect(await firstFinding()).toMatchObject({ kind: "link_missing", chain: OPERATOR_B, seq: 3 });
    expect((await firstFinding())?.message).toContain("link 2 is missing");
  });

  it("names the last records of a chain deleted by SQL", async () => {
    await store.db
      .deleteFrom("audit_events")
      .where("chain", "=", OPERATOR_A)
      .where("seq", ">=", 4n)
      .execute();
    expect(await firstFinding(OPERATOR_A)).toMatchObject({ kind: "tail_missing", chain: OPERATOR_A, seq: 4 });
  });

  it("names a chain whose every record was deleted", async () => {
    await store.db.deleteFrom("audit_events").where("chain", "=", OPERATOR_B).execute();
    expect(await firstFinding()).toMatchObject({ kind: "tail_missing", chain: OPERATOR_B, seq: 1 });
  });

  it("names a record inserted by SQL, before and after the sealer sealed it", async () => {
    await store.db
      .insertInto("audit_events")
      .values({ at: new Date(clock.now()), operator_id: OPERATOR_A, kind: "operator.updated", data: "{}" })
      .execute();
    const pending = await chain.verify();
    expect(pending.pending.records).toBe(1);
    expect(findingsOf(pending)[0]).toMatchObject({ kind: "record_not_attested", chain: OPERATOR_A });
    await chain.sealer.sealPending();
    expect(await firstFinding()).toMatchObject({ kind: "record_not_attested", chain: OPERATOR_A, seq: 6 });
  });

  it("names a record copied by SQL, and cannot store a copy that keeps its uid", async () => {
    const copy = sql`insert into audit_events (uid, at, operator_id, kind, actor, data, attestation)
      select ${randomUUID()}::uuid, at, operator_id, kind, actor, data, attestation from audit_events
      where id = ${await idOf(OPERATOR_A, 2)}`;
    await copy.execute(store.db);
    await chain.sealer.sealPending();
    expect(await firstFinding()).toMatchObject({ kind: "record_not_attested", chain: OPERATOR_A, seq: 6 });
    await expect(
      sql`insert into audit_events (uid, at, operator_id, kind, actor, data, attestation)
        select uid, at, operator_id, kind, actor, data, attestation from audit_events
        where id = ${await idOf(OPERATOR_A, 2)}`.execute(store.db),
    ).rejects.toThrow(/duplicate key|unique/);
  });

  it("names a link inserted by SQL with made-up seal columns", async () => {
    const last = await store.db
      .selectFrom("audit_events")
      .select(["digest", "generation"])
      .where("chain", "=", OPERATOR_B)
      .where("seq", "=", 3n)
      .executeTakeFirstOrThrow();
    await store.db
      .insertInto("audit_events")
      .values({
        at: new Date(clock.now()),
        operator_id: OPERATOR_B,
        kind: "operator.updated",
        data: "{}",
        chain: OPERATOR_B,
        seq: 4n,
        generation: last.generation,
        digest: chainDigest(last.digest ?? "", "{}"),
        mac: `v1.0000000000000000:${"ab".repeat(32)}`,
      })
      .execute();
    expect(await firstFinding()).toMatchObject({ chain: OPERATOR_B, seq: 4 });
    expect((await firstFinding())?.kind).toMatch(/key_unknown|link_forged/);
  });

  it("names a seal pass deleted or changed by SQL", async () => {
    await sql`update audit_seal_passes set sealed_at = sealed_at + interval '1 hour' where generation = 2`.execute(
      store.db,
    );
    expect(await firstFinding()).toMatchObject({ kind: "pass_changed", chain: null, generation: 2 });
    await store.db.deleteFrom("audit_seal_passes").where("generation", "=", 2n).execute();
    expect(await firstFinding()).toMatchObject({ kind: "pass_missing", chain: null, generation: 3 });
  });

  it("names the trail's last records and passes deleted together, against a head published before", async () => {
    const published = await chain.head();
    if (!published) throw new Error("no head");
    await store.db.deleteFrom("audit_events").where("generation", "=", 3n).execute();
    await store.db.deleteFrom("audit_seal_passes").where("generation", "=", 3n).execute();
    // The database alone is consistent again: only a head kept outside it shows what is missing.
    expect((await chain.verify()).ok).toBe(true);
    const report = await chain.verify({ publishedHead: published });
    expect(report.ok).toBe(false);
    expect(report.publishedHead).toEqual({ generation: 3, found: false });
    expect(findingsOf(report)[0]).toMatchObject({ kind: "published_head_missing", generation: 3 });
  });
});
