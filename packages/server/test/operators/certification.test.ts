import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { loadConfig, type RunningWallet, startWallet } from "@rgs/reference-wallet";
import { type RunReport, TOOL } from "@rgs/tester";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient } from "../../src/cli/admin-client.ts";
import { manualClock, systemTimers } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import { buildAdminApp } from "../../src/http/admin/admin-app.ts";
import { CertificationRepository } from "../../src/operators/certification-repository.ts";
import { CertificationRuns } from "../../src/operators/certification-runs.ts";
import {
  CertificationService,
  LEASE_MARGIN_MS,
  type TesterRun,
} from "../../src/operators/certification-service.ts";
import type { CertificationRunView, CertificationView } from "../../src/operators/certification-view.ts";
import { localOnboarding, type OnboardingApi } from "../../src/operators/onboarding.ts";
import { OperatorService } from "../../src/operators/operator-service.ts";
import { PackService } from "../../src/operators/pack-service.ts";
import { TesterThreads } from "../../src/operators/tester-thread.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";
import { runCaptured } from "../cli/support.ts";

const SECRET = "certification-suite-secret-4b8e1f";
const OTHER_SECRET = "another-wallet-secret-not-the-operators-2f7d";
const clock = manualClock(Date.UTC(2030, 0, 1));
const walletClock = () => clock.now() / 1000;

let store: Store;
let operators: OperatorService;
let repository: CertificationRepository;
let service: CertificationService;
let api: OnboardingApi;
let operatorId: string;
/** The reference wallet, holding the operator's secret and expecting its X-Operator-ID. */
let wallet: RunningWallet;
/** The reference wallet configured with another secret: every signed callback is refused. */
let wrongSecretWallet: RunningWallet;

function walletEnv(secret: string, operator?: string): Record<string, string> {
  return {
    WALLET_SECRET: secret,
    WALLET_PORT: "0",
    WALLET_BASE_PATH: "/wallet/v2",
    WALLET_PLAYERS: "player-one:USD:1000.00,player-two:USD:300.00",
    ...(operator !== undefined && { WALLET_OPERATOR_ID: operator }),
  };
}

/** A service on the suite's store as instance rgs-one in staging; `overrides` swap a dependency. */
function certificationService(
  overrides: Partial<ConstructorParameters<typeof CertificationService>[0]> = {},
): CertificationService {
  return new CertificationService({
    operators,
    certifications: repository,
    runs: new CertificationRuns(store),
    instanceId: "rgs-one",
    audit: store.audit,
    clock,
    environment: "staging",
    timeoutMs: 5_000,
    ...overrides,
  });
}

beforeAll(async () => {
  store = await openMemoryStore({ clock });
  operators = new OperatorService({
    store,
    secretBox: createSecretBox(randomBytes(32)),
    clock,
    rotationGraceSeconds: 3600,
    environment: "staging",
  });
  repository = new CertificationRepository(store.db);
  service = certificationService();
  api = localOnboarding({ operators, packs: new PackService({ store, clock }), certifications: service });
  operatorId = (await operators.create({ name: "Certified Casino", secret: SECRET })).operator.id;
  wallet = await startWallet(loadConfig(walletEnv(SECRET, operatorId)), { clock: walletClock });
  wrongSecretWallet = await startWallet(loadConfig(walletEnv(OTHER_SECRET)), {
    clock: walletClock,
  });
});
afterAll(async () => {
  await wallet?.close();
  await wrongSecretWallet?.close();
  await store?.close();
});

const cli = (...argv: string[]) => runCaptured(argv, { api, via: "store", close: async () => {} });

async function balance(of: RunningWallet, player: string): Promise<string> {
  const response = await fetch(`${of.url}/admin/players/${player}`);
  return ((await response.json()) as { balance: string }).balance;
}

async function setCallbackUrl(id: string, url: string): Promise<void> {
  await operators.update(id, { callbackUrl: url });
}

