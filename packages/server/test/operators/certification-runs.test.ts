import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import { CertificationRepository } from "../../src/operators/certification-repository.ts";
import { CertificationRuns } from "../../src/operators/certification-runs.ts";
import { CertificationService, type TesterRun } from "../../src/operators/certification-service.ts";
import { OperatorService } from "../../src/operators/operator-service.ts";
import type { Store } from "../../src/store/database.ts";
import { storeBackends } from "../store/store-backends.ts";

const backends = storeBackends(await postgresAvailable());

describe.each(backends)("tester run leases on $name", (backend) => {
  const clock = manualClock(Date.UTC(2030, 0, 1));
  /** Two instances' stores: on PostgreSQL two pools on one database, on PGlite the one store twice. */
  let stores: [Store, Store];
  let operators: OperatorService;
  let operatorId: string;
  beforeAll(async () => {
    const first = await backend.open(clock);
    stores = [first, backend.reopens ? await backend.open(clock) : first];
    operators = new OperatorService({
      store: first,
      secretBox: createSecretBox(randomBytes(32)),
      clock,
      rotationGraceSeconds: 3600,
      environment: "staging",
    });
    operatorId = (
      await operators.create({
        name: "Raced Casino",
        secret: "race-suite-secret-9c1d4e7a-5f2b8a0c3e6d",
        callbackUrl: "http://127.0.0.1:9/wallet",
      })
    ).operator.id;
  });
  afterAll(async () => {
    await stores?.[0].close();
    if (stores?.[1] !== stores?.[0]) await stores?.[1].close();
    await backend.dispose();
  });

  const lease = (instanceId: string, operator = "op-lease") => ({
    operatorId: operator,
    instanceId,
    startedAt: new Date(clock.now()),
  });
  const end = { outcome: "ok", errorCode: null, detail: null } as const;

  it("gives the lease to exactly one of many instances taking it at once", async () => {
    const runs = stores.map((store) => new CertificationRuns(store));
    const expiresAt = new Date(clock.now() + 60_000);
    const taken = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (runs[i % 2] as CertificationRuns).acquire({ ...lease(`rgs-${i}`, "op-race"), expiresAt }),
      ),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it("frees the lease only for the run that holds it, and keeps how the run ended", async () => {
    const runs = new CertificationRuns(stores[0]);
    const first = lease("rgs-one");
    expect(await runs.acquire({ ...first, expiresAt: new Date(clock.now() + 1000) })).toBe(true);
    clock.advance(1000);
    const second = lease("rgs-two");
    expect(await runs.acquire({ ...second, expiresAt: new Date(clock.now() + 1000) })).toBe(true);
    await runs.release(first, { ...end, finishedAt: new Date(clock.now()) });
    expect((await runs.state("op-lease", new Date(clock.now()))).running).toMatchObject({
      instanceId: "rgs-two",
    });
    clock.advance(10);
    await runs.release(second, {
      finishedAt: new Date(clock.now()),
      outcome: "timed_out",
      errorCode: "tester_timed_out",
      detail: "x".repeat(2000),
    });
    const state = await runs.state("op-lease", new Date(clock.now()));
    expect(state.running).toBeNull();
    expect(state.last).toMatchObject({ outcome: "timed_out", finishedAt: new Date(clock.now()) });
    expect(state.last?.detail).toHaveLength(500);
  });

  it("lets one of two services racing to certify the same operator run it", async () => {
    const services = stores.map(
      (store, i) =>
        new CertificationService({
          operators,
          certifications: new CertificationRepository(store.db),
          runs: new CertificationRuns(store),
          instanceId: `rgs-${i}`,
          audit: store.audit,
          clock,
          environment: "staging",
          timeoutMs: 1000,
          runTester: (() => new Promise(() => {})) satisfies TesterRun,
        }),
    );
    const outcomes = await Promise.allSettled(
      services.map((service) => service.start({ operatorId, playerId: "player-one" })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({
      reason: { code: "certification_in_progress" },
    });
  });
});
