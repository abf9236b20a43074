import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKOFFICE_CSP } from "../../src/backoffice/app-page.ts";
import { SESSION_COOKIE } from "../../src/backoffice/guard.ts";
import { IDLE_MINUTES } from "../../src/backoffice/sessions.ts";
import { totpCode } from "../../src/backoffice/totp.ts";
import { LOCK_AFTER_FAILURES, LOCK_MINUTES } from "../../src/backoffice/users.ts";
import { localOnboarding } from "../../src/operators/onboarding.ts";
import { PackService } from "../../src/operators/pack-service.ts";
import { runCaptured } from "../cli/support.ts";
import { round, transaction } from "../outbox/support.ts";
import { as, type BackofficeWorld, backofficeWorld, PASSWORD, signIn } from "./support.ts";

let bo: BackofficeWorld;
const dist = mkdtempSync(path.join(tmpdir(), "rgs-backoffice-dist-"));

beforeAll(async () => {
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(path.join(dist, "assets", "app.js"), "export {};");
  bo = await backofficeWorld({ distDir: dist });
  // Six argon2id hashes and a wallet: slow on a busy machine.
}, 180_000);
afterAll(async () => {
  await bo?.close();
});

const auditKinds = async () =>
  (await bo.store.audit.list({ limit: 1000 })).map((event) => ({
    kind: event.kind,
    actor: event.actor,
    data: event.data,
  }));