describe("operator certify against the reference wallet", () => {
  let passing: CertificationRunView;

  beforeAll(async () => {
    await setCallbackUrl(operatorId, wallet.callbackBaseUrl);
    const { code, stdout, stderr } = await cli(
      "operator",
      "certify",
      operatorId,
      "--player",
      "player-one",
      "--second-player",
      "player-two",
      "--json",
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    passing = JSON.parse(stdout) as CertificationRunView;
  });

  it("records a pass of the current callback URL with the counts, the tester version and the report", async () => {
    expect(passing).toMatchObject({
      operatorId,
      callbackUrl: wallet.callbackBaseUrl,
      playerId: "player-one",
      secondPlayerId: "player-two",
      currency: "USD",
      passed: true,
      failedChecks: [],
      testerVersion: TOOL.version,
    });
    expect(passing.totals.fail).toBe(0);
    expect(passing.totals.pass).toBeGreaterThan(30);
    const happy = passing.categories.find((c) => c.category === "Happy Path");
    expect(happy).toEqual({ category: "Happy Path", pass: 8, warn: 0, fail: 0, skip: 0 });
    expect(passing.report.target).toEqual({
      walletUrl: wallet.callbackBaseUrl,
      playerId: "player-one",
      secondPlayerId: "player-two",
      operatorId,
      currency: "USD",
    });
    expect(JSON.stringify(passing.report)).not.toContain(SECRET);

    const [stored] = await repository.list(operatorId);
    expect(stored).toMatchObject({ id: passing.id, passed: true, callbackUrl: wallet.callbackBaseUrl });
    expect(await repository.report(operatorId, passing.id)).toEqual(passing.report);
    expect(await repository.isCertified(operatorId, wallet.callbackBaseUrl)).toBe(true);
  });

  it("signs with the operator's secret and X-Operator-ID, and leaves the test players' money where it was", async () => {
    const debit = passing.report.checks
      .find((check) => check.id === "happy.debit")
      ?.exchanges.find((exchange) => exchange.callback === "debit");
    expect(debit?.request.headers["X-Operator-ID"]).toBe(operatorId);
    expect(await balance(wallet, "player-one")).toBe("1000.00");
    expect(await balance(wallet, "player-two")).toBe("300.00");
  });

  it("writes an audit event naming the run", async () => {
    const [event] = await store.audit.list({ operatorId, kind: "operator.certification" });
    expect(event?.data).toMatchObject({
      certificationId: passing.id,
      callbackUrl: wallet.callbackBaseUrl,
      passed: true,
      failedChecks: [],
      tester: { name: "rgs-tester", version: TOOL.version },
    });
  });

  it("shows the status in operator show, and the run in operator certifications", async () => {
    const show = await cli("operator", "show", operatorId);
    expect(show.stdout).toMatch(
      new RegExp(`certification: +PASSED ${passing.finishedAt.replaceAll(".", "\\.")} \\(run ${passing.id},`),
    );
    expect(show.stdout).toContain("not required for real play on this staging server");
    const shown = JSON.parse((await cli("operator", "show", operatorId, "--json")).stdout);
    expect(shown.certification).toMatchObject({
      callbackUrl: wallet.callbackBaseUrl,
      certified: true,
      requiredForRealPlay: false,
      latest: { id: passing.id, passed: true },
    });

    const list = await cli("operator", "certifications", operatorId);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`${passing.id}  PASSED  ${passing.finishedAt}  ${wallet.callbackBaseUrl}`);
    const report = await cli("operator", "certifications", operatorId, "--report", passing.id, "--json");
    expect((JSON.parse(report.stdout) as RunReport).checks.length).toBe(passing.report.checks.length);
  });
});

describe("a wallet that breaks the rules", () => {
  let brokenOperator: string;
  beforeAll(async () => {
    brokenOperator = (
      await operators.create({
        name: "Broken Casino",
        secret: SECRET,
        callbackUrl: wrongSecretWallet.callbackBaseUrl,
      })
    ).operator.id;
  });

  it("records a failure naming the failing checks, exits 1 and explains in text", async () => {
    const { code, stdout } = await cli("operator", "certify", brokenOperator, "--player", "player-one");
    expect(code).toBe(1);
    expect(stdout).toMatch(/^Certification \d+ of operator .*: FAILED$/m);
    expect(stdout).toContain("failed:         happy.authenticate");
    expect(stdout).toContain("FAIL happy.authenticate");
    expect(stdout).toContain(
      "Real play stays refused in production for this callback URL until a run passes.",
    );

    const [run] = await repository.list(brokenOperator);
    expect(run).toMatchObject({
      passed: false,
      callbackUrl: wrongSecretWallet.callbackBaseUrl,
      failedChecks: ["happy.authenticate"],
    });
    // A refused signature stops the run at its first request, instead of skipping every other check.
    expect(run?.totals).toEqual({ pass: 0, warn: 0, fail: 1, skip: 0 });
    expect(stdout).toContain("signature refused: check the secret and the callback URL");
    expect(await repository.isCertified(brokenOperator, wrongSecretWallet.callbackBaseUrl)).toBe(false);
    const [event] = await store.audit.list({ operatorId: brokenOperator, kind: "operator.certification" });
    expect(event?.data).toMatchObject({ passed: false, failedChecks: ["happy.authenticate"] });
  });

  it("a later failing run of a certified URL withdraws the certification", async () => {
    // An operator whose secret this wallet does hold, until a rotation the wallet is not told about.
    const url = wrongSecretWallet.callbackBaseUrl;
    const id = (await operators.create({ name: "Rotating Casino", secret: OTHER_SECRET, callbackUrl: url }))
      .operator.id;
    const first = await service.certify({ operatorId: id, playerId: "player-two" });
    expect(first.certification.passed).toBe(true);
    expect(await repository.isCertified(id, url)).toBe(true);
    await operators.rotateSecret(id, { graceSeconds: 0 });
    const second = await service.certify({ operatorId: id, playerId: "player-two" });
    expect(second.certification).toMatchObject({ passed: false, failedChecks: ["happy.authenticate"] });
    expect(await repository.isCertified(id, url)).toBe(false);
    const operator = await operators.get(id);
    if (!operator) throw new Error("operator vanished");
    expect(await service.status(operator)).toMatchObject({
      certified: false,
      latest: { id: second.certification.id, passed: false },
    });
    expect((await repository.list(id)).map((run) => run.passed)).toEqual([false, true]);
  });
});

