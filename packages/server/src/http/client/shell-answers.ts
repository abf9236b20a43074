/**
 * The answers of the pages that serve the game client's HTML shell (the game page, a replay link's page):
 * the shell itself under the game page's policy, or a small server-rendered message when it cannot be served.
 */
import { createHash } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { ClientBuild } from "./client-build.ts";
import { gamePageCsp } from "./content-security-policy.ts";
import { escapeHtml, PAGE_STYLE, page } from "./pages.ts";

const PAGE_STYLE_HASH = `sha256-${createHash("sha256").update(PAGE_STYLE, "utf8").digest("base64")}`;
const MESSAGE_CSP = `default-src 'none'; style-src '${PAGE_STYLE_HASH}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

export function sendMessage(reply: FastifyReply, status: number, title: string, html: string): FastifyReply {
  return reply
    .code(status)
    .header("content-security-policy", MESSAGE_CSP)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(page(title, `<h1>${escapeHtml(title)}</h1>\n${html}`));
}

/**
 * The built shell, framed only by the origins `frameAncestors` gives (asked once the shell is known to be
 * there), with `headers` added; 503 with how to build it when the client has not been built.
 */
export async function sendShell(
  reply: FastifyReply,
  build: ClientBuild,
  frameAncestors: () => Promise<readonly string[]>,
  headers: Record<string, string> = {},
): Promise<FastifyReply> {
  const html = await build.indexHtml();
  if (html === undefined) {
    return sendMessage(
      reply,
      503,
      "Game client not built",
      "<p>The game client has not been built on this server. Build it with <code>npm run build:client</code> and reload this page.</p>",
    );
  }
  return (
    reply
      .code(200)
      .header("content-security-policy", gamePageCsp(await frameAncestors()))
      .header("referrer-policy", "no-referrer")
      .header("cache-control", "no-store")
      // The page is meant to be framed by operator sites (frame-ancestors decides which).
      .header("cross-origin-resource-policy", "cross-origin")
      .headers(headers)
      .type("text/html; charset=utf-8")
      .send(html)
  );
}
