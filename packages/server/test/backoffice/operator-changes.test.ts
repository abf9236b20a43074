/**
 * Changing operators through the back office's API: who may create, edit, move the callback URL, rotate the
 * secret and run the tester; bad input answered with the catalogue's codes; each change in the audit trail.
 */
import { type RunReport, TOOL } from "@rgs/tester";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CertificationRuns } from "../../src/operators/certification-runs.ts";
import type { TesterRun } from "../../src/operators/certification-service.ts";
import { addCallback, addRound } from "../outbox/support.ts";
import { as, type BackofficeWorld, backofficeWorld, type SignedIn, signIn } from "./support.ts";

let bo: BackofficeWorld;
let alice: SignedIn;
let olga: SignedIn;
/** Tester runs wait for this until a test lets them finish. */
let release: () => void = () => {};
const testedUrls: string[] = [];

/** What the tester reports of a wallet that passes every check (its checks are the tester's own suite's). */
function passingReport(walletUrl: string, playerId: string): RunReport {
  const at = new Date(0).toISOString();
  return {
    tool: { ...TOOL },
    startedAt: at,
    finishedAt: at,
    durationMs: 1,
    target: { walletUrl, playerId, currency: "USD" },
    checks: [],
    categories: [],
    totals: { pass: 0, warn: 0, fail: 0, skip: 0 },
    money: [],
    passed: true,
    exitCode: 0,
  };
}

const heldTester: TesterRun = async (config) => {
  testedUrls.push(config.walletUrl);
  await new Promise<void>((resolve) => {
    release = resolve;
  });
  return passingReport(config.walletUrl, config.playerId);
};

beforeAll(async () => {
  bo = await backofficeWorld({ runTester: heldTester });
  alice = await signIn(bo.app, "alice");
  olga = await signIn(bo.app, "olga");
}, 180_000);
afterAll(async () => {
  release();
  await bo?.close();
});

const settingsOf = async (operatorId: string) =>
  (await as(bo.app, alice, "GET", `/api/operators/${operatorId}/settings`)).json();

async function lastAudit(kind: string, operatorId: string) {
  const [entry] = await bo.store.audit.list({ operatorId, kind, limit: 1 });
  return entry as { actor: string | null; data: Record<string, unknown> };
}

