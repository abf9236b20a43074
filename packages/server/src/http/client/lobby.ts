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
const CATEGORIES: readonly { category: GameCategory; title: string; label: string }[] = [
  { category: "instant", title: "Instant games", label: "Instant" },
  { category: "cash-out", title: "Cash-out games", label: "Cash-out" },
  { category: "table", title: "Table games", label: "Table" },
];
const PLAYER_COOKIE = "rgs_demo_player";
const PLAYER_ID = /^demo-[0-9a-f]{16}$/;
const styleHash = (style: string) => `sha256-${createHash("sha256").update(style, "utf8").digest("base64")}`;
const STYLE_HASH = styleHash(PAGE_STYLE);

/** The lobby's own look on top of the server pages' style: a grid of game tiles. */
const LOBBY_STYLE = `${PAGE_STYLE}
main{max-width:1120px}
.hero{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-end;justify-content:space-between;margin:8px 0 20px}
.hero h1{font-size:28px;letter-spacing:-.01em}.hero p{margin:4px 0 0;max-width:560px}
.badge{display:inline-block;vertical-align:middle;margin-left:8px;padding:2px 6px;border:1px solid #ffc800;border-radius:4px;color:#ffc800;font-size:11px;font-weight:800;letter-spacing:.06em;text-transform:uppercase}
.options{margin:0}
.section-head{display:flex;align-items:baseline;gap:10px}.section-head span{color:#95a4bb;font-size:13px}
.games{grid-template-columns:repeat(auto-fill,minmax(168px,1fr));gap:14px}
.game button{display:flex;flex-direction:column;align-items:stretch;gap:4px;min-height:0;padding:0 12px 12px;overflow:hidden;border-radius:12px;background:#1a2c38;font-size:15px;transition:transform .15s,box-shadow .15s,background .15s}
.game button:hover:not(:disabled){transform:translateY(-3px);background:#213743;box-shadow:0 10px 24px rgb(0 0 0 / 40%)}
.game button:focus-visible{outline:3px solid #8ab4ff;outline-offset:3px}
.game .art{order:-1;display:grid;place-items:center;margin:0 -12px 8px;aspect-ratio:16/10;font-size:40px;font-weight:900;letter-spacing:-.04em;color:rgb(255 255 255 / 92%);text-shadow:0 4px 18px rgb(0 0 0 / 45%)}
.game small{margin-top:0}
.tags{display:flex;flex-wrap:wrap;gap:6px;margin-top:2px}
.tag{padding:1px 6px;border-radius:999px;background:#0b141b;color:#b1bad3;font-size:11px;font-weight:700}
.tag.rtp{color:#00e701}
.hue-0{background:linear-gradient(135deg,#1475e1,#0b3d91)}.hue-1{background:linear-gradient(135deg,#00b35a,#035e33)}
.hue-2{background:linear-gradient(135deg,#ff7a00,#a23a00)}.hue-3{background:linear-gradient(135deg,#c2255c,#6a0f34)}
.hue-4{background:linear-gradient(135deg,#7048e8,#35208a)}.hue-5{background:linear-gradient(135deg,#0ca5b5,#075a63)}
.hue-6{background:linear-gradient(135deg,#e8b100,#8a5a00)}.hue-7{background:linear-gradient(135deg,#e03131,#7a1010)}
.game button:disabled .art{filter:grayscale(1)}
footer{margin-top:36px;color:#95a4bb;font-size:13px}
@media (max-width:480px){.games{grid-template-columns:repeat(2,minmax(0,1fr));gap:10px}.game .art{font-size:32px}.hero h1{font-size:22px}}
`;
const LOBBY_STYLE_HASH = styleHash(LOBBY_STYLE);

function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  publicOrigin: string,
  hash = STYLE_HASH,
): FastifyReply {
  return reply
    .code(status)
    .header("content-security-policy", lobbyCsp(hash, publicOrigin))
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

/**
 * A form post from this server's own pages. Browsers state where a request comes from in Sec-Fetch-Site,
 * which no page can forge; they send `Origin: null` with the lobby's form posts (its referrer policy is
 * no-referrer), so the Origin header decides only for clients that send no Sec-Fetch-Site: it must be this
 * server as the browser or the public address names it.
 */
function sameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin";
  const origin = request.headers.origin;
  if (typeof origin !== "string") return false;
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}

/** A stable colour for a game's tile, from its slug. */
function hueOf(slug: string): number {
  let hash = 0;
  for (const char of slug) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 8;
}

/** "Plinko 100" -> "P1", "Dice" -> "Di": the tile's monogram. */
function monogram(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const second = words[1];
  return second !== undefined ? `${words[0]?.[0] ?? ""}${second[0]}` : name.slice(0, 2);
}

function tile(game: GameInfo, category: string, ready: boolean): string {
  // The button's text starts with the game's name (its accessible name); the art is drawn first by CSS order.
  return `<li class="game"><button type="submit" name="gameCode" value="${escapeHtml(game.code)}"${ready ? "" : " disabled"}>${escapeHtml(game.name)}<span class="art hue-${hueOf(game.slug)}" aria-hidden="true">${escapeHtml(monogram(game.name))}</span><span class="tags"><span class="tag rtp">RTP ${escapeHtml(game.rtp)}%</span><span class="tag">${escapeHtml(category)}</span>${ready ? "" : '<span class="tag">Coming soon</span>'}</span><small>${escapeHtml(game.code)}</small></button></li>`;
}

function lobbyHtml(games: GameInfo[], playable: Set<string> | undefined): string {
  const sections = CATEGORIES.map(({ category, title, label }) => {
    const entries = games.filter((game) => game.category === category);
    if (entries.length === 0) return "";
    const items = entries
      .map((game) => tile(game, label, playable === undefined || playable.has(game.slug)))
      .join("\n");
    const count = `${entries.length} ${entries.length === 1 ? "game" : "games"}`;
    return `<section aria-labelledby="${category}"><div class="section-head"><h2 id="${category}">${title}</h2><span>${count}</span></div>\n<ul class="games">\n${items}\n</ul></section>`;
  }).join("\n");
  const currencies = CURRENCIES.map((code) => `<option value="${code}">${code}</option>`).join("");
  const languages = Object.entries(LANGUAGES)
    .map(([code, name]) => `<option value="${code}">${escapeHtml(name)}</option>`)
    .join("");
  return page(
    "Demo lobby",
    `<form method="post" action="/lobby/launch">
<div class="hero">
<div>
<h1>Demo lobby<span class="badge">Demo</span></h1>
<p>Every game of the sandbox operator, played with virtual money. Pick a currency and a language, then click a game to open a demo session.</p>
</div>
<div class="options">
<label>Currency <select name="currency">${currencies}</select></label>
<label>Language <select name="lang">${languages}</select></label>
</div>
</div>
${sections}
${playable === undefined ? "<p>The game client is not built yet: run <code>npm run build:client</code>.</p>" : ""}
</form>
<footer>Demo sessions use virtual money only; your demo player, its seeds and its history carry from one game to the next.</footer>`,
    // The shared page frame, with the lobby's style in place of the plain one (its CSP hash follows).
  ).replace(`<style>${PAGE_STYLE}</style>`, `<style>${LOBBY_STYLE}</style>`);
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

  // The address a newcomer types first, after `npm start`, leads somewhere to play.
  app.get("/", { schema: { hide: true } }, async (_request, reply) => reply.redirect(lobbyUrl, 302));

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
    return sendPage(reply, 200, lobbyHtml(games, playable), publicOrigin, LOBBY_STYLE_HASH);
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
