/**
 * A person's own password: changed only with the current one (a wrong one counts towards the lock-out),
 * under the CSRF token, and recorded in the audit trail without the hashes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../../src/backoffice/totp.ts";
import { LOCK_AFTER_FAILURES } from "../../src/backoffice/users.ts";
import { as, type BackofficeWorld, backofficeWorld, PASSWORD, signIn } from "./support.ts";

let bo: BackofficeWorld;
const NEW_PASSWORD = "a brand new passphrase";

beforeAll(async () => {
  bo = await backofficeWorld();
}, 180_000);
afterAll(async () => {
  await bo?.close();
});

const change = (who: Awaited<ReturnType<typeof signIn>>, body: object, csrf = true) =>
  as(bo.app, who, "POST", "/api/session/password", body, { csrf });

describe("changing one's password", () => {
  it("takes the current password, then only the new one signs in, and the trail says who and when", async () => {
    const fay = await signIn(bo.app, "fay");
    expect((await change(fay, { current: PASSWORD, next: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await signIn(bo.app, "fay")).response.statusCode).toBe(401);
    expect((await signIn(bo.app, "fay", NEW_PASSWORD)).response.statusCode).toBe(201);
    const events = await bo.store.audit.list({ operatorId: bo.operatorA, limit: 100 });
    const changed = events.find((e) => e.kind === "backoffice.password_changed");
    expect(changed).toMatchObject({ actor: "backoffice:fay", data: { changed: "password" } });
    expect(JSON.stringify(changed)).not.toContain("argon2");
  });

  it("ends the person's other sessions and keeps the one that changed it", async () => {
    await bo.users.create({ username: "pat", password: PASSWORD, role: "finance", operatorId: bo.operatorA });
    const laptop = await signIn(bo.app, "pat");
    const phone = await signIn(bo.app, "pat");
    const stolen = await signIn(bo.app, "pat");
    expect((await change(laptop, { current: PASSWORD, next: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await as(bo.app, laptop, "GET", "/api/session")).statusCode).toBe(200);
    for (const other of [phone, stolen]) {
      expect((await as(bo.app, other, "GET", "/api/session")).json()).toMatchObject({ code: "unauthorized" });
    }
    const events = await bo.store.audit.list({ operatorId: bo.operatorA, limit: 100 });
    const changed = events.find(
      (e) => e.kind === "backoffice.password_changed" && e.actor === "backoffice:pat",
    );
    expect(changed).toMatchObject({ data: { otherSessionsEnded: 2 } });
  });

  it.each([
    [{ current: PASSWORD, next: "short" }, 400, "invalid_password"],
    [{ current: PASSWORD, next: PASSWORD }, 400, "invalid_password"],
    [{ next: NEW_PASSWORD }, 401, "invalid_credentials"],
  ])("refuses %j with %s %s", async (body, status, code) => {
    const sam = await signIn(bo.app, "sam");
    const response = await change(sam, body);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });

  it("refuses a request without the CSRF token, and none signed in", async () => {
    const sid = await signIn(bo.app, "sid");
    const response = await change(sid, { current: PASSWORD, next: NEW_PASSWORD }, false);
    expect(response.json()).toMatchObject({ status: 403, code: "csrf_token_invalid" });
    const anonymous = await bo.app.inject({ method: "POST", url: "/api/session/password", payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect((await signIn(bo.app, "sid")).response.statusCode).toBe(201);
  });

  it("locks the account after repeated wrong current passwords, as at sign-in", async () => {
    const olga = await signIn(bo.app, "olga");
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      await change(olga, { current: "not my password at all", next: NEW_PASSWORD });
    }
    const locked = await change(olga, { current: PASSWORD, next: NEW_PASSWORD });
    expect(locked.json()).toMatchObject({ status: 403, code: "account_locked" });
    expect((await signIn(bo.app, "olga")).response.json().code).toBe("account_locked");
  });
});

describe("a new one-time code key", () => {
  it("needs the current code once codes are on, so an open session cannot turn them off", async () => {
    const username = "tom";
    await bo.users.create({ username, password: PASSWORD, role: "support", operatorId: bo.operatorA });
    const tom = await signIn(bo.app, username);
    const { secret } = (await as(bo.app, tom, "POST", "/api/session/totp")).json();
    const code = () => totpCode(secret, username, bo.clock.now());
    await as(bo.app, tom, "POST", "/api/session/totp/confirm", { code: code() });

    const bare = await as(bo.app, tom, "POST", "/api/session/totp");
    expect(bare.json()).toMatchObject({ status: 401, code: "totp_required" });
    const wrong = await as(bo.app, tom, "POST", "/api/session/totp", { code: "000000" });
    expect(wrong.json().code).toBe("invalid_totp");
    expect((await signIn(bo.app, username)).response.json().code).toBe("totp_required");

    const renewed = await as(bo.app, tom, "POST", "/api/session/totp", { code: code() });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().secret).not.toBe(secret);
  });
});