describe("a certification belongs to one callback URL", () => {
  it("is not current once the callback URL changes, and operator show says so", async () => {
    const other = "https://wallet.elsewhere.example/wallet/v2";
    await setCallbackUrl(operatorId, other);
    try {
      expect(await repository.isCertified(operatorId, other)).toBe(false);
      const shown = await api.showOperator({ id: operatorId });
      expect(shown.certification).toMatchObject({ callbackUrl: other, certified: false, latest: null });
      const text = await cli("operator", "show", operatorId);
      expect(text.stdout).toContain(
        `certification:      none for this callback URL: run \`npm run rgs -- operator certify ${operatorId} --player <test-player-id>\``,
      );
    } finally {
      await setCallbackUrl(operatorId, wallet.callbackBaseUrl);
    }
  });
});

describe("refusals", () => {
  it("refuses an unknown operator, one without callback URL and bad tester inputs", async () => {
    await expect(service.certify({ operatorId: "nope", playerId: "p" })).rejects.toMatchObject({
      code: "unknown_operator",
    });
    const bare = (await operators.create({ name: "No Wallet Yet" })).operator.id;
    await expect(service.certify({ operatorId: bare, playerId: "p" })).rejects.toMatchObject({
      code: "callback_url_required",
      message: expect.stringContaining(`operator update ${bare} --callback-url`),
    });
    await expect(
      service.certify({ operatorId, playerId: "player-one", currency: "usd" }),
    ).rejects.toMatchObject({ code: "invalid_request", message: expect.stringContaining("--currency") });
    await expect(
      service.certify({ operatorId, playerId: "player-one", secondPlayerId: "player-one" }),
    ).rejects.toMatchObject({ code: "invalid_request", message: expect.stringContaining("--second-player") });
    await expect(service.report(operatorId, "999999")).rejects.toMatchObject({
      code: "unknown_certification",
    });
  });

  it("refuses a second run for the same operator while one is running", async () => {
    let release: () => void = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs: string[] = [];
    const slowTester: TesterRun = async (config) => {
      runs.push(config.walletUrl);
      await blocked;
      throw new Error("the wallet went away");
    };
    const slow = certificationService({ runTester: slowTester });
    const first = slow.certify({ operatorId, playerId: "player-one" });
    await expect(slow.certify({ operatorId, playerId: "player-one" })).rejects.toMatchObject({
      code: "certification_in_progress",
    });
    release();
    await expect(first).rejects.toThrow("the wallet went away");
    expect(runs).toHaveLength(1);
    await expect(slow.certify({ operatorId, playerId: "player-one" })).rejects.toThrow(
      "the wallet went away",
    );
  });

  it("ends a run whose tester thread crashes refused with tester_stopped, recording nothing", async () => {
    const id = (
      await operators.create({ name: "Crash Casino", secret: SECRET, callbackUrl: wallet.callbackBaseUrl })
    ).operator.id;
    const crashing = new TesterThreads({
      timers: systemTimers,
      entry: new URL(`data:text/javascript,${encodeURIComponent('throw new Error("out of memory");')}`),
    });
    const crashes = certificationService({ runTester: crashing.run });
    const { done } = await crashes.start({ operatorId: id, playerId: "player-one" });
    expect((await crashes.state(id)).running).toMatchObject({ instanceId: "rgs-one" });
    await expect(done).rejects.toMatchObject({
      code: "tester_stopped",
      message: expect.stringContaining("out of memory"),
    });
    // The lease is free again and tells how the run ended, for the operator's page.
    expect(await crashes.state(id)).toEqual({
      running: null,
      last: {
        finishedAt: new Date(clock.now()),
        outcome: "stopped",
        errorCode: "tester_stopped",
        detail: expect.stringContaining("out of memory"),
      },
    });
    expect(await repository.list(id)).toEqual([]);
    expect(await store.audit.list({ operatorId: id, kind: "operator.certification" })).toEqual([]);
  });

  it("keeps an unexpected failure's own text off the operator's page, and still frees the lease", async () => {
    const id = (
      await operators.create({ name: "Broken Casino", secret: SECRET, callbackUrl: wallet.callbackBaseUrl })
    ).operator.id;
    const broken = certificationService({
      runTester: async () => {
        throw new Error('relation "certification_reports" does not exist at 10.0.3.7:5432');
      },
    });
    const { done } = await broken.start({ operatorId: id, playerId: "player-one" });
    await expect(done).rejects.toThrow("does not exist");
    const { running, last } = await broken.state(id);
    expect(running).toBeNull();
    expect(last).toMatchObject({ outcome: "stopped", errorCode: "internal_error" });
    expect(last?.detail).not.toContain("10.0.3.7");
    expect(last?.detail).toContain("log");
  });

  it("refuses bad arguments with exit code 2 before running anything", async () => {
    const missing = await cli("operator", "certify", operatorId);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--player is required");
    expect(missing.stderr).toContain(
      "usage: rgs operator certify <operator-id> --player ID [--second-player ID] [--currency CODE] [--free-rounds] [--json]",
    );
    const unknown = await cli("operator", "certify", "no-such-operator", "--player", "p", "--json");
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: { code: "unknown_operator" } });
  });
});

