import { loadConfig, type RunningWallet, startWallet } from "@rgs/reference-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CertificationRepository } from "../../src/operators/certification-repository.ts";
import { CertificationRuns } from "../../src/operators/certification-runs.ts";
import { CertificationService } from "../../src/operators/certification-service.ts";
import { createHarness, DEMO_LAUNCH, errorOf, type Harness, type TestOperator } from "../http/support.ts";

/**
 * Real play on a production server needs a passing tester run against the operator's current callback
 * URL; the run here is the real tester against the reference wallet, as `operator certify` runs it.
 */

const SECRET = "certification-gate-secret-0d5e93a1b7c4f2e8";

let production: Harness;
let staging: Harness;
let wallet: RunningWallet;
let operator: TestOperator;
let certifications: CertificationService;

beforeAll(async () => {
  production = await createHarness({ config: { environment: "production" } });
  staging = await createHarness({ shareStoreOf: production, config: { environment: "staging" } });
  wallet = await startWallet(
    loadConfig({
      WALLET_SECRET: SECRET,
      WALLET_PORT: "0",
      WALLET_BASE_PATH: "/wallet/v2",
      WALLET_PLAYERS: "player-one:USD:1000.00,player-two:USD:300.00",
    }),
    { clock: () => production.clock.now() / 1000 },
  );
  operator = await production.createOperator({
    name: "Going Live",
    secret: SECRET,
    callbackUrl: wallet.callbackBaseUrl,
    // The reference wallet listens on this machine: production allows it only explicitly.
    allowPrivateNetwork: true,
  });
  certifications = new CertificationService({
    operators: production.operators,
    certifications: new CertificationRepository(production.store.db),
    runs: new CertificationRuns(production.store),
    instanceId: "rgs-production-test",
    audit: production.store.audit,
    clock: production.clock,
    environment: "production",
    timeoutMs: 5_000,
  });
});
afterAll(async () => {
  await staging?.close();
  await production?.close();
  await wallet?.close();
});

/** Each launch is signed a second after the previous one: an identical signed request is a replay. */
function realLaunch(h: Harness, who: TestOperator = operator) {
  h.clock.advance(1000);
  return h.signed({
    method: "POST",
    path: "/operator/launch",
    body: { ...DEMO_LAUNCH, playerId: "player-one", demo: false },
    operator: who,
  });
}

async function realSessions(h: Harness): Promise<number> {
  return (await h.store.db.selectFrom("sessions").select("id").where("mode", "=", "real").execute()).length;
}

async function expectNotCertified(h: Harness): Promise<void> {
  const before = await realSessions(h);
  const error = errorOf(await realLaunch(h));
  expect(error).toMatchObject({ status: 403, code: "operator_not_certified" });
  expect(error.detail).toContain(`npm run rgs -- operator certify ${operator.id} --player <test-player-id>`);
  expect(await realSessions(h)).toBe(before);
}

describe("real-play launch in production", () => {
  it("is refused without a certification, while demo play and staging are unaffected", async () => {
    await expectNotCertified(production);
    const demo = await production.signed({
      method: "POST",
      path: "/operator/launch",
      body: { ...DEMO_LAUNCH, playerId: "player-one" },
      operator,
    });
    expect(demo.statusCode).toBe(200);
    // Each harness seals secrets with its own key, so the staging server has its own operator.
    const uncertified = await staging.createOperator({
      name: "Staging Only",
      secret: SECRET,
      callbackUrl: wallet.callbackBaseUrl,
    });
    const onStaging = await realLaunch(staging, uncertified);
    expect(onStaging.statusCode).toBe(200);
    expect(onStaging.json()).toMatchObject({ demo: false, currency: "USD" });
  });

  it("is refused after a failing run, allowed after a passing run of the current URL, refused again once the URL changes", async () => {
    const failed = await certifications.certify({ operatorId: operator.id, playerId: "no-such-player" });
    expect(failed.certification).toMatchObject({ passed: false, callbackUrl: wallet.callbackBaseUrl });
    await expectNotCertified(production);

    const passed = await certifications.certify({
      operatorId: operator.id,
      playerId: "player-one",
      secondPlayerId: "player-two",
    });
    expect(passed.certification).toMatchObject({ passed: true, callbackUrl: wallet.callbackBaseUrl });
    const launched = await realLaunch(production);
    expect(launched.statusCode).toBe(200);
    expect(launched.json()).toMatchObject({ demo: false, currency: "USD" });

    // The same wallet under another spelling of its address is another URL, with no run of its own.
    const respelled = wallet.callbackBaseUrl.replace("127.0.0.1", "localhost");
    await production.operators.update(operator.id, { callbackUrl: respelled });
    await expectNotCertified(production);
    expect(errorOf(await realLaunch(production)).detail).toContain(respelled);
  });
});
