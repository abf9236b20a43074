/**
 * The people of the back office: who sees whom, who may create whom, the password generated for a person
 * created without one, and disabling a person.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, type BackofficeWorld, backofficeWorld, PASSWORD, type SignedIn, signIn } from "./support.ts";

let bo: BackofficeWorld;
let alice: SignedIn;
let olga: SignedIn;

beforeAll(async () => {
  bo = await backofficeWorld();
  alice = await signIn(bo.app, "alice");
  olga = await signIn(bo.app, "olga");
}, 180_000);
afterAll(async () => {
  await bo?.close();
});

const names = async (who: SignedIn) =>
  ((await as(bo.app, who, "GET", "/api/users")).json().users as { username: string }[]).map(
    (u) => u.username,
  );

describe("the people of the back office", () => {
  it("shows a platform admin everyone, and an operator admin only its operator's people", async () => {
    expect(await names(alice)).toEqual(["alice", "bob", "fay", "olga", "sam", "sid"]);
    expect(await names(olga)).toEqual(["fay", "olga", "sam"]);
  });

  it("refuses support and finance the list", async () => {
    for (const name of ["sam", "fay"]) {
      const response = await as(bo.app, await signIn(bo.app, name), "GET", "/api/users");
      expect(response.json()).toMatchObject({ status: 403, code: "permission_denied" });
    }
  });

  it("generates a first password, answered once, that signs the new person in", async () => {
    const response = await as(bo.app, olga, "POST", "/api/users", { username: "nora", role: "finance" });
    expect(response.statusCode).toBe(201);
    const { user, password } = response.json();
    expect(user).toMatchObject({ username: "nora", role: "finance", operatorId: bo.operatorA });
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await signIn(bo.app, "nora", password)).response.statusCode).toBe(201);
    expect(JSON.stringify(await bo.store.audit.list({ limit: 500 }))).not.toContain(password);
  });

  it("lets an operator admin create neither an admin nor another operator's person", async () => {
    const admin = await as(bo.app, olga, "POST", "/api/users", { username: "max", role: "operator_admin" });
    expect(admin.json()).toMatchObject({ status: 403, code: "permission_denied" });
    const other = await as(bo.app, olga, "POST", "/api/users", {
      username: "max",
      role: "support",
      operatorId: bo.operatorB,
    });
    expect(other.json()).toMatchObject({ status: 404, code: "unknown_operator" });
    expect(await names(alice)).not.toContain("max");
  });

  it("refuses a name taken, a bad name and a short password with the catalogue's codes", async () => {
    const cases = [
      [{ username: "sam", role: "support", operatorId: bo.operatorA }, "username_taken"],
      [{ username: "A!", role: "support", operatorId: bo.operatorA }, "invalid_username"],
      [{ username: "pia", role: "support", operatorId: bo.operatorA, password: "short" }, "invalid_password"],
      [{ username: "pia", role: "wizard" }, "invalid_role"],
    ] as const;
    for (const [body, code] of cases) {
      expect((await as(bo.app, alice, "POST", "/api/users", body)).json().code).toBe(code);
    }
  });

  it("disables a person: their sessions end at once, sign-in is refused, enabling lets them back in", async () => {
    await bo.users.create({
      username: "dora",
      password: PASSWORD,
      role: "support",
      operatorId: bo.operatorA,
    });
    const dora = await signIn(bo.app, "dora");
    const id = (await dora.response.json()).user.id;
    const disabled = await as(bo.app, olga, "POST", `/api/users/${id}/disable`);
    expect(disabled.json().user).toMatchObject({ username: "dora", disabledAt: expect.any(String) });
    expect((await as(bo.app, dora, "GET", "/api/session")).json()).toMatchObject({ code: "unauthorized" });
    expect((await signIn(bo.app, "dora")).response.json()).toMatchObject({
      status: 403,
      code: "account_disabled",
    });
    // A wrong password still says only that it is wrong: the account's state is not told to a guesser.
    expect((await signIn(bo.app, "dora", "not the password at all")).response.json().code).toBe(
      "invalid_credentials",
    );
    const enabled = await as(bo.app, olga, "POST", `/api/users/${id}/enable`);
    expect(enabled.json().user.disabledAt).toBeNull();
    expect((await signIn(bo.app, "dora")).response.statusCode).toBe(201);
    const kinds = (await bo.store.audit.list({ operatorId: bo.operatorA, limit: 500 }))
      .filter((e) => e.kind === "backoffice.user_disabled" || e.kind === "backoffice.user_enabled")
      .map((e) => [
        e.kind,
        e.actor,
        (e.data as { before: { disabledAt: unknown } }).before.disabledAt === null,
      ]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ["backoffice.user_disabled", "backoffice:olga", true],
        ["backoffice.user_enabled", "backoffice:olga", false],
      ]),
    );
  });

  it("refuses to disable oneself, an admin above, another operator's person, or as support", async () => {
    const people = (await as(bo.app, alice, "GET", "/api/users")).json().users as {
      id: string;
      username: string;
    }[];
    const idOf = (name: string) => people.find((p) => p.username === name)?.id;
    const cases = [
      [olga, idOf("olga"), 409, "cannot_disable_self"],
      [alice, idOf("alice"), 409, "cannot_disable_self"],
      [olga, idOf("alice"), 404, "unknown_user"],
      [olga, idOf("sid"), 404, "unknown_user"],
      [olga, "not-an-id", 404, "unknown_user"],
      [await signIn(bo.app, "sam"), idOf("fay"), 403, "permission_denied"],
    ] as const;
    for (const [who, id, status, code] of cases) {
      expect((await as(bo.app, who, "POST", `/api/users/${id}/disable`)).json()).toMatchObject({
        status,
        code,
      });
    }
    const withoutCsrf = await as(bo.app, alice, "POST", `/api/users/${idOf("sam")}/disable`, undefined, {
      csrf: false,
    });
    expect(withoutCsrf.json().code).toBe("csrf_token_invalid");
    expect((await signIn(bo.app, "sam")).response.statusCode).toBe(201);
  });

  it("lets a platform admin disable an operator admin, who is signed out at once", async () => {
    const olgaId = (await as(bo.app, olga, "GET", "/api/session")).json().user.id;
    expect((await as(bo.app, alice, "POST", `/api/users/${olgaId}/disable`)).statusCode).toBe(200);
    expect((await as(bo.app, olga, "GET", "/api/users")).json().code).toBe("unauthorized");
    expect((await as(bo.app, alice, "POST", `/api/users/${olgaId}/enable`)).statusCode).toBe(200);
  });
});