describe("one run per operator across instances sharing the store", () => {
  /** A tester run that goes on until told to end (then it throws, as a wallet gone away would). */
  const heldRun = () => {
    let end: () => void = () => {};
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const run: TesterRun = async () => {
      await ended;
      throw new Error("the wallet went away");
    };
    return { run, end };
  };
  const instance = (instanceId: string, runTester: TesterRun) =>
    certificationService({ instanceId, runTimeoutMs: 60_000, runTester });
  const newOperator = async () =>
    (await operators.create({ name: "Shared Casino", secret: SECRET, callbackUrl: wallet.callbackBaseUrl }))
      .operator.id;

  it("refuses a second instance's start while the first one's run holds the lease, then lets it run", async () => {
    const id = await newOperator();
    const held = heldRun();
    const first = instance("rgs-one", held.run);
    const second = instance("rgs-two", heldRun().run);
    const { done } = await first.start({ operatorId: id, playerId: "player-one" });
    await expect(second.start({ operatorId: id, playerId: "player-one" })).rejects.toMatchObject({
      code: "certification_in_progress",
    });
    expect((await second.state(id)).running).toEqual({
      instanceId: "rgs-one",
      since: new Date(clock.now()),
      expiresAt: new Date(clock.now() + 60_000 + LEASE_MARGIN_MS),
    });
    held.end();
    await expect(done).rejects.toThrow("the wallet went away");
    const again = await second.start({ operatorId: id, playerId: "player-one" });
    expect((await first.state(id)).running).toMatchObject({ instanceId: "rgs-two" });
    again.done.catch(() => {});
  });

  it("lets another instance take over a lease left to expire, and the old run's end leaves it alone", async () => {
    const id = await newOperator();
    const held = heldRun();
    const { done } = await instance("rgs-one", held.run).start({ operatorId: id, playerId: "player-one" });
    const second = instance("rgs-two", heldRun().run);
    clock.advance(60_000 + LEASE_MARGIN_MS - 1);
    await expect(second.start({ operatorId: id, playerId: "player-one" })).rejects.toMatchObject({
      code: "certification_in_progress",
    });
    clock.advance(1);
    expect((await second.state(id)).last).toMatchObject({ outcome: "stopped", errorCode: "tester_stopped" });
    const takeover = await second.start({ operatorId: id, playerId: "player-one" });
    takeover.done.catch(() => {});
    held.end();
    await expect(done).rejects.toThrow("the wallet went away");
    expect((await second.state(id)).running).toMatchObject({
      instanceId: "rgs-two",
      since: new Date(clock.now()),
    });
  });

  it("records a run stopped by a shutdown and frees its lease before closing returns", async () => {
    const id = await newOperator();
    const hanging = new TesterThreads({
      timers: systemTimers,
      entry: new URL(`data:text/javascript,${encodeURIComponent("setInterval(() => {}, 1000);")}`),
    });
    const service = instance("rgs-one", hanging.run);
    const { done } = await service.start({ operatorId: id, playerId: "player-one" });
    const refused = expect(done).rejects.toMatchObject({ code: "tester_stopped" });
    await hanging.close();
    await service.close();
    await refused;
    expect(await service.state(id)).toMatchObject({
      running: null,
      last: {
        outcome: "stopped",
        errorCode: "tester_stopped",
        detail: expect.stringContaining("shutting down"),
      },
    });
  });
});

