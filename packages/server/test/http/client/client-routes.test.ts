import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findGame, GAME_SLUGS, type GameInfo } from "@rgs/protocol/catalog";
import { jurisdictionInfo } from "@rgs/protocol/jurisdiction-schema";
import { JURISDICTION_PROFILES } from "@rgs/protocol/jurisdictions";
import type { LaunchRequest } from "@rgs/protocol/operator-api";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../../src/clock.ts";
import { type ClientRoutesDeps, registerClientRoutes } from "../../../src/http/client/index.ts";
import { registerErrorHandling } from "../../../src/http/plugins/errors.ts";
import { registerSecurityHeaders } from "../../../src/http/plugins/security-headers.ts";
import type { LaunchOutcome } from "../../../src/launch/launch-service.ts";
import { createMetrics } from "../../../src/observability/metrics.ts";
import { createMemoryRateLimiter } from "../../../src/rate-limit/index.ts";
import { randomReplayLinks } from "../../../src/replay-links/replay-link.ts";
import { hashSessionToken } from "../../../src/sessions/session-service.ts";
import type { Operator } from "../../../src/store/operators-repository.ts";
import type { GameSession } from "../../../src/store/sessions-repository.ts";

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="app"></div></body></html>';
const LIVE_TOKEN = "A".repeat(43);
const EXPIRED_TOKEN = "B".repeat(43);
const OTHER_TOKEN = "C".repeat(43);
const NOW = new Date("2030-01-01T00:00:00Z");

function operator(id: string, frameAncestors: string[], extra: Partial<Operator> = {}): Operator {
  return {
    id,
    name: id,
    callbackUrl: null,
    lobbyUrl: null,
    allowedCountries: null,
    frameAncestors,
    timeZone: "UTC",
    allowPrivateNetwork: false,
    jurisdiction: "default",
    responsibleGamblingUrl: null,
    limitsUrl: null,
    betLimits: [],
    packs: [],
    createdAt: NOW,
    updatedAt: NOW,
    ...extra,
  };
}

const casino = operator("11111111-1111-4111-8111-111111111111", [
  "https://casino.example",
  "https://*.casino.example",
]);
const plain = operator("22222222-2222-4222-8222-222222222222", []);
const sandbox = operator("33333333-3333-4333-8333-333333333333", [], { allowedCountries: ["MT"] });

function session(operatorId: string, expiresAt: Date): GameSession {
  return { operatorId, expiresAt } as GameSession;
}

const tokens = new Map([
  [
    hashSessionToken(LIVE_TOKEN),
    { session: session(casino.id, new Date(NOW.getTime() + 3_600_000)), validUntil: null },
  ],
  [
    hashSessionToken(EXPIRED_TOKEN),
    { session: session(casino.id, new Date(NOW.getTime() - 1000)), validUntil: null },
  ],
  [
    hashSessionToken(OTHER_TOKEN),
    { session: session(plain.id, new Date(NOW.getTime() + 3_600_000)), validUntil: null },
  ],
]);
const operators = new Map([casino, plain, sandbox].map((entry) => [entry.id, entry]));
const sandboxGames = ["dice-alpha", "mines-alpha", "roulette-alpha-gemini"].map(
  (code) => findGame(code) as GameInfo,
);

const launches: { operatorId: string; request: LaunchRequest }[] = [];

const links = randomReplayLinks("https://rgs.test");
const CASINO_ROUND = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const PLAIN_ROUND = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const roundOperators = new Map([
  [CASINO_ROUND, casino.id],
  [PLAIN_ROUND, plain.id],
]);
const replayClock = manualClock(NOW.getTime());

function replayDeps(burst: number): ClientRoutesDeps["replay"] {
  return {
    links,
    rateLimiter: createMemoryRateLimiter({ ratePerSecond: 1, burst, clock: replayClock }),
    metrics: createMetrics(),
    operatorOfRound: async (roundId) => roundOperators.get(roundId),
  };
}

function deps(overrides: Partial<ClientRoutesDeps>): ClientRoutesDeps {
  return {
    environment: "staging",
    publicBaseUrl: "https://rgs.test",
    store: {
      sessions: { findToken: async (hash: string) => tokens.get(hash) },
      operators: { find: async (id: string) => operators.get(id), findSandbox: async () => sandbox },
    } as unknown as ClientRoutesDeps["store"],
    games: async (operatorId) => (operatorId === sandbox.id ? sandboxGames : []),
    replay: replayDeps(1000),
    launches: {
      async launch(operatorId, request): Promise<LaunchOutcome> {
        launches.push({ operatorId, request });
        if (request.gameCode === "roulette-alpha-gemini") {
          return { ok: false, code: "unknown_currency", detail: "Currency refused for this test." };
        }
        return {
          ok: true,
          reused: false,
          response: {
            launchUrl: `https://rgs.test/play/dice?sessionToken=${LIVE_TOKEN}&id=${request.gameCode}`,
            sessionId: "s",
            expiresAt: NOW.toISOString(),
            currency: request.currency,
            demo: true,
            betLimits: { minBet: "0.10", maxBet: "100.00", maxWin: "10000.00" },
            jurisdiction: jurisdictionInfo(
              { profile: "default", rules: JURISDICTION_PROFILES.default, realityCheckMinutes: null },
              "instant",
            ),
          },
        };
      },
    },
    ...overrides,
  };
}

