/**
 * The people of the back office: who sees whom, who may create whom, and the password generated for a
 * person created without one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, type BackofficeWorld, backofficeWorld, type SignedIn, signIn } from "./support.ts";

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
});