describe("through the running server's admin interface", () => {
  let admin: FastifyInstance;
  let remote: OnboardingApi;
  beforeAll(async () => {
    admin = await buildAdminApp({
      operators,
      packs: new PackService({ store, clock }),
      certifications: service,
      adminToken: "token",
    });
    await admin.listen({ port: 0, host: "127.0.0.1" });
    const port = (admin.server.address() as AddressInfo).port;
    remote = adminClient({
      connect: async () => {
        const socket = net.connect(port, "127.0.0.1");
        await new Promise((resolve) => socket.once("connect", resolve));
        return socket;
      },
      token: "token",
    });
  });
  afterAll(async () => {
    await admin?.close();
  });

  it("certifies, lists and reports refusals as the local store does", async () => {
    const id = (
      await operators.create({
        name: "Remote Casino",
        secret: SECRET,
        callbackUrl: wrongSecretWallet.callbackBaseUrl,
      })
    ).operator.id;
    const run = await remote.certifyOperator({ id, playerId: "player-one", currency: "USD" });
    expect(run).toMatchObject({ operatorId: id, passed: false, failedChecks: ["happy.authenticate"] });
    expect(run.report.checks.find((check) => check.id === "happy.authenticate")?.outcome).toBe("fail");
    const listed: CertificationView[] = await remote.listCertifications({ id });
    expect(listed.map((entry) => entry.id)).toEqual([run.id]);
    expect((await remote.showOperator({ id })).certification).toMatchObject({
      certified: false,
      latest: { id: run.id },
    });
    await expect(remote.certifyOperator({ id, playerId: "" })).rejects.toMatchObject({
      status: 400,
      code: "invalid_request",
    });
    await expect(remote.certificationReport({ id, certification: "12345678" })).rejects.toMatchObject({
      status: 404,
      code: "unknown_certification",
    });
  });
});

describe("operator certify on a production server", () => {
  const production = (resolveHost?: (host: string) => Promise<string[]>) =>
    certificationService({ environment: "production", ...(resolveHost !== undefined && { resolveHost }) });
  const certify = (service: CertificationService, id: string) =>
    service.certify({ operatorId: id, playerId: "player-one", secondPlayerId: "player-two" });
  const newOperator = async (callbackUrl: string) =>
    (await operators.create({ name: "Production Casino", secret: SECRET, callbackUrl })).operator.id;

  it("refuses to run against a callback URL in a private network, and records nothing", async () => {
    const id = await newOperator(wallet.callbackBaseUrl);
    await expect(certify(production(), id)).rejects.toMatchObject({
      code: "callback_url_private_network",
      message: expect.stringContaining("points into a private network"),
    });
    expect(await repository.list(id)).toEqual([]);
  });

  it("refuses a host name that turns private after it was checked, before anything reaches the wallet", async () => {
    const port = new URL(wallet.callbackBaseUrl).port;
    const id = await newOperator(`http://wallet.casino.example:${port}/wallet/v2`);
    const answers = [["93.184.215.14"], ["127.0.0.1"]];
    const rebinding = async () => answers.shift() ?? ["127.0.0.1"];
    const before = await balance(wallet, "player-one");
    const { certification, report } = await certify(production(rebinding), id);
    expect(certification.passed).toBe(false);
    expect(report.checks.find((check) => check.id === "happy.authenticate")?.outcome).toBe("fail");
    expect(JSON.stringify(report.checks[0]?.exchanges)).toContain("a loopback address");
    expect(await balance(wallet, "player-one")).toBe(before);
  });

  it("runs against a private address when the operator's wallet is allowed on a private network", async () => {
    // The operator the reference wallet knows by its X-Operator-ID.
    await operators.update(operatorId, { callbackUrl: wallet.callbackBaseUrl, allowPrivateNetwork: true });
    const { certification } = await certify(production(), operatorId);
    expect(certification).toMatchObject({ passed: true, failedChecks: [] });
  });
});
