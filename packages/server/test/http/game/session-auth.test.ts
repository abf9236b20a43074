import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, errorOf, type Harness } from "../support.ts";
import { DICE, gameRequest, launchDemo, ok, type RoundResult } from "./game-support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe("session token on the game API", () => {
  it("refuses a request without a token with 401 invalid_session", async () => {
    const error = errorOf(await gameRequest(h, undefined, "POST", "/game/current"));
    expect(error).toMatchObject({ status: 401, code: "invalid_session" });
    expect(error.detail).toContain("Authorization: Bearer");
  });

  it.each([
    ["an unknown token", { authorization: `Bearer ${"A".repeat(43)}` }],
    ["a malformed token", { authorization: "Bearer not a token" }],
    ["another scheme", { authorization: "Basic dXNlcjpwdw==" }],
  ])("refuses %s", async (_name, headers) => {
    const response = await h.app.inject({ method: "POST", url: "/game/current", headers });
    expect(errorOf(response)).toMatchObject({ status: 401, code: "invalid_session" });
  });

  it("accepts the token of the launch URL", async () => {
    const { token } = await launchDemo(h);
    expect((await gameRequest(h, token, "POST", "/game/current")).statusCode).toBe(200);
  });

  it("answers session_expired after the inactivity TTL, and activity extends the session", async () => {
    const { token } = await launchDemo(h);
    h.clock.advance(3000_000);
    expect((await gameRequest(h, token, "POST", "/game/current")).statusCode).toBe(200);
    h.clock.advance(3000_000);
    expect((await gameRequest(h, token, "POST", "/game/current")).statusCode).toBe(200);
    h.clock.advance(3600_000 + 1);
    const error = errorOf(await gameRequest(h, token, "POST", "/game/current"));
    expect(error).toMatchObject({ status: 401, code: "session_expired" });
  });

  it("never shows or acts on another session's round (404)", async () => {
    const alice = await launchDemo(h, { gameCode: "mines-alpha" });
    const bob = await launchDemo(h, { gameCode: "mines-alpha" });
    const round = ok<RoundResult>(
      await gameRequest(h, alice.token, "POST", "/game/play", { amount: "1.00", params: { mines: 3 } }),
    ).round;
    const read = await gameRequest(h, bob.token, "GET", `/game/round/${round.id}`);
    expect(errorOf(read)).toMatchObject({ status: 404, code: "round_not_found" });
    const act = await gameRequest(h, bob.token, "POST", "/game/action", {
      roundId: round.id,
      action: "reveal",
      params: { tile: 1 },
    });
    expect(errorOf(act)).toMatchObject({ status: 404, code: "round_not_found" });
    const own = ok<{ id: string; status: string }>(
      await gameRequest(h, alice.token, "GET", `/game/round/${round.id}`),
    );
    expect(own).toMatchObject({ id: round.id, status: "open" });
  });

  it("sends no CORS headers: the game client is served from the same origin", async () => {
    const { token } = await launchDemo(h);
    const response = await gameRequest(h, token, "POST", "/game/current", undefined, {
      origin: "https://evil.example",
    });
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("POST /session/refresh", () => {
  it("rotates the token; the old one works for the grace period only", async () => {
    const { token } = await launchDemo(h, { playerId: "refresher" });
    const refreshed = ok<{ sessionToken: string; expiresAt: string; previousTokenValidUntil: string }>(
      await gameRequest(h, token, "POST", "/session/refresh"),
    );
    expect(refreshed.sessionToken).not.toBe(token);
    expect(refreshed.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(refreshed.previousTokenValidUntil).toBe(new Date(h.clock.now() + 30_000).toISOString());
    expect(refreshed.expiresAt).toBe(new Date(h.clock.now() + 3600_000).toISOString());

    h.clock.advance(29_000);
    expect((await gameRequest(h, token, "POST", "/game/current")).statusCode).toBe(200);
    h.clock.advance(1_000);
    expect(errorOf(await gameRequest(h, token, "POST", "/game/current")).code).toBe("invalid_session");
    expect((await gameRequest(h, refreshed.sessionToken, "POST", "/game/current")).statusCode).toBe(200);
  });

  it("answers the same new token to a repeated refresh of the same token within the grace", async () => {
    const { token } = await launchDemo(h, { playerId: "two-tabs" });
    const first = ok<{ sessionToken: string; previousTokenValidUntil: string }>(
      await gameRequest(h, token, "POST", "/session/refresh"),
    );
    h.clock.advance(5_000);
    const again = ok<{ sessionToken: string; previousTokenValidUntil: string }>(
      await gameRequest(h, token, "POST", "/session/refresh"),
    );
    expect(again).toMatchObject({
      sessionToken: first.sessionToken,
      previousTokenValidUntil: first.previousTokenValidUntil,
    });
    h.clock.advance(25_000);
    expect(errorOf(await gameRequest(h, token, "POST", "/session/refresh")).code).toBe("invalid_session");
    expect((await gameRequest(h, first.sessionToken, "POST", "/game/current")).statusCode).toBe(200);
  });

  it("keeps the same session, so rounds and balance carry over", async () => {
    const { token } = await launchDemo(h);
    const played = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }),
    );
    const { sessionToken } = ok<{ sessionToken: string }>(
      await gameRequest(h, token, "POST", "/session/refresh"),
    );
    const current = ok<{ balance: string }>(await gameRequest(h, sessionToken, "POST", "/game/current"));
    expect(current.balance).toBe(played.balance);
    const round = await gameRequest(h, sessionToken, "GET", `/game/round/${played.round.id}`);
    expect(round.statusCode).toBe(200);
  });

  it("refuses a body with fields", async () => {
    const { token } = await launchDemo(h);
    const error = errorOf(await gameRequest(h, token, "POST", "/session/refresh", { token: "x" }));
    expect(error).toMatchObject({ status: 400, code: "invalid_request" });
  });
});

describe("game API rate limit", () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await createHarness({
      shareStoreOf: h,
      config: { gameRateLimit: { ratePerSecond: 1, burst: 3 } },
    });
  });
  afterAll(async () => limited.close());

  it("limits each session, with Retry-After, separately from other sessions", async () => {
    const one = await launchDemo(limited);
    const two = await launchDemo(limited);
    const addresses = ["10.0.0.1", "10.0.0.2"];
    const from = (token: string, i: number) =>
      limited.app.inject({
        method: "POST",
        url: "/game/current",
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: addresses[i % 2] as string,
      });
    for (let i = 0; i < 3; i++) expect((await from(one.token, i)).statusCode).toBe(200);
    const refused = await from(one.token, 3);
    expect(errorOf(refused)).toMatchObject({ status: 429, code: "rate_limit_exceeded" });
    expect(refused.headers["retry-after"]).toBe("1");
    expect(errorOf(refused).detail).toContain("for this session");
    expect((await from(two.token, 5)).statusCode).toBe(200);
  });
});