async function appWith(overrides: Partial<ClientRoutesDeps>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandling(app, { bodyLimitBytes: 65536 });
  registerSecurityHeaders(app, { publicBaseUrl: "https://rgs.test" });
  await registerClientRoutes(app, deps(overrides));
  await app.ready();
  return app;
}

let dist: string;
let app: FastifyInstance;
let production: FastifyInstance;
let unbuilt: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "rgs-client-dist-"));
  mkdirSync(path.join(dist, "assets"));
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(path.join(dist, "index.html"), INDEX_HTML);
  writeFileSync(path.join(dist, "assets", "index-AbC123.js"), "console.log(1)");
  writeFileSync(path.join(dist, "assets", "index-AbC123.css"), "body{}");
  writeFileSync(path.join(dist, "secret.txt"), "not an asset");
  writeFileSync(
    path.join(dist, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-AbC123.js" },
      "src/views/dice/index.tsx": { file: "assets/dice.js" },
    }),
  );
  app = await appWith({ distDir: dist });
  production = await appWith({ distDir: dist, environment: "production" });
  unbuilt = await appWith({ distDir: path.join(dist, "missing") });
});

afterAll(async () => {
  await Promise.all([app.close(), production.close(), unbuilt.close()]);
  rmSync(dist, { recursive: true, force: true });
});

