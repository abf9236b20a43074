import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { escapeHtml } from "../../../src/http/system/docs-page.ts";
import { createHarness, type Harness } from "../support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    config: { environment: "production", publicBaseUrl: "https://rgs.example.com" },
  });
});
afterAll(async () => h.close());

type OpenApi = {
  openapi: string;
  info: { version: string; "x-api-version": string; description: string };
  servers: { url: string }[];
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        requestBody?: {
          content: Record<
            string,
            { schema: { properties: Record<string, unknown>; additionalProperties: boolean } }
          >;
        };
        responses: Record<string, unknown>;
      }
    >
  >;
  components: { securitySchemes: Record<string, { name: string }> };
};

describe("GET /openapi.json", () => {
  it("is an OpenAPI 3.1 document of the operator API with its version and server", async () => {
    const response = await h.app.inject({ method: "GET", url: "/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as OpenApi;
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.3.0");
    expect(doc.info["x-api-version"]).toBe("1.3.0");
    expect(doc.info.description).toContain("Deprecation");
    expect(doc.servers[0]?.url).toBe("https://rgs.example.com");
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/game/action",
      "/game/current",
      "/game/history",
      "/game/play",
      "/game/reality-check",
      "/game/replay/{token}",
      "/game/round/{id}",
      "/game/verify",
      "/healthz",
      "/operator/campaigns",
      "/operator/campaigns/{id}",
      "/operator/campaigns/{id}/cancel",
      "/operator/campaigns/{id}/players",
      "/operator/currencies",
      "/operator/games",
      "/operator/integrity",
      "/operator/launch",
      "/operator/players/free-rounds",
      "/operator/reconciliation",
      "/operator/reports/free-rounds",
      "/operator/reports/ggr",
      "/operator/rounds/search",
      "/operator/transactions/search",
      "/readyz",
      "/seed/client",
      "/seed/current",
      "/seed/reveal",
      "/seed/rotate",
      "/session/refresh",
    ]);
    expect(Object.values(doc.components.securitySchemes).map((s) => s.name)).toEqual([
      "X-Operator-ID",
      "X-Timestamp",
      "X-HMAC-SHA256",
      undefined,
    ]);
    expect(doc.components.securitySchemes.SessionToken).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("describes the launch request from the validation schema itself", async () => {
    const doc = (await h.app.inject({ method: "GET", url: "/openapi.json" })).json() as OpenApi;
    const launch = doc.paths["/operator/launch"]?.post;
    const schema = launch?.requestBody?.content["application/json"]?.schema;
    expect(Object.keys(schema?.properties ?? {})).toEqual([
      "playerId",
      "currency",
      "gameCode",
      "countryCode",
      "demo",
      "betLimits",
      "languageCode",
      "jurisdiction",
      "realityCheckMinutes",
      "details",
    ]);
    expect(schema?.additionalProperties).toBe(false);
    expect(launch?.security).toHaveLength(1);
    expect(Object.keys(launch?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "409", "413", "415", "429", "502", "503"]),
    );
  });
});

describe("GET /docs", () => {
  it("is a self-contained HTML reference showing the environment", async () => {
    const response = await h.app.inject({ method: "GET", url: "/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    const html = response.body;
    expect(html).toContain('class="env env-production">production<');
    expect(html).toContain("/operator/launch");
    expect(html).toContain("playerId");
    expect(html).toContain("betLimits.minBet");
    for (const anchor of ["signing", "errors", "rate-limits", "versioning"]) {
      expect(html).toContain(`id="${anchor}"`);
      expect(html).toContain(`href="#${anchor}"`);
    }
    expect(html).toContain("bet_limits_not_allowed");
    expect(html).toContain("openssl dgst -sha256 -hmac");
    expect(html).toContain("<code>401 replayed_request</code>, so sign each retry again");
    expect(html).not.toMatch(/<script|src=["']https?:|<link /i);
  });

  it("allows only its own inline stylesheet", async () => {
    const response = await h.app.inject({ method: "GET", url: "/docs" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
  });

  it("escapes text taken from the document", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});

describe("GET /docs: the wallet callback contract and the game API", () => {
  it("documents each callback, the signed input, time-outs, retries, ordering, session lifetime and launch failures", async () => {
    const html = (await h.app.inject({ method: "GET", url: "/docs" })).body;
    for (const name of ["authenticate", "balance", "debit", "credit", "rollback"]) {
      expect(html).toContain(`id="callback-${name}"`);
      expect(html).toContain(`/callback/${name}</code>`);
    }
    for (const anchor of [
      "callback-signing",
      "callback-timeouts",
      "callback-retries",
      "callback-ordering",
      "session-lifetime",
      "launch-failures",
      "game-api",
    ]) {
      expect(html).toContain(`id="${anchor}"`);
      expect(html).toContain(`href="#${anchor}"`);
    }
    expect(html).toContain("/wallet/v2/callback/debit");
    expect(html).toContain("within <strong>5 s</strong>");
    expect(html).toContain("up to 2 time(s)");
    expect(html).toContain("from 1 s doubling up to 300 s");
    for (const code of [
      "player_self_excluded",
      "currency_mismatch",
      "player_disabled",
      "player_refused",
      "wallet_refused",
      "wallet_unavailable",
      "callback_url_required",
    ]) {
      expect(html).toContain(`<code>${code}</code>`);
    }
    expect(html).not.toContain("real_play_unavailable");
  });

  it("labels game-API endpoints with the bearer session token, not the operator signature", async () => {
    const html = (await h.app.inject({ method: "GET", url: "/docs" })).body;
    const play = html.slice(
      html.indexOf('id="post-game-play"'),
      html.indexOf("</section>", html.indexOf('id="post-game-play"')),
    );
    expect(play).toContain("Authorization: Bearer");
    expect(play).not.toContain("X-HMAC-SHA256");
  });
});
