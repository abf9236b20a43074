/**
 * The demo lobby of a staging server: every game of the sandbox operator, each opened in one click as a
 * demo session (POST /lobby/launch creates it through the launch service and redirects to its launch URL).
 * The form is protected against cross-site posts by its Origin header.
 */
import { createHash, randomBytes } from "node:crypto";
import type { GameCategory, GameInfo } from "@rgs/protocol/catalog";
import { resolveCurrency } from "@rgs/protocol/currencies";
import type { LaunchRequest } from "@rgs/protocol/operator-api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { LaunchOutcome } from "../../launch/launch-service.ts";
import type { Operator } from "../../store/operators-repository.ts";
import type { ClientBuild } from "./client-build.ts";
import { lobbyCsp } from "./content-security-policy.ts";
import { escapeHtml, PAGE_STYLE, page } from "./pages.ts";

export interface LobbyDeps {
  publicBaseUrl: string;
  build: ClientBuild;
  sandbox(): Promise<Operator | undefined>;
  games(operatorId: string): Promise<GameInfo[]>;
  launch(operatorId: string, request: LaunchRequest): Promise<LaunchOutcome>;
}

const CURRENCIES = ["USD", "EUR", "JPY", "BTC"] as const;
const LANGUAGES: Readonly<Record<string, string>> = { en: "English", de: "Deutsch", es: "Español" };
const CATEGORIES: readonly { category: GameCategory; title: string }[] = [
  { category: "instant", title: "Instant games" },
  { category: "cash-out", title: "Cash-out games" },
  { category: "table", title: "Table games" },
];
const PLAYER_COOKIE = "rgs_demo_player";
const PLAYER_ID = /^demo-[0-9a-f]{16}$/;
const STYLE_HASH = `sha256-${createHash("sha256").update(PAGE_STYLE, "utf8").digest("base64")}`;

function sendPage(reply: FastifyReply, status: number, html: string, publicOrigin: string): FastifyReply {
  return reply
    .code(status)
    .header("content-security-policy", lobbyCsp(STYLE_HASH, publicOrigin))
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(html);
}

function cookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** A form post from this server's own pages: its Origin is this server as the browser or the public address names it. */
function sameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== "string") return false;
  if (
    request.headers["sec-fetch-site"] !== undefined &&
    request.headers["sec-fetch-site"] !== "same-origin"
  ) {
    return false;
  }
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}

function lobbyHtml(games: GameInfo[], playable: Set<string> | undefined): string {
  const sections = CATEGORIES.map(({ category, title }) => {
    const entries = games.filter((game) => game.category === category);
    if (entries.length === 0) return "";
    const items = entries
      .map((game) => {
        const ready = playable === undefined || playable.has(game.slug);
        return `<li class="game"><button type="submit" name="gameCode" value="${escapeHtml(game.code)}"${ready ? "" : " disabled"}>${escapeHtml(game.name)}<small>${escapeHtml(game.code)} · RTP ${escapeHtml(game.rtp)}%${ready ? "" : " · coming soon"}</small></button></li>`;
      })
      .join("\n");
    return `<h2>${title}</h2>\n<ul class="games">\n${items}\n</ul>`;
  }).join("\n");
  const currencies = CURRENCIES.map((code) => `<option value="${code}">${code}</option>`).join("");
  const languages = Object.entries(LANGUAGES)
    .map(([code, name]) => `<option value="${code}">${escapeHtml(name)}</option>`)
    .join("");
  return page(
    "Demo lobby",
    `<h1>Demo lobby</h1>
<p>Every game of the sandbox operator, played with demo money. Pick a game to open a demo session.</p>
<form method="post" action="/lobby/launch">
<div class="options">
<label>Currency <select name="currency">${currencies}</select></label>
<label>Language <select name="lang">${languages}</select></label>
</div>
${sections}
${playable === undefined ? "<p>The game client is not built yet: run <code>npm run build:client</code>.</p>" : ""}
</form>`,
  );
}

function failure(title: string, detail: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(detail)}</p>\n<p><a href="/lobby">Back to the lobby</a></p>`,
  );
}

export function registerLobby(app: FastifyInstance, deps: LobbyDeps): void {
  const publicOrigin = new URL(deps.publicBaseUrl).origin;
  const lobbyUrl = `${deps.publicBaseUrl.replace(/\/+$/, "")}/lobby`;

  app.get("/lobby", { schema: { hide: true } }, async (_request, reply) => {
    const sandbox = await deps.sandbox();
    if (!sandbox) {
      return sendPage(
        reply,
        503,
        failure(
          "No sandbox operator",
          "This staging server has no sandbox operator yet; restart it to create one.",
        ),
        publicOrigin,
      );
    }
    const [games, playable] = await Promise.all([deps.games(sandbox.id), deps.build.viewSlugs()]);
    return sendPage(reply, 200, lobbyHtml(games, playable), publicOrigin);
  });

  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 2048 },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );

    scope.post("/lobby/launch", { schema: { hide: true } }, async (request, reply) => {
      if (!sameOrigin(request, publicOrigin)) {
        return sendPage(
          reply,
          403,
          failure("Launch refused", "Demo sessions are opened from this server's own lobby page."),
          publicOrigin,
        );
      }
      const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const sandbox = await deps.sandbox();
      if (!sandbox) {
        return sendPage(
          reply,
          503,
          failure("No sandbox operator", "Restart the staging server to create one."),
          publicOrigin,
        );
      }
      const gameCode = form.get("gameCode") ?? "";
      const game = (await deps.games(sandbox.id)).find((entry) => entry.code === gameCode);
      const currency = form.get("currency") ?? "USD";
      const language = form.get("lang") ?? "en";
      if (
        !game ||
        !(CURRENCIES as readonly string[]).includes(currency) ||
        !resolveCurrency(currency) ||
        !Object.hasOwn(LANGUAGES, language)
      ) {
        return sendPage(
          reply,
          400,
          failure("Unknown choice", "Choose a game, a currency and a language from the lobby."),
          publicOrigin,
        );
      }

      const known = cookie(request, PLAYER_COOKIE);
      const playerId = known && PLAYER_ID.test(known) ? known : `demo-${randomBytes(8).toString("hex")}`;
      const outcome = await deps.launch(sandbox.id, {
        playerId,
        currency,
        gameCode: game.code,
        countryCode: sandbox.allowedCountries?.[0] ?? "DE",
        demo: true,
      });
      if (!outcome.ok) {
        return sendPage(
          reply,
          409,
          failure("The demo session could not be opened", outcome.detail),
          publicOrigin,
        );
      }
      const target = new URL(outcome.response.launchUrl);
      if (!target.searchParams.has("lobbyUrl")) target.searchParams.set("lobbyUrl", lobbyUrl);
      target.searchParams.set("lang", language);
      const secure = publicOrigin.startsWith("https:") ? "; Secure" : "";
      return reply
        .code(303)
        .header(
          "set-cookie",
          `${PLAYER_COOKIE}=${playerId}; Path=/lobby; Max-Age=2592000; HttpOnly; SameSite=Lax${secure}`,
        )
        .header("cache-control", "no-store")
        .redirect(target.toString(), 303);
    });
  });
}