function cspOf(headers: Record<string, unknown>): Map<string, string> {
  const csp = String(headers["content-security-policy"]);
  return new Map(
    csp.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("GET /play/:slug", () => {
  it("serves the built page with a strict CSP framed only by the session's operator", async () => {
    const response = await app.inject({
      method: "GET",
      url: `/play/dice?sessionToken=${LIVE_TOKEN}&id=dice-alpha`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toBe(INDEX_HTML);
    const csp = cspOf(response.headers);
    expect(csp.get("default-src")).toBe("'self'");
    expect(csp.get("script-src")).toBe("'self'");
    expect(csp.get("style-src")).toBe("'self'");
    expect(csp.get("img-src")).toBe("'self' data:");
    expect(csp.get("connect-src")).toBe("'self'");
    expect(csp.get("base-uri")).toBe("'none'");
    expect(csp.get("form-action")).toBe("'self'");
    expect(csp.get("frame-ancestors")).toBe("https://casino.example https://*.casino.example");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["x-frame-options"]).toBeUndefined();
  });

  it("keeps the operator's embedding origins for an expired session, so its message can be shown", async () => {
    const response = await app.inject({
      method: "GET",
      url: `/play/dice?sessionToken=${EXPIRED_TOKEN}&id=dice-alpha`,
    });
    expect(cspOf(response.headers).get("frame-ancestors")).toBe(
      "https://casino.example https://*.casino.example",
    );
  });

  it("forbids framing without a known token or for an operator without embedding origins", async () => {
    for (const url of [
      "/play/dice?id=dice-alpha",
      `/play/dice?sessionToken=${"Z".repeat(43)}`,
      `/play/dice?sessionToken=${OTHER_TOKEN}`,
      "/play/dice?sessionToken=<script>",
    ]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(cspOf(response.headers).get("frame-ancestors")).toBe("'none'");
    }
  });

  it("answers 404 for a slug that is no game", async () => {
    for (const url of ["/play/nope", "/play/..%2F..%2Fetc", "/play/DICE"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(INDEX_HTML);
    }
  });

  it("explains how to build the client when it is not built", async () => {
    const response = await unbuilt.inject({ method: "GET", url: `/play/dice?sessionToken=${LIVE_TOKEN}` });
    expect(response.statusCode).toBe(503);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("npm run build:client");
    expect(cspOf(response.headers).get("frame-ancestors")).toBe("'none'");
  });
});

describe("GET /replay/:token", () => {
  it("serves the built page framed only by the origins of the round's operator", async () => {
    const response = await app.inject({ method: "GET", url: `/replay/${links.tokenOf(CASINO_ROUND)}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
    const csp = cspOf(response.headers);
    expect(csp.get("script-src")).toBe("'self'");
    expect(csp.get("frame-ancestors")).toBe("https://casino.example https://*.casino.example");
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("forbids framing for an operator without embedding origins", async () => {
    const response = await app.inject({ method: "GET", url: `/replay/${links.tokenOf(PLAIN_ROUND)}` });
    expect(response.statusCode).toBe(200);
    expect(cspOf(response.headers).get("frame-ancestors")).toBe("'none'");
  });

  it("answers 404, framed by nobody, for a bare round ID, a forged or foreign token and a lost round", async () => {
    const casinoToken = links.tokenOf(CASINO_ROUND);
    for (const token of [
      CASINO_ROUND,
      `${casinoToken.slice(0, 43)}${casinoToken[43] === "A" ? "B" : "A"}`,
      randomReplayLinks("https://rgs.test").tokenOf(CASINO_ROUND),
      links.tokenOf("cccccccc-cccc-4ccc-8ccc-cccccccccccc"),
      "..%2F..%2Fetc",
    ]) {
      const response = await app.inject({ method: "GET", url: `/replay/${token}` });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(INDEX_HTML);
      expect(cspOf(response.headers).get("frame-ancestors")).toBe("'none'");
    }
  });

  it("is rate limited per address", async () => {
    const limited = await appWith({ distDir: dist, replay: replayDeps(2) });
    try {
      const url = `/replay/${links.tokenOf(CASINO_ROUND)}`;
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.inject({ method: "GET", url })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      replayClock.advance(1000);
      expect((await limited.inject({ method: "GET", url })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("GET /assets/:name", () => {
  it("serves hashed files with their type, cached as immutable", async () => {
    const script = await app.inject({ method: "GET", url: "/assets/index-AbC123.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
    expect(script.body).toBe("console.log(1)");
    const style = await app.inject({ method: "GET", url: "/assets/index-AbC123.css" });
    expect(style.headers["content-type"]).toMatch(/^text\/css/);
  });

  it("answers 404 for missing files and anything outside assets/", async () => {
    for (const url of [
      "/assets/nope-123.js",
      "/assets/..%2Fsecret.txt",
      "/assets/..%2Findex.html",
      "/assets/.hidden.js",
    ]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "not_found" });
    }
  });
});

describe("GET /thumbnails/:file", () => {
  it("serves an icon of every game as SVG, cached long and embeddable by operators' lobbies", async () => {
    for (const slug of GAME_SLUGS) {
      const response = await app.inject({ method: "GET", url: `/thumbnails/${slug}.svg` });
      expect(response.statusCode, slug).toBe(200);
      expect(response.headers["content-type"]).toBe("image/svg+xml");
      expect(response.headers["cache-control"]).toBe("public, max-age=2592000");
      expect(response.headers["cross-origin-resource-policy"]).toBe("cross-origin");
      expect(cspOf(response.headers).get("default-src")).toBe("'none'");
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"/);
      expect(response.body).not.toMatch(/<script|on[a-z]+=|href=/i);
      expect(response.body.trimEnd().endsWith("</svg>")).toBe(true);
    }
  });

  it("answers 304 to a cached copy that is still current", async () => {
    const first = await app.inject({ method: "GET", url: "/thumbnails/dice.svg" });
    const etag = String(first.headers.etag);
    const again = await app.inject({
      method: "GET",
      url: "/thumbnails/dice.svg",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("serves nothing but the icons of the catalog's slugs", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rgs-thumbnails-"));
    writeFileSync(path.join(dir, "dice.svg"), "<svg/>");
    writeFileSync(path.join(dir, "secret.svg"), "<svg>secret</svg>");
    writeFileSync(path.join(dir, "limbo.png"), "png");
    const own = await appWith({ distDir: dist, thumbnailsDir: dir });
    try {
      expect((await own.inject({ method: "GET", url: "/thumbnails/dice.svg" })).body).toBe("<svg/>");
      for (const url of [
        "/thumbnails/secret.svg",
        "/thumbnails/limbo.svg",
        "/thumbnails/limbo.png",
        "/thumbnails/..%2Fdice.svg",
        "/thumbnails/..%2F..%2Fpackage.json",
        "/thumbnails/DICE.svg",
        "/thumbnails/dice.svg%00.png",
        "/thumbnails/",
      ]) {
        const response = await own.inject({ method: "GET", url });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the demo lobby", () => {
  it("lists the sandbox operator's games, those without a view in the build disabled", async () => {
    const response = await app.inject({ method: "GET", url: "/lobby" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toMatch(
      /<button type="submit" name="game" value="dice"><img src="\/thumbnails\/dice.svg" alt="" width="88" height="88"><span>Dice<\/span>/,
    );
    expect(response.body).toMatch(/name="game" value="mines" disabled>/);
    // One tile per game, with the RTP of its only code: the codes are listed once, for operators.
    expect(response.body.match(/name="game" value="dice"/g)).toHaveLength(1);
    expect(response.body).toContain('<span class="rtp">RTP 99%</span>');
    expect(response.body).toContain("<code>dice-alpha</code> (99%)");
    const csp = cspOf(response.headers);
    expect(csp.get("default-src")).toBe("'none'");
    expect(csp.get("style-src")).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(csp.get("frame-ancestors")).toBe("'none'");
  });

  const form = "game=dice&currency=EUR&lang=de";

  it("opens a demo session for the sandbox operator and redirects to its launch URL", async () => {
    launches.length = 0;
    const response = await app.inject({
      method: "POST",
      url: "/lobby/launch",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://rgs.test",
        "sec-fetch-site": "same-origin",
      },
      payload: form,
    });
    expect(response.statusCode).toBe(303);
    const target = new URL(String(response.headers.location));
    expect(target.pathname).toBe("/play/dice");
    expect(target.searchParams.has("lobbyUrl")).toBe(false);
    expect(launches).toEqual([
      {
        operatorId: sandbox.id,
        request: expect.objectContaining({
          gameCode: "dice-alpha",
          currency: "EUR",
          countryCode: "MT",
          demo: true,
          languageCode: "de",
        }),
      },
    ]);
    const player = launches[0]?.request.playerId ?? "";
    expect(player).toMatch(/^demo-[0-9a-f]{16}$/);
    expect(String(response.headers["set-cookie"])).toContain(`rgs_demo_player=${player}; Path=/lobby`);

    const again = await app.inject({
      method: "POST",
      url: "/lobby/launch",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://rgs.test",
        cookie: `rgs_demo_player=${player}`,
      },
      payload: form,
    });
    expect(again.statusCode).toBe(303);
    expect(launches[1]?.request.playerId).toBe(player);
  });

  it("launches the code a game's RTP choice names, and the language as the launch's languageCode", async () => {
    launches.length = 0;
    const response = await app.inject({
      method: "POST",
      url: "/lobby/launch",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      payload: "game=dice&code.dice=dice-alpha&code.mines=mines-alpha&currency=JPY&lang=pt-BR",
    });
    expect(response.statusCode).toBe(303);
    expect(launches[0]?.request).toMatchObject({
      gameCode: "dice-alpha",
      currency: "JPY",
      languageCode: "pt",
    });
  });

  it("refuses cross-site or origin-less posts (CSRF)", async () => {
    launches.length = 0;
    for (const headers of [
      { origin: "https://evil.example" },
      {},
      { origin: "https://rgs.test", "sec-fetch-site": "cross-site" },
      { origin: "null" },
    ]) {
      const response = await app.inject({
        method: "POST",
        url: "/lobby/launch",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        payload: form,
      });
      expect(response.statusCode).toBe(403);
    }
    expect(launches).toHaveLength(0);
  });

  it("refuses games outside the sandbox's packs and unknown currencies, and shows launch failures", async () => {
    const post = (payload: string) =>
      app.inject({
        method: "POST",
        url: "/lobby/launch",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://rgs.test" },
        payload,
      });
    expect((await post("gameCode=limbo-alpha&currency=USD")).statusCode).toBe(400);
    expect((await post("gameCode=dice-alpha&currency=XXX")).statusCode).toBe(400);
    expect((await post("gameCode=dice-alpha&currency=USD&lang=xx")).statusCode).toBe(400);
    // A tile's RTP choice must be a code of that tile's game.
    expect((await post("game=dice&code.dice=mines-alpha&currency=USD")).statusCode).toBe(400);
    expect((await post("game=limbo&currency=USD")).statusCode).toBe(400);
    const failed = await post("gameCode=roulette-alpha-gemini&currency=USD");
    expect(failed.statusCode).toBe(409);
    expect(failed.body).toContain("Currency refused for this test.");
  });

  it("is where the server's root address leads on staging", async () => {
    const response = await app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("https://rgs.test/lobby");
  });

  it("does not exist in production", async () => {
    expect((await production.inject({ method: "GET", url: "/" })).statusCode).toBe(404);
    expect((await production.inject({ method: "GET", url: "/lobby" })).statusCode).toBe(404);
    const post = await production.inject({
      method: "POST",
      url: "/lobby/launch",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://rgs.test" },
      payload: form,
    });
    expect(post.statusCode).toBe(404);
    expect(
      (await production.inject({ method: "GET", url: `/play/dice?sessionToken=${LIVE_TOKEN}` })).statusCode,
    ).toBe(200);
  });
});
