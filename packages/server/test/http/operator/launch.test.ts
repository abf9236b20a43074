import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSessionToken, SessionService } from "../../../src/sessions/session-service.ts";
import { createHarness, DEMO_LAUNCH, errorOf, type Harness, type TestOperator } from "../support.ts";

let h: Harness;
let sessions: SessionService;
beforeAll(async () => {
  h = await createHarness();
  sessions = new SessionService({
    sessions: h.store.sessions,
    clock: h.clock,
    ttlSeconds: h.config.sessionTtlSeconds,
  });
});
afterAll(async () => h.close());

type Launched = {
  launchUrl: string;
  sessionId: string;
  expiresAt: string;
  currency: string;
  demo: boolean;
  betLimits: { minBet: string; maxBet: string; maxWin: string };
};

let players = 0;
/** A fresh player per launch, so tests do not reuse each other's sessions. */
const freshPlayer = () => `player-${++players}`;

function launch(body: Record<string, unknown>, operator?: TestOperator) {
  return h.signed({
    method: "POST",
    path: "/operator/launch",
    body: { ...DEMO_LAUNCH, playerId: freshPlayer(), ...body },
    ...(operator ? { operator } : {}),
  });
}

async function launched(body: Record<string, unknown>, operator?: TestOperator): Promise<Launched> {
  const response = await launch(body, operator);
  if (response.statusCode !== 200) throw new Error(`launch failed: ${response.body}`);
  return response.json() as Launched;
}

const tokenOf = (launchUrl: string) => new URL(launchUrl).searchParams.get("sessionToken") ?? "";