describe("the back office's page", () => {
  it("serves the built app under a policy with no inline script or style and no framing", async () => {
    const page = await bo.app.inject({ method: "GET", url: "/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toBe(BACKOFFICE_CSP);
    expect(BACKOFFICE_CSP).not.toContain("unsafe-inline");
    expect(BACKOFFICE_CSP).toContain("frame-ancestors 'none'");
    const asset = await bo.app.inject({ method: "GET", url: "/assets/app.js" });
    expect(asset.headers["content-type"]).toContain("text/javascript");
  });

  it("says how to build it when it is not built, and serves nothing under /admin", async () => {
    const bare = await backofficeWorld({ distDir: path.join(dist, "missing") });
    try {
      const page = await bare.app.inject({ method: "GET", url: "/" });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain("npm run build:backoffice");
      expect((await bare.app.inject({ method: "GET", url: "/admin/operators" })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe("signing in", () => {
  it("sets an HttpOnly, Secure, SameSite=Strict cookie and answers the CSRF token", async () => {
    const { response, csrfToken } = await signIn(bo.app, "alice");
    expect(response.statusCode).toBe(201);
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
    expect(csrfToken.length).toBeGreaterThan(30);
    expect(response.json().user).toMatchObject({ username: "alice", role: "platform_admin" });
  });

  it("refuses a wrong password and an unknown name alike", async () => {
    const wrong = await signIn(bo.app, "fay", "not the password!!");
    const unknown = await signIn(bo.app, "nobody", PASSWORD);
    for (const { response } of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("invalid_credentials");
    }
    // The failure is forgotten by the next good sign-in.
    expect((await signIn(bo.app, "fay")).response.statusCode).toBe(201);
  });

  it("locks an account after repeated failures, even for the right password, until the lock ends", async () => {
    const username = "lockme";
    await bo.users.create({ username, password: PASSWORD, role: "support", operatorId: bo.operatorA });
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      expect((await signIn(bo.app, username, "wrong password!")).response.json().code).toBe(
        "invalid_credentials",
      );
    }
    const locked = await signIn(bo.app, username);
    expect(locked.response.statusCode).toBe(403);
    expect(locked.response.json().code).toBe("account_locked");
    expect((await auditKinds()).map((e) => e.kind)).toContain("backoffice.account_locked");
    bo.clock.advance(LOCK_MINUTES * 60_000 + 1);
    expect((await signIn(bo.app, username)).response.statusCode).toBe(201);
  });

  it("ends a session left idle, and on sign-out", async () => {
    const who = await signIn(bo.app, "sam");
    expect((await as(bo.app, who, "GET", "/api/session")).statusCode).toBe(200);
    bo.clock.advance(IDLE_MINUTES * 60_000 + 1);
    const expired = await as(bo.app, who, "GET", "/api/session");
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe("session_expired");
    const again = await signIn(bo.app, "sam");
    expect((await as(bo.app, again, "DELETE", "/api/session")).statusCode).toBe(204);
    expect((await as(bo.app, again, "GET", "/api/session")).json().code).toBe("unauthorized");
  });

  it("refuses a change without the session's CSRF token", async () => {
    const who = await signIn(bo.app, "sam");
    const without = await as(bo.app, who, "DELETE", "/api/session", undefined, { csrf: false });
    expect(without.statusCode).toBe(403);
    expect(without.json().code).toBe("csrf_token_invalid");
    const other = await signIn(bo.app, "fay");
    const foreign = await bo.app.inject({
      method: "DELETE",
      url: "/api/session",
      cookies: { [SESSION_COOKIE]: who.cookie },
      headers: { "x-csrf-token": other.csrfToken },
    });
    expect(foreign.json().code).toBe("csrf_token_invalid");
  });

  it("asks for the one-time code once a person enabled it", async () => {
    const username = "totp-user";
    await bo.users.create({ username, password: PASSWORD, role: "finance", operatorId: bo.operatorA });
    const who = await signIn(bo.app, username);
    const started = await as(bo.app, who, "POST", "/api/session/totp");
    const { secret, uri } = started.json() as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const wrongConfirm = await as(bo.app, who, "POST", "/api/session/totp/confirm", { code: "000000" });
    expect(wrongConfirm.json().code).toBe("invalid_totp");
    const confirmed = await as(bo.app, who, "POST", "/api/session/totp/confirm", {
      code: totpCode(secret, username, bo.clock.now()),
    });
    expect(confirmed.json().user.totpEnabled).toBe(true);

    expect((await signIn(bo.app, username)).response.json().code).toBe("totp_required");
    expect((await signIn(bo.app, username, PASSWORD, "123456")).response.json().code).toBe("invalid_totp");
    bo.clock.advance(90_000);
    const good = await signIn(bo.app, username, PASSWORD, totpCode(secret, username, bo.clock.now()));
    expect(good.response.statusCode).toBe(201);
  });
});

describe("what each role sees and does", () => {
  it("answers 404 for another operator's round, searches and dead letters", async () => {
    const { roundId, transactionId } = await bo.deadLetter();
    bo.clock.advance(10_000);
    const sid = await signIn(bo.app, "sid");
    const roundPage = await as(bo.app, sid, "GET", `/api/operators/${bo.operatorA}/rounds/${roundId}`);
    expect(roundPage.statusCode).toBe(404);
    const search = await as(bo.app, sid, "POST", `/api/operators/${bo.operatorA}/rounds/search`, { roundId });
    expect(search.statusCode).toBe(404);
    expect((await as(bo.app, sid, "GET", `/api/callbacks/${transactionId}`)).statusCode).toBe(404);
    const list = await as(bo.app, sid, "GET", "/api/callbacks");
    expect(list.json().callbacks).toEqual([]);
    const operators = await as(bo.app, sid, "GET", "/api/operators");
    expect(operators.json().operators.map((o: { id: string }) => o.id)).toEqual([bo.operatorB]);

    const sam = await signIn(bo.app, "sam");
    const own = await as(bo.app, sam, "GET", `/api/operators/${bo.operatorA}/rounds/${roundId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().round).toMatchObject({ roundId, fairness: { clientSeed: "client" } });
    expect(own.json().round.transactions[0]).toMatchObject({ transactionId, state: "dead", attempts: 1 });
    const viewed = (await auditKinds()).find((e) => e.kind === "backoffice.player_data_viewed");
    expect(viewed).toMatchObject({ actor: "backoffice:sam", data: { what: "round", filters: { roundId } } });
  });

  it("gives a round's page every failed attempt of each callback and the latency of its final answer", async () => {
    const { roundId, transactionId } = await bo.deadLetter({ failures: 2 });
    bo.clock.advance(10_000);
    const sam = await signIn(bo.app, "sam");
    const page = await as(bo.app, sam, "GET", `/api/operators/${bo.operatorA}/rounds/${roundId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().round.transactions[0]).toMatchObject({ transactionId, state: "dead", attempts: 3 });
    const attempts = page.json().attempts[transactionId];
    expect(attempts).toMatchObject({
      latencyMs: 0,
      failed: [
        { attempt: 1, latencyMs: 0, httpStatus: 503, answer: "Service Unavailable" },
        { attempt: 2, latencyMs: 0, httpStatus: 503, answer: "Service Unavailable" },
      ],
    });
    expect(attempts.failed[0].error).toMatch(/^http_status: The wallet answered HTTP 503/);
    expect(Date.parse(attempts.failed[0].sentAt)).not.toBeNaN();
    expect(JSON.stringify(page.json())).not.toMatch(/signature/i);
  });

  it("gives a round's page each callback's request as sent, without the session token", async () => {
    const { roundId } = await bo.played({ bet: 700n, win: 0n });
    const sam = await signIn(bo.app, "sam");
    const page = await as(bo.app, sam, "GET", `/api/operators/${bo.operatorA}/rounds/${roundId}`);
    expect(page.statusCode).toBe(200);
    const stored = await bo.store.db
      .selectFrom("wallet_transactions")
      .select(["transaction_id", "kind", "request_body"])
      .where("round_id", "=", roundId)
      .execute();
    const debit = stored.find((row) => row.kind === "debit");
    const sent = JSON.parse(debit?.request_body ?? "{}");
    expect(sent.sessionToken).toBe(bo.world.sessionId);
    expect(page.json().attempts[debit?.transaction_id ?? ""].request).toEqual({
      json: { ...sent, sessionToken: "[redacted]" },
    });
    for (const row of stored) {
      expect(page.json().attempts[row.transaction_id].request.json.requestId).toBe(
        JSON.parse(row.request_body).requestId,
      );
    }
    expect(page.body).not.toContain(bo.world.sessionId);
  });

  it("validates searches with the catalogue's codes", async () => {
    const sam = await signIn(bo.app, "sam");
    const noRange = await as(bo.app, sam, "POST", `/api/operators/${bo.operatorA}/rounds/search`, {});
    expect(noRange.statusCode).toBe(400);
    expect(noRange.json().code).toBe("invalid_time_range");
    const unknown = await as(bo.app, sam, "POST", `/api/operators/${bo.operatorA}/rounds/search`, { x: 1 });
    expect(unknown.json().code).toBe("unknown_filter");
  });

  it("lets neither support nor finance ask for a money action", async () => {
    const { transactionId } = await bo.deadLetter();
    for (const username of ["sam", "fay"]) {
      const who = await signIn(bo.app, username);
      const asked = await as(bo.app, who, "POST", `/api/callbacks/${transactionId}/actions`, {
        action: "mark_applied",
        reason: "the wallet says it paid",
        confirmed: true,
      });
      expect(asked.statusCode).toBe(403);
      expect(asked.json().code).toBe("permission_denied");
    }
    expect((await transaction(bo.store, transactionId)).status).toBe("dead");
  });
});

describe("a money action", () => {
  it("needs a reason and a confirmation, then takes effect only when a second platform admin approves", async () => {
    const { roundId, transactionId } = await bo.deadLetter({ roundClosed: true });
    const olga = await signIn(bo.app, "olga");
    const url = `/api/callbacks/${transactionId}/actions`;
    const detail = await as(bo.app, olga, "GET", `/api/callbacks/${transactionId}`);
    expect(detail.json().actions.map((a: { meaning: string }) => a.meaning)).toEqual([
      expect.stringContaining("player gains 12.34 USD"),
      expect.stringContaining("new credit of 12.34 USD with its own transaction ID"),
      expect.stringContaining("counts as paid in reports and reconciliation"),
    ]);
    const noReason = await as(bo.app, olga, "POST", url, { action: "mark_applied", confirmed: true });
    expect(noReason.json().code).toBe("reason_required");
    const unconfirmed = await as(bo.app, olga, "POST", url, {
      action: "mark_applied",
      reason: "paid by hand",
    });
    expect(unconfirmed.json().code).toBe("confirmation_required");
    const asked = await as(bo.app, olga, "POST", url, {
      action: "mark_applied",
      reason: "the wallet's team confirms it credited the player",
      confirmed: true,
    });
    expect(asked.statusCode).toBe(201);
    const { id } = asked.json().approval as { id: string };
    expect((await transaction(bo.store, transactionId)).status).toBe("dead");
    const twice = await as(bo.app, olga, "POST", url, {
      action: "requeue",
      reason: "again",
      confirmed: true,
    });
    expect(twice.json().code).toBe("approval_pending");

    expect((await as(bo.app, olga, "POST", `/api/approvals/${id}/approve`)).json().code).toBe(
      "permission_denied",
    );
    const alice = await signIn(bo.app, "alice");
    const sid = await signIn(bo.app, "sid");
    expect((await as(bo.app, sid, "GET", "/api/approvals")).json().approvals).toEqual([]);
    const approved = await as(bo.app, alice, "POST", `/api/approvals/${id}/approve`);
    expect(approved.json().approval).toMatchObject({
      status: "approved",
      requestedBy: "olga",
      decidedBy: "alice",
    });

    const row = await transaction(bo.store, transactionId);
    expect(row.resolved_by).toBe("olga (approved by alice)");
    expect((await round(bo.store, roundId)).status).toBe("closed");
    const events = await auditKinds();
    expect(events.find((e) => e.kind === "callback.resolved")).toMatchObject({ actor: "backoffice:alice" });
    expect(events.find((e) => e.kind === "backoffice.money_action_approved")).toMatchObject({
      actor: "backoffice:alice",
      data: { before: { state: "dead" }, after: { state: "resolved" }, requestedBy: "olga" },
    });
    expect((await as(bo.app, alice, "POST", `/api/approvals/${id}/approve`)).json().code).toBe(
      "approval_not_pending",
    );
  });

  it("is never approved by the person who asked for it", async () => {
    const { transactionId } = await bo.deadLetter();
    const alice = await signIn(bo.app, "alice");
    const asked = await as(bo.app, alice, "POST", `/api/callbacks/${transactionId}/actions`, {
      action: "requeue",
      reason: "the wallet fixed its bug",
      confirmed: true,
    });
    const { id } = asked.json().approval as { id: string };
    const self = await as(bo.app, alice, "POST", `/api/approvals/${id}/approve`);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe("approval_by_requester");
    const bob = await signIn(bo.app, "bob");
    const rejected = await as(bo.app, bob, "POST", `/api/approvals/${id}/reject`, {
      reason: "not yet fixed",
    });
    expect(rejected.json().approval).toMatchObject({ status: "rejected", decidedBy: "bob" });
    expect((await transaction(bo.store, transactionId)).status).toBe("dead");
  });
});

describe("npm run rgs -- admin create", () => {
  const cli = (...argv: string[]) =>
    runCaptured(argv, {
      api: localOnboarding({
        operators: bo.world.operators,
        packs: new PackService({ store: bo.store, clock: bo.clock }),
        backofficeUsers: bo.users,
      }),
      via: "store",
      close: async () => {},
    });

  it("creates the first platform admin with a password shown once, which signs in", async () => {
    const run = await cli("admin", "create", "root-admin");
    expect(run.code).toBe(0);
    const password = /Password: (\S+)/.exec(run.stdout)?.[1] ?? "";
    expect(password.length).toBeGreaterThanOrEqual(20);
    const signedIn = await signIn(bo.app, "root-admin", password);
    expect(signedIn.response.json().user).toMatchObject({ role: "platform_admin", operatorId: null });
    const created = (await auditKinds()).find(
      (e) =>
        e.kind === "backoffice.user_created" &&
        (e.data as { after: { username: string } }).after.username === "root-admin",
    );
    expect(created?.actor).toMatch(/^cli:/);
  });

  it("exits 2 with the usage on bad arguments, and says why a value is refused", async () => {
    const badRole = await cli("admin", "create", "x-admin", "--role", "owner");
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain("--role must be one of");
    const unscoped = await cli("admin", "create", "x-support", "--role", "support");
    expect(unscoped.code).toBe(2);
    expect(unscoped.stderr).toContain("--operator");
    const badName = await cli("admin", "create", "X!");
    expect(badName.code).toBe(2);
    expect(badName.stderr).toContain("user name");
    const taken = await cli("admin", "create", "alice");
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain("taken");
  });
});