describe("creating an operator", () => {
  it("gives a platform admin the new operator and its secret once, and audits it without the secret", async () => {
    const created = await as(bo.app, alice, "POST", "/api/operators", {
      name: "Harbour Casino",
      lobbyUrl: "https://harbour.test/lobby",
      allowedCountries: ["DE", "AT"],
      timeZone: "Europe/Berlin",
      betLimits: [{ currency: "EUR", minBet: "0.20", maxBet: "50.00", maxWin: "10000.00" }],
    });
    expect(created.statusCode).toBe(201);
    const { operator, secret } = created.json();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(operator).toMatchObject({ name: "Harbour Casino", timeZone: "Europe/Berlin", callbackUrl: null });
    const shown = await settingsOf(operator.id);
    expect(shown.betLimits).toEqual([
      { currency: "EUR", minBet: "0.20", maxBet: "50.00", maxWin: "10000.00" },
    ]);
    expect(JSON.stringify(shown)).not.toContain(secret);
    const audit = await lastAudit("operator.created", operator.id);
    expect(audit.actor).toContain("alice");
    expect(audit.data).toMatchObject({ after: { name: "Harbour Casino", allowedCountries: ["DE", "AT"] } });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it("refuses bad input with the catalogue's codes, and an operator admin altogether", async () => {
    const create = (body: unknown) => as(bo.app, alice, "POST", "/api/operators", body as object);
    const refusals: [unknown, number, string][] = [
      [{}, 400, "invalid_name"],
      [{ name: "   " }, 400, "invalid_name"],
      [{ name: "X", secret: "mine" }, 400, "invalid_request"],
      [{ name: "X", lobbyUrl: "javascript:alert(1)" }, 400, "invalid_lobby_url"],
      [{ name: "X", allowedCountries: ["XX"] }, 400, "invalid_countries"],
      [{ name: "X", timeZone: "Mars/Olympus" }, 400, "invalid_time_zone"],
      [{ name: "X", packs: ["no-such-pack"] }, 404, "unknown_pack"],
      [
        { name: "X", betLimits: [{ currency: "EUR", minBet: 0.2, maxBet: "5", maxWin: "9" }] },
        400,
        "invalid_bet_limits",
      ],
      [[], 400, "invalid_request"],
    ];
    for (const [body, status, code] of refusals) {
      const answer = await create(body);
      expect({ body, status: answer.statusCode, code: answer.json().code }).toEqual({ body, status, code });
    }
    const byOperatorAdmin = await as(bo.app, olga, "POST", "/api/operators", { name: "Olga's own" });
    expect(byOperatorAdmin.json()).toMatchObject({ status: 403, code: "permission_denied" });
  });
});

describe("editing an operator's settings", () => {
  it("lets its operator admin change its pages and bet limits, audited before and after in its name", async () => {
    const answer = await as(bo.app, olga, "POST", `/api/operators/${bo.operatorA}/settings`, {
      lobbyUrl: "https://outbox.test/lobby",
      limitsUrl: "https://outbox.test/limits",
      betLimits: [{ currency: "USD", minBet: "0.10", maxBet: "20.00", maxWin: "5000.00" }],
    });
    expect(answer.statusCode).toBe(200);
    const shown = await settingsOf(bo.operatorA);
    expect(shown.operator).toMatchObject({
      lobbyUrl: "https://outbox.test/lobby",
      limitsUrl: "https://outbox.test/limits",
    });
    expect(shown.betLimits).toEqual([
      { currency: "USD", minBet: "0.10", maxBet: "20.00", maxWin: "5000.00" },
    ]);
    const audit = await lastAudit("operator.updated", bo.operatorA);
    expect(audit.actor).toContain("olga");
    expect(audit.data).toMatchObject({
      before: { lobbyUrl: null, betLimits: [] },
      after: { lobbyUrl: "https://outbox.test/lobby", betLimits: [{ currency: "USD", minBet: "0.10" }] },
    });
  });

  it("keeps the platform's settings from an operator admin, and other operators' from it entirely", async () => {
    for (const body of [
      { timeZone: "Europe/Malta" },
      { name: "Renamed" },
      { packs: [] },
      { allowedCountries: null },
    ]) {
      const answer = await as(bo.app, olga, "POST", `/api/operators/${bo.operatorA}/settings`, body);
      expect(answer.json()).toMatchObject({ status: 403, code: "permission_denied" });
    }
    const other = await as(bo.app, olga, "POST", `/api/operators/${bo.operatorB}/settings`, {
      lobbyUrl: null,
    });
    expect(other.json()).toMatchObject({ status: 404, code: "unknown_operator" });
    const sam = await signIn(bo.app, "sam");
    const bySupport = await as(bo.app, sam, "POST", `/api/operators/${bo.operatorA}/settings`, {
      lobbyUrl: null,
    });
    expect(bySupport.json().code).toBe("permission_denied");
    expect((await settingsOf(bo.operatorA)).operator.timeZone).toBe("UTC");
  });

  it("lets a platform admin change the rest, and refuses bad values and unknown fields by name", async () => {
    const path = `/api/operators/${bo.operatorB}/settings`;
    const changed = await as(bo.app, alice, "POST", path, { timeZone: "Europe/Malta", jurisdiction: "MGA" });
    expect(changed.json().operator).toMatchObject({ timeZone: "Europe/Malta", jurisdiction: "MGA" });
    const refusals: [object, string][] = [
      [{ jurisdiction: "MOON" }, "unknown_jurisdiction"],
      [{ responsibleGamblingUrl: "ftp://x.test/" }, "invalid_responsible_gambling_url"],
      [{ freeRounds: "yes" }, "invalid_request"],
      [{ callbackUrl: "https://elsewhere.test/" }, "invalid_request"],
      [{ frameAncestors: ["https://x.test"] }, "invalid_request"],
    ];
    for (const [body, code] of refusals) {
      const answer = await as(bo.app, alice, "POST", path, body);
      expect({ body, status: answer.statusCode, code: answer.json().code }).toEqual({
        body,
        status: 400,
        code,
      });
    }
    const malformed = await bo.app.inject({
      method: "POST",
      url: path,
      cookies: { rgs_backoffice: alice.cookie },
      headers: { "x-csrf-token": alice.csrfToken, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(malformed.statusCode).toBe(400);
    const withoutToken = await as(bo.app, alice, "POST", path, { timeZone: "UTC" }, { csrf: false });
    expect(withoutToken.json().code).toBe("csrf_token_invalid");
  });
});

describe("the callback URL", () => {
  it("shows a platform admin the callbacks still pending, then moves them and drops certification", async () => {
    const roundId = await addRound(bo.world, { status: "settling" });
    await addCallback(bo.world, roundId, { seq: 1, kind: "credit", roundClosed: true, amount: 500n });
    const pending = await as(bo.app, alice, "GET", `/api/operators/${bo.operatorA}/pending-callbacks`);
    expect(pending.json()).toEqual({ count: 1, oldestAt: new Date(bo.clock.now()).toISOString() });

    const moved = await as(bo.app, alice, "POST", `/api/operators/${bo.operatorA}/callback-url`, {
      callbackUrl: "https://wallet.outbox.test/v2",
    });
    expect(moved.json().operator.callbackUrl).toBe("https://wallet.outbox.test/v2");
    expect((await settingsOf(bo.operatorA)).certification.certified).toBe(false);
    const audit = await lastAudit("operator.updated", bo.operatorA);
    expect(audit.data).toMatchObject({
      before: { callbackUrl: bo.wallet.url },
      after: { callbackUrl: "https://wallet.outbox.test/v2" },
    });
  });

  it("is a platform admin's only, and refuses a URL that is not one", async () => {
    const path = `/api/operators/${bo.operatorA}/callback-url`;
    const byOperatorAdmin = await as(bo.app, olga, "POST", path, { callbackUrl: "https://olga.test/" });
    expect(byOperatorAdmin.json()).toMatchObject({ status: 403, code: "permission_denied" });
    const pending = await as(bo.app, olga, "GET", `/api/operators/${bo.operatorA}/pending-callbacks`);
    expect(pending.json().code).toBe("permission_denied");
    for (const body of [
      {},
      { callbackUrl: "wallet.test" },
      { callbackUrl: "https://w.test/?a=1" },
      { callbackUrl: 7 },
    ]) {
      const answer = await as(bo.app, alice, "POST", path, body);
      expect({ body, code: answer.json().code }).toEqual({ body, code: "invalid_callback_url" });
    }
    const unknown = await as(bo.app, alice, "POST", "/api/operators/not-an-id/callback-url", {
      callbackUrl: "https://w.test/",
    });
    expect(unknown.json()).toMatchObject({ status: 404, code: "unknown_operator" });
  });
});

describe("rotating the secret", () => {
  it("shows the new secret in its answer only, and audits the rotation without it", async () => {
    const answer = await as(bo.app, olga, "POST", `/api/operators/${bo.operatorA}/secret`, {});
    expect(answer.statusCode).toBe(201);
    const { secret, previousValidUntil } = answer.json();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(previousValidUntil).toBe(new Date(bo.clock.now() + 3_600_000).toISOString());
    const audit = await lastAudit("operator.secret_rotated", bo.operatorA);
    expect(audit.actor).toContain("olga");
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(JSON.stringify(await settingsOf(bo.operatorA))).not.toContain(secret);
    const other = await as(bo.app, olga, "POST", `/api/operators/${bo.operatorB}/secret`, {});
    expect(other.json().code).toBe("unknown_operator");
    const withGrace = await as(bo.app, alice, "POST", `/api/operators/${bo.operatorA}/secret`, {
      graceSeconds: 0,
    });
    expect(withGrace.json().code).toBe("invalid_request");
  });
});

describe("running the tester", () => {
  it("answers at once, refuses a second run while one goes, and opens the report when it is over", async () => {
    const path = `/api/operators/${bo.operatorA}/certifications`;
    const started = await as(bo.app, alice, "POST", path, { playerId: "tester-1", currency: "USD" });
    expect(started.statusCode).toBe(202);
    expect((await settingsOf(bo.operatorA)).certification).toMatchObject({
      running: true,
      runningOn: { instance: "rgs-backoffice-test", since: new Date(bo.clock.now()).toISOString() },
    });
    const second = await as(bo.app, olga, "POST", path, { playerId: "tester-1" });
    expect(second.json()).toMatchObject({ status: 409, code: "certification_in_progress" });
    release();
    await expect.poll(async () => (await settingsOf(bo.operatorA)).certification.running).toBe(false);
    const { certification } = await settingsOf(bo.operatorA);
    expect(certification.certified).toBe(true);
    expect(testedUrls).toEqual(["https://wallet.outbox.test/v2"]);

    const report = await as(bo.app, olga, "GET", `${path}/${certification.runs[0].id}/report`);
    expect(report.statusCode).toBe(200);
    expect(report.headers["content-type"]).toContain("text/html");
    expect(report.headers["content-security-policy"]).toContain("sandbox");
    expect(report.body).toContain("https://wallet.outbox.test/v2");
    const missing = await as(bo.app, olga, "GET", `${path}/00000000-0000-4000-8000-000000000000/report`);
    expect(missing.json()).toMatchObject({ status: 404, code: "unknown_certification" });
  });

  it("shows a run going on on another instance, then how it ended when it ended without a report", async () => {
    const runs = new CertificationRuns(bo.store);
    const lease = {
      operatorId: bo.operatorA,
      instanceId: "rgs-elsewhere",
      startedAt: new Date(bo.clock.now()),
    };
    expect(await runs.acquire({ ...lease, expiresAt: new Date(bo.clock.now() + 60_000) })).toBe(true);
    const going = (await settingsOf(bo.operatorA)).certification;
    expect(going).toMatchObject({
      running: true,
      runningOn: { instance: "rgs-elsewhere", since: lease.startedAt.toISOString() },
    });
    const path = `/api/operators/${bo.operatorA}/certifications`;
    const refused = await as(bo.app, alice, "POST", path, { playerId: "tester-1" });
    expect(refused.json()).toMatchObject({ status: 409, code: "certification_in_progress" });
    bo.clock.advance(5_000);
    await runs.release(lease, {
      finishedAt: new Date(bo.clock.now()),
      outcome: "timed_out",
      errorCode: "tester_timed_out",
      detail: "The tester run took longer than 15 minutes.",
    });
    expect((await settingsOf(bo.operatorA)).certification).toMatchObject({
      running: false,
      runningOn: null,
      lastFailure: {
        outcome: "timed_out",
        code: "tester_timed_out",
        detail: "The tester run took longer than 15 minutes.",
        at: new Date(bo.clock.now()).toISOString(),
      },
    });
  });

  it("refuses a run without its test player, another operator's, and one by support", async () => {
    const path = `/api/operators/${bo.operatorA}/certifications`;
    expect((await as(bo.app, alice, "POST", path, {})).json().code).toBe("invalid_request");
    expect((await as(bo.app, alice, "POST", path, { playerId: "p", freeRounds: "yes" })).json().code).toBe(
      "invalid_request",
    );
    const other = await as(bo.app, olga, "POST", `/api/operators/${bo.operatorB}/certifications`, {
      playerId: "p",
    });
    expect(other.json().code).toBe("unknown_operator");
    const fay = await signIn(bo.app, "fay");
    expect((await as(bo.app, fay, "POST", path, { playerId: "p" })).json().code).toBe("permission_denied");
    const noUrl = await as(bo.app, alice, "POST", `/api/operators/${bo.operatorB}/certifications`, {
      playerId: "p",
    });
    expect(noUrl.json()).toMatchObject({ code: "callback_url_required" });
  });
});