describe("POST /operator/launch in demo mode", () => {
  it("opens a session and answers a launch URL to the game page", async () => {
    const body = await launched({});
    const url = new URL(body.launchUrl);
    expect(url.origin).toBe("https://rgs.test");
    expect(url.pathname).toBe("/play/dice");
    expect(url.searchParams.get("id")).toBe("dice-alpha");
    // The lobby reaches the game through its session (POST /game/current), never through the address.
    expect(url.searchParams.has("lobbyUrl")).toBe(false);
    expect(tokenOf(body.launchUrl)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      currency: "USD",
      demo: true,
      expiresAt: new Date(h.clock.now() + 3600_000).toISOString(),
      betLimits: { minBet: "0.10", maxBet: "1000.00", maxWin: "100000.00" },
    });
    expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("stores only the SHA-256 of the token, and a virtual balance", async () => {
    const body = await launched({});
    const token = tokenOf(body.launchUrl);
    const rows = await h.store.db
      .selectFrom("session_tokens")
      .selectAll()
      .where("session_id", "=", body.sessionId)
      .execute();
    expect(rows.map((r) => r.token_hash)).toEqual([createHash("sha256").update(token).digest("hex")]);
    const session = await sessions.resolve(token);
    expect(session).toMatchObject({
      id: body.sessionId,
      mode: "demo",
      demoBalance: 100_000n,
      countryCode: "DE",
    });
  });

  it("accepts RMB and opens the session in CNY", async () => {
    const body = await launched({ currency: "RMB" });
    expect(body.currency).toBe("CNY");
    expect(body.betLimits).toEqual({ minBet: "1.00", maxBet: "10000.00", maxWin: "1000000.00" });
    const session = await sessions.resolve(tokenOf(body.launchUrl));
    expect(session?.currency).toBe("CNY");
    expect(session?.demoBalance).toBe(1_000_000n);
  });

  it("scales the demo balance to the currency", async () => {
    const jpy = await launched({ currency: "JPY" });
    expect((await sessions.resolve(tokenOf(jpy.launchUrl)))?.demoBalance).toBe(100_000n);
    const btc = await launched({ currency: "BTC" });
    expect((await sessions.resolve(tokenOf(btc.launchUrl)))?.demoBalance).toBe(1_000_000n);
  });

  it.each(["XYZ", "usd", "RMB2"])("refuses the unknown currency %s", async (currency) => {
    expect(errorOf(await launch({ currency }))).toMatchObject({ status: 400, code: "unknown_currency" });
  });

  it.each(["dice", "dice-epsilon", "blackjack-alpha", "DICE-ALPHA"])(
    "refuses the unknown game %s",
    async (gameCode) => {
      expect(errorOf(await launch({ gameCode }))).toMatchObject({ status: 400, code: "unknown_game" });
    },
  );

  it("refuses a game outside the operator's packs with 403 game_not_enabled", async () => {
    await h.store.packs.create({
      id: "only-dice",
      name: "Dice",
      games: ["dice-alpha"],
      now: new Date(h.clock.now()),
    });
    const operator = await h.createOperator({ name: "Dice only", packs: ["only-dice"] });
    expect((await launch({ gameCode: "dice-alpha" }, operator)).statusCode).toBe(200);
    expect(errorOf(await launch({ gameCode: "limbo-alpha" }, operator))).toMatchObject({
      status: 403,
      code: "game_not_enabled",
    });
  });
});

describe("countries and regions", () => {
  let restricted: TestOperator;
  beforeAll(async () => {
    restricted = await h.createOperator({ name: "Licensed", allowedCountries: ["CA", "US-NJ"] });
  });

  it.each(["CA", "CA-ON", "CA-QC", "US-NJ"])("allows %s", async (countryCode) => {
    expect((await launch({ countryCode }, restricted)).statusCode).toBe(200);
  });

  it.each(["US", "US-NY", "DE", "GB-ENG"])("refuses %s with 403 country_not_allowed", async (countryCode) => {
    expect(errorOf(await launch({ countryCode }, restricted))).toMatchObject({
      status: 403,
      code: "country_not_allowed",
    });
  });

  it("allows anywhere for an operator without restriction", async () => {
    expect((await launch({ countryCode: "BR-SP" })).statusCode).toBe(200);
  });

  it("refuses a code that is not an assigned ISO 3166-1 country", async () => {
    const error = errorOf(await launch({ countryCode: "XX" }));
    expect(error).toMatchObject({ status: 400, code: "invalid_request" });
    expect(error.detail).toContain("countryCode");
  });
});

describe("the language of the launch", () => {
  const current = async (launchUrl: string) => {
    const response = await h.app.inject({
      method: "POST",
      url: "/game/current",
      headers: { authorization: `Bearer ${tokenOf(launchUrl)}`, "content-type": "application/json" },
      payload: "{}",
    });
    return (response.json() as { session: { languageCode?: string } }).session;
  };

  it("gives the game client the launch's languageCode", async () => {
    const body = await launched({ languageCode: "fi" });
    expect((await current(body.launchUrl)).languageCode).toBe("fi");
    expect((await current((await launched({})).launchUrl)).languageCode).toBeUndefined();
  });

  it("lets a repeated launch of the live session change the language, and keeps it when omitted", async () => {
    const playerId = freshPlayer();
    const first = await launched({ playerId, languageCode: "de" });
    const second = await launched({ playerId, languageCode: "ja" });
    expect(second.sessionId).toBe(first.sessionId);
    expect((await current(first.launchUrl)).languageCode).toBe("ja");
    const third = await launched({ playerId });
    expect(third.sessionId).toBe(first.sessionId);
    expect((await current(third.launchUrl)).languageCode).toBe("ja");
  });

  it.each(["DE", "de-DE", "deu", "xx", "", "d"])(
    "refuses %j with 400 invalid_request",
    async (languageCode) => {
      const error = errorOf(await launch({ languageCode }));
      expect(error).toMatchObject({ status: 400, code: "invalid_request" });
      expect(error.detail).toContain("languageCode");
    },
  );
});

describe("bet limits", () => {
  let narrowOperator: TestOperator;
  beforeAll(async () => {
    narrowOperator = await h.createOperator({
      name: "Narrow",
      betLimits: [{ currency: "USD", minBet: 100n, maxBet: 10_000n, maxWin: 1_000_000n }],
    });
  });

  it("narrows the defaults with the request's limits", async () => {
    const body = await launched({ betLimits: { minBet: "1.00", maxBet: "50", maxWin: "500.5" } });
    expect(body.betLimits).toEqual({ minBet: "1.00", maxBet: "50.00", maxWin: "500.50" });
  });

  it("keeps the operator's own narrower limits", async () => {
    const body = await launched({}, narrowOperator);
    expect(body.betLimits).toEqual({ minBet: "1.00", maxBet: "100.00", maxWin: "10000.00" });
  });

  it.each([
    [{ maxBet: "1000.01" }, "betLimits.maxBet 1000.01"],
    [{ minBet: "0.05" }, "betLimits.minBet 0.05"],
    [{ maxWin: "100000.01" }, "betLimits.maxWin 100000.01"],
    [{ minBet: "1500.00" }, "betLimits.minBet 1500.00"],
  ])("refuses widening or inconsistent limits %j", async (betLimits, mention) => {
    const error = errorOf(await launch({ betLimits }));
    expect(error).toMatchObject({ status: 400, code: "bet_limits_not_allowed" });
    expect(error.detail).toContain(mention);
    expect(error.detail).toContain("between 0.10 and 1000.00, maxWin up to 100000.00 USD");
  });

  it.each([
    [{ minBet: "5.00", maxBet: "2.00" }, "betLimits.minBet 5.00 is above maxBet 2.00"],
    [{ minBet: "5.00", maxWin: "2.00" }, "betLimits.maxWin 2.00 is below minBet 5.00"],
    [{ maxWin: "0.05" }, "betLimits.maxWin 0.05 is below minBet 0.10"],
  ])(
    "refuses limits that leave no bet to place %j with bet_limits_unplayable",
    async (betLimits, mention) => {
      const error = errorOf(await launch({ betLimits }));
      expect(error).toMatchObject({ status: 400, code: "bet_limits_unplayable" });
      expect(error.detail).toContain(mention);
    },
  );

  it("refuses limits beyond the operator's narrower ones, stating its range", async () => {
    const error = errorOf(await launch({ betLimits: { maxBet: "500.00" } }, narrowOperator));
    expect(error.code).toBe("bet_limits_not_allowed");
    expect(error.detail).toContain("between 1.00 and 100.00");
  });

  it.each([
    [{ minBet: "1.001" }, 'Field "betLimits.minBet"'],
    [{ maxBet: "abc" }, 'Field "betLimits.maxBet"'],
    [{ maxWin: "0" }, 'Field "betLimits.maxWin"'],
    [{ minBet: "-1" }, 'Field "betLimits.minBet"'],
    [{ minBet: "1e2" }, 'Field "betLimits.minBet"'],
  ])("refuses a malformed amount %j naming the field", async (betLimits, mention) => {
    const error = errorOf(await launch({ betLimits }));
    expect(error).toMatchObject({ status: 400, code: "invalid_request" });
    expect(error.detail).toContain(mention);
  });

  it("reads amounts in the currency's precision (JPY has no decimals)", async () => {
    expect((await launched({ currency: "JPY", betLimits: { minBet: "100" } })).betLimits.minBet).toBe("100");
    expect(errorOf(await launch({ currency: "JPY", betLimits: { minBet: "100.5" } })).code).toBe(
      "invalid_request",
    );
  });
});

describe("details", () => {
  const limit = 4096;
  /** An object whose compact JSON is exactly `bytes` long. */
  const detailsOfSize = (bytes: number) => ({ note: "x".repeat(bytes - '{"note":""}'.length) });

  it("stores details as sent, up to the size limit", async () => {
    const details = { ...detailsOfSize(limit - 40), nested: { list: [1, "two", null, true] } };
    expect(JSON.stringify(details).length).toBeLessThanOrEqual(limit);
    const body = await launched({ details });
    expect((await sessions.resolve(tokenOf(body.launchUrl)))?.details).toEqual(details);
  });

  it("accepts exactly the limit and refuses one byte more", async () => {
    expect((await launch({ details: detailsOfSize(limit) })).statusCode).toBe(200);
    const error = errorOf(await launch({ details: detailsOfSize(limit + 1) }));
    expect(error).toMatchObject({ status: 400, code: "invalid_request" });
    expect(error.detail).toContain(`${limit + 1} bytes`);
  });

  it("counts bytes, not characters", async () => {
    const details = { note: "€".repeat(1400) };
    expect(errorOf(await launch({ details })).code).toBe("invalid_request");
  });

  it("refuses what cannot be stored: NUL characters, unpaired surrogates, deep nesting", async () => {
    expect(errorOf(await launch({ details: { a: "x\u0000y" } })).code).toBe("invalid_request");
    expect(errorOf(await launch({ details: { "\ud800": 1 } })).code).toBe("invalid_request");
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect(errorOf(await launch({ details: deep })).detail).toContain("nested deeper");
  });
});

describe("repeated launches", () => {
  it("returns the live session with a new token", async () => {
    const playerId = freshPlayer();
    const first = await launched({ playerId });
    h.clock.advance(60_000);
    const second = await launched({ playerId });
    expect(second.sessionId).toBe(first.sessionId);
    expect(tokenOf(second.launchUrl)).not.toBe(tokenOf(first.launchUrl));
    expect(second.expiresAt).toBe(new Date(h.clock.now() + 3600_000).toISOString());
    expect((await sessions.resolve(tokenOf(first.launchUrl)))?.id).toBe(first.sessionId);
    expect((await sessions.resolve(tokenOf(second.launchUrl)))?.id).toBe(first.sessionId);
    const tokens = await h.store.db
      .selectFrom("session_tokens")
      .select("token_hash")
      .where("session_id", "=", first.sessionId)
      .execute();
    expect(tokens.map((t) => t.token_hash).sort()).toEqual(
      [hashSessionToken(tokenOf(first.launchUrl)), hashSessionToken(tokenOf(second.launchUrl))].sort(),
    );
  });

  it.each([
    ["game", { gameCode: "dice-beta" }],
    ["currency", { currency: "EUR" }],
    ["country", { countryCode: "FR" }],
    ["limits", { betLimits: { maxBet: "10.00" } }],
  ])("opens a new session when the %s differs", async (_name, change) => {
    const playerId = freshPlayer();
    const first = await launched({ playerId });
    const second = await launched({ playerId, ...change });
    expect(second.sessionId).not.toBe(first.sessionId);
  });

  it("treats RMB and CNY as the same launch", async () => {
    const playerId = freshPlayer();
    const first = await launched({ playerId, currency: "CNY" });
    expect((await launched({ playerId, currency: "RMB" })).sessionId).toBe(first.sessionId);
  });

  it("opens a new session once the previous one expired", async () => {
    const playerId = freshPlayer();
    const first = await launched({ playerId });
    h.clock.advance(3600_000 + 1000);
    expect((await launched({ playerId })).sessionId).not.toBe(first.sessionId);
    expect(await sessions.resolve(tokenOf(first.launchUrl))).toBeUndefined();
  });
});

describe("real play without a wallet", () => {
  it.each([[{ demo: false }], [{ demo: undefined }]])(
    "answers 409 callback_url_required for %j when the operator has no callback URL",
    async (mode) => {
      const body = { ...DEMO_LAUNCH, playerId: freshPlayer(), ...mode };
      if (mode.demo === undefined) delete (body as { demo?: boolean }).demo;
      const response = await h.signed({ method: "POST", path: "/operator/launch", body });
      const error = errorOf(response);
      expect(error).toMatchObject({ status: 409, code: "callback_url_required" });
      expect(error.detail).toContain("demo true");
    },
  );

  it("validates the request before looking for the wallet", async () => {
    expect(errorOf(await launch({ demo: false, gameCode: "nope-alpha" })).code).toBe("unknown_game");
  });

  it("opens no session", async () => {
    const playerId = freshPlayer();
    await launch({ demo: false, playerId });
    const rows = await h.store.db
      .selectFrom("sessions")
      .select("id")
      .where("player_id", "=", playerId)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("real play in production", () => {
  let production: Harness;
  beforeAll(async () => {
    production = await createHarness({ shareStoreOf: h, config: { environment: "production" } });
  });
  afterAll(async () => production.close());

  const realLaunch = (operator: TestOperator) =>
    production.signed({
      method: "POST",
      path: "/operator/launch",
      body: { ...DEMO_LAUNCH, demo: false },
      operator,
    });

  it("answers 409 callback_url_required for an operator without callback URL", async () => {
    expect(errorOf(await realLaunch(production.operator))).toMatchObject({
      status: 409,
      code: "callback_url_required",
    });
  });

  it("still opens demo sessions", async () => {
    const response = await production.signed({ method: "POST", path: "/operator/launch", body: DEMO_LAUNCH });
    expect(response.statusCode).toBe(200);
  });
});
