/**
 * The demo lobby of a staging server: every game of the sandbox operator, each opened in one click as a
 * demo session (POST /lobby/launch creates it through the launch service and redirects to its launch URL).
 * The form is protected against cross-site posts by its Origin header.
 */
import { createHash, randomBytes } from "node:crypto";
import type { GameCategory, GameInfo } from "@rgs/protocol/catalog";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { CLIENT_LANGUAGES } from "@rgs/protocol/languages";
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

const CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "BRL",
  "TRY",
  "PLN",
  "INR",
  "JPY",
  "KRW",
  "BTC",
  "USDT",
  "DOGE",
] as const;
const CATEGORIES: readonly { category: GameCategory; title: string }[] = [
  { category: "instant", title: "Instant games" },
  { category: "cash-out", title: "Cash-out games" },
  { category: "table", title: "Table games" },
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
.games{grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:14px}
.game{display:flex;flex-direction:column;border-radius:12px;background:#1a2c38;overflow:hidden;transition:transform .15s,box-shadow .15s}
.game:hover{transform:translateY(-3px);box-shadow:0 10px 24px rgb(0 0 0 / 40%)}
.game button{display:flex;flex-direction:column;align-items:center;gap:8px;min-height:0;padding:14px 10px 8px;border-radius:0;background:transparent;font-size:15px;text-align:center}
.game button:hover{background:#213743}
.game button:focus-visible{outline:3px solid #8ab4ff;outline-offset:-3px}
.game img{width:88px;height:88px;border-radius:18px;box-shadow:0 6px 18px rgb(0 0 0 / 35%)}
.game .variant{display:flex;align-items:center;justify-content:center;gap:6px;padding:0 10px 12px;color:#b1bad3;font-size:13px}
.game .variant select{padding:3px 6px;font-size:13px}
.rtp{color:#00e701;font-weight:700}
.soon{color:#95a4bb;font-size:12px;font-weight:700}
.game button:disabled img{filter:grayscale(1)}
details.codes{margin-top:32px;color:#b1bad3}details.codes summary{cursor:pointer;font-weight:700}
.codes table{border-collapse:collapse;margin-top:10px;font-size:13px}.codes td,.codes th{padding:4px 10px;border-bottom:1px solid #2f4553;text-align:left}
.codes code{background:none;padding:0}
footer{margin-top:36px;color:#95a4bb;font-size:13px}
@media (max-width:480px){.games{grid-template-columns:repeat(2,minmax(0,1fr));gap:10px}.game img{width:72px;height:72px}.hero h1{font-size:22px}}
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

/** The codes of a game in the sandbox's packs, highest RTP first: its variants. */
function variants(games: readonly GameInfo[], slug: string): GameInfo[] {
  return games.filter((game) => game.slug === slug).sort((a, b) => b.rtpBasisPoints - a.rtpBasisPoints);
}

/**
 * One tile per game: its icon and name open it (the button's accessible name is the name), and a game with
 * several codes offers its RTPs as a choice. Codes themselves are for operators: listed once, at the end.
 */
function tile(codes: readonly GameInfo[], ready: boolean): string {
  const first = codes[0] as GameInfo;
  const slug = escapeHtml(first.slug);
  const name = escapeHtml(first.name);
  const variant =
    codes.length === 1
      ? `<span class="rtp">RTP ${escapeHtml(first.rtp)}%</span>`
      : `<label>RTP <select name="code.${slug}" aria-label="RTP of ${name}">${codes
          .map((game) => `<option value="${escapeHtml(game.code)}">${escapeHtml(game.rtp)}%</option>`)
          .join("")}</select></label>`;
  return `<li class="game"><button type="submit" name="game" value="${slug}"${ready ? "" : " disabled"}><img src="/thumbnails/${slug}.svg" alt="" width="88" height="88"><span>${name}</span></button><span class="variant">${ready ? variant : '<span class="soon">Coming soon</span>'}</span></li>`;
}

function codeTable(games: readonly GameInfo[]): string {
  const slugs = [...new Set(games.map((game) => game.slug))];
  const rows = slugs
    .map((slug) => {
      const codes = variants(games, slug);
      const list = codes.map((game) => `<code>${escapeHtml(game.code)}</code> (${escapeHtml(game.rtp)}%)`);
      return `<tr><th scope="row">${escapeHtml(codes[0]?.name ?? slug)}</th><td>${list.join(", ")}</td></tr>`;
    })
    .join("");
  return `<details class="codes"><summary>Game codes, for integration (gameCode of POST /operator/launch)</summary><table><tbody>${rows}</tbody></table></details>`;
}

function lobbyHtml(games: GameInfo[], playable: Set<string> | undefined): string {
  const sections = CATEGORIES.map(({ category, title }) => {
    const slugs = [...new Set(games.filter((game) => game.category === category).map((game) => game.slug))];
    if (slugs.length === 0) return "";
    const items = slugs
      .map((slug) => tile(variants(games, slug), playable === undefined || playable.has(slug)))
      .join("\n");
    const count = `${slugs.length} ${slugs.length === 1 ? "game" : "games"}`;
    return `<section aria-labelledby="${category}"><div class="section-head"><h2 id="${category}">${title}</h2><span>${count}</span></div>\n<ul class="games">\n${items}\n</ul></section>`;
  }).join("\n");
  const currencies = CURRENCIES.map((code) => `<option value="${code}">${code}</option>`).join("");
  const languages = CLIENT_LANGUAGES.map(
    (language) => `<option value="${language.tag}">${escapeHtml(language.name)}</option>`,
  ).join("");
  return page(
    "Demo lobby",
    `<form method="post" action="/lobby/launch">
<div class="hero">
<div>
<h1>Demo lobby<span class="badge">Demo</span></h1>
<p>Every game of the sandbox operator, played with virtual money. Pick a currency and a language, then a game to open a demo session.</p>
</div>
<div class="options">
<label>Currency <select name="currency">${currencies}</select></label>
<label>Language <select name="lang">${languages}</select></label>
</div>
</div>
${sections}
${playable === undefined ? "<p>The game client is not built yet: run <code>npm run build:client</code>.</p>" : ""}
</form>
${codeTable(games)}
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
      { parseAs: "string", bodyLimit: 4096 },
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
      // A tile names its game and, for a game of several codes, the code its RTP choice holds.
      const slug = form.get("game");
      const gameCode = form.get("gameCode") ?? (slug === null ? "" : (form.get(`code.${slug}`) ?? slug));
      const games = await deps.games(sandbox.id);
      const game =
        games.find((entry) => entry.code === gameCode) ??
        (slug !== null && gameCode === slug ? variants(games, slug)[0] : undefined);
      const currency = form.get("currency") ?? "USD";
      const language = form.get("lang") ?? "en";
      if (
        !game ||
        (slug !== null && game.slug !== slug) ||
        !(CURRENCIES as readonly string[]).includes(currency) ||
        !resolveCurrency(currency) ||
        !CLIENT_LANGUAGES.some((entry) => entry.tag === language)
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
        languageCode: language.slice(0, 2),
      });
      if (!outcome.ok) {
        return sendPage(
          reply,
          409,
          failure("The demo session could not be opened", outcome.detail),
          publicOrigin,
        );
      }
      // The game's way back here is the sandbox session's lobby, which the game reads from its session.
      const target = new URL(outcome.response.launchUrl);
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
