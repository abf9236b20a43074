/**
 * GET /play/:slug: the game client's HTML shell, under a CSP whose frame-ancestors are the embedding
 * origins of the operator whose session the launch URL's token belongs to (none without a session).
 */
import { createHash } from "node:crypto";
import { GAME_SLUGS } from "@rgs/protocol/catalog";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ClientBuild } from "./client-build.ts";
import { gamePageCsp } from "./content-security-policy.ts";
import { escapeHtml, PAGE_STYLE, page } from "./pages.ts";

export interface GamePageDeps {
  build: ClientBuild;
  /** Origins allowed to embed the page opened with this launch token (an expired session's too). */
  frameAncestorsForToken(token: string): Promise<string[]>;
}

const PAGE_STYLE_HASH = `sha256-${createHash("sha256").update(PAGE_STYLE, "utf8").digest("base64")}`;
const MESSAGE_CSP = `default-src 'none'; style-src '${PAGE_STYLE_HASH}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

function sendMessage(reply: FastifyReply, status: number, title: string, html: string): FastifyReply {
  return reply
    .code(status)
    .header("content-security-policy", MESSAGE_CSP)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(page(title, `<h1>${escapeHtml(title)}</h1>\n${html}`));
}

export function registerGamePage(app: FastifyInstance, deps: GamePageDeps): void {
  app.get<{ Params: { slug: string }; Querystring: Record<string, string | string[] | undefined> }>(
    "/play/:slug",
    { schema: { hide: true } },
    async (request, reply) => {
      const { slug } = request.params;
      if (!GAME_SLUGS.includes(slug)) {
        return sendMessage(reply, 404, "Game not found", "<p>There is no game at this address.</p>");
      }
      const html = await deps.build.indexHtml();
      if (html === undefined) {
        return sendMessage(
          reply,
          503,
          "Game client not built",
          "<p>The game client has not been built on this server. Build it with <code>npm run build:client</code> and reload this page.</p>",
        );
      }
      const raw = request.query.sessionToken;
      const token = typeof raw === "string" && TOKEN.test(raw) ? raw : undefined;
      const ancestors = token ? await deps.frameAncestorsForToken(token) : [];
      return (
        reply
          .code(200)
          .header("content-security-policy", gamePageCsp(ancestors))
          .header("referrer-policy", "no-referrer")
          .header("cache-control", "no-store")
          // The page is meant to be framed by operator sites (frame-ancestors decides which).
          .header("cross-origin-resource-policy", "cross-origin")
          .type("text/html; charset=utf-8")
          .send(html)
      );
    },
  );
}
