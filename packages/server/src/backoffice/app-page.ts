import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { ClientBuild } from "../http/client/client-build.ts";
import { sendMessage } from "../http/client/shell-answers.ts";
import { sendError } from "../http/error-reply.ts";

/**
 * The built back-office app (packages/backoffice/dist, `npm run build:backoffice`): its page and its hashed
 * assets, under a policy that allows only this origin's scripts and styles, nothing inline, and no framing.
 */

const DEFAULT_DIST = fileURLToPath(new URL("../../../backoffice/dist", import.meta.url));

export const BACKOFFICE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

const IMMUTABLE = "public, max-age=31536000, immutable";

export function registerAppPage(app: FastifyInstance, opts: { distDir?: string }): void {
  const build = new ClientBuild(opts.distDir ?? DEFAULT_DIST);
  app.get("/", async (_request, reply) => {
    const html = await build.indexHtml();
    if (html === undefined) {
      return sendMessage(
        reply,
        503,
        "Back office not built",
        "<p>The back office has not been built on this server. Build it with <code>npm run build:backoffice</code> and reload this page.</p>",
      );
    }
    return reply
      .header("content-security-policy", BACKOFFICE_CSP)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(html);
  });
  app.get<{ Params: { name: string } }>("/assets/:name", async (request, reply) => {
    const asset = await build.asset(request.params.name);
    if (!asset) return sendError(reply, "not_found", "No such asset.");
    return reply.header("cache-control", IMMUTABLE).type(asset.contentType).send(asset.body);
  });
}
