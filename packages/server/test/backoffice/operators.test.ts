/**
 * An operator's settings and certification as its admins read them: every operator for a platform admin,
 * its own for an operator admin, nothing for support and finance.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CertificationRepository } from "../../src/operators/certification-repository.ts";
import { as, type BackofficeWorld, backofficeWorld, signIn } from "./support.ts";

let bo: BackofficeWorld;

beforeAll(async () => {
  bo = await backofficeWorld();
}, 180_000);
afterAll(async () => {
  await bo?.close();
});

const settings = async (name: string, operatorId: string) =>
  as(bo.app, await signIn(bo.app, name), "GET", `/api/operators/${operatorId}/settings`);

async function certify(callbackUrl: string, passed: boolean) {
  const at = new Date(bo.clock.now());
  await new CertificationRepository(bo.store.db).record({
    operatorId: bo.operatorA,
    callbackUrl,
    playerId: "tester-1",
    secondPlayerId: null,
    currency: "USD",
    startedAt: at,
    finishedAt: at,
    passed,
    categories: [],
    totals: { passed: 1, failed: passed ? 0 : 1, skipped: 0 } as never,
    failedChecks: passed ? [] : ["credit.idempotent"],
    testerVersion: "1.0.0",
    report: {} as never,
  });
}

describe("an operator's settings", () => {
  it("shows its URLs, zone and certification: certified only by a pass on its current callback URL", async () => {
    const before = (await settings("olga", bo.operatorA)).json();
    expect(before.operator).toMatchObject({
      name: "Outbox Casino",
      callbackUrl: bo.wallet.url,
      timeZone: "UTC",
    });
    expect(before.certification).toEqual({
      certified: false,
      running: false,
      runningOn: null,
      lastFailure: null,
      runs: [],
    });

    await certify("https://old-wallet.test/", true);
    await certify(bo.wallet.url, false);
    expect((await settings("olga", bo.operatorA)).json().certification.certified).toBe(false);
    await certify(bo.wallet.url, true);
    const after = (await settings("alice", bo.operatorA)).json().certification;
    expect(after.certified).toBe(true);
    expect(after.runs.map((r: { passed: boolean }) => r.passed)).toEqual([true, false, true]);
  });

  it("answers another operator's settings as if it did not exist, and refuses support and finance", async () => {
    const other = await settings("olga", bo.operatorB);
    expect(other.json()).toMatchObject({ status: 404, code: "unknown_operator" });
    expect(other.body).not.toContain("Other Casino");
    expect((await settings("alice", bo.operatorB)).json().operator.name).toBe("Other Casino");
    for (const name of ["sam", "fay"]) {
      expect((await settings(name, bo.operatorA)).json().code).toBe("permission_denied");
    }
  });
});
