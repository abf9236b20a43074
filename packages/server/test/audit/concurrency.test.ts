import { afterAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { AuditChain } from "../../src/audit/audit-chain.ts";
import { manualClock } from "../../src/clock.ts";
import type { Store } from "../../src/store/database.ts";
import { storeBackends } from "../store/store-backends.ts";
import { findingsOf, OPERATOR_A, OPERATOR_B, testKeyring } from "./support.ts";

const RECORDS_PER_INSTANCE = 60;
const CHAINS = [OPERATOR_A, OPERATOR_B, null];

describe.each(storeBackends(await postgresAvailable()))(
  "two instances appending and sealing at once on $name",
  (backend) => {
    const clock = manualClock(Date.UTC(2030, 0, 1));
    const stores: Store[] = [];
    afterAll(async () => {
      for (const store of stores) await store.close();
      await backend.dispose();
    });

    it("keeps every chain whole: each record sealed once, in one place, every pass in order", async () => {
      const first = await backend.open(clock, { auditKeys: testKeyring() });
      stores.push(first);
      // On PostgreSQL a second pool on the same schema, as a second instance; PGlite has one process, so the
      // second instance is a second sealer over the same store.
      const second = backend.reopens ? await backend.open(clock, { auditKeys: testKeyring() }) : first;
      if (second !== first) stores.push(second);
      const instances = [first, second].map((store) => ({
        store,
        chain: new AuditChain({ store, clock, sealer: { batchSize: 7 } }),
      }));

      await Promise.all(
        instances.map(async ({ store, chain }, instance) => {
          for (let n = 0; n < RECORDS_PER_INSTANCE; n++) {
            const operatorId = CHAINS[n % CHAINS.length] ?? null;
            await store.audit.record({ operatorId, kind: "test.appended", data: { instance, n } });
            if (n % 5 === 4) await chain.sealer.sealPass();
          }
          await chain.sealer.sealPending();
        }),
      );
      await Promise.all(instances.map(({ chain }) => chain.sealer.sealPending()));

      const report = await instances[0]?.chain.verify();
      expect(report && findingsOf(report)).toEqual([]);
      expect(report?.ok).toBe(true);
      expect(report?.pending.records).toBe(0);
      expect(report?.chains.map((chain) => chain.links).reduce((a, b) => a + b, 0)).toBe(
        2 * RECORDS_PER_INSTANCE,
      );
      const rows = await first.db
        .selectFrom("audit_events")
        .select(["chain", "seq", "data"])
        .orderBy("chain")
        .orderBy("seq")
        .execute();
      // Every record of both instances is in its chain exactly once, and the places run 1, 2, 3, ... per chain.
      const written = rows
        .map((row) => row.data as { instance: number; n: number })
        .map(({ instance, n }) => instance * RECORDS_PER_INSTANCE + n)
        .sort((a, b) => a - b);
      expect(written).toEqual(Array.from({ length: 2 * RECORDS_PER_INSTANCE }, (_, i) => i));
      for (const chain of new Set(rows.map((row) => row.chain))) {
        const places = rows.filter((row) => row.chain === chain).map((row) => Number(row.seq));
        expect(places).toEqual(places.map((_, i) => i + 1));
      }
    });
  },
);
