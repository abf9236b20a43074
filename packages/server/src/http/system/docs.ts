import type { FastifyInstance } from "fastify";
import { callbackWebhooks } from "./callback-webhooks.ts";
import { DOCS_STYLE_HASH, type DocsPageOptions, renderDocsPage } from "./docs-page.ts";

const DOCS_CSP = `default-src 'none'; style-src ${DOCS_STYLE_HASH}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/**
 * GET /openapi.json and GET /docs, both from the document @fastify/swagger builds from the route
 * schemas, with the wallet callbacks the RGS sends added as webhooks from the protocol's contract.
 */
export function registerDocsRoutes(app: FastifyInstance, opts: DocsPageOptions): void {
  let page: string | undefined;
  const webhooks = callbackWebhooks();
  const document = (): Record<string, unknown> => ({ ...app.swagger(), webhooks });

  app.get("/openapi.json", { schema: { hide: true } }, async (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return document();
  });

  app.get("/docs", { schema: { hide: true } }, async (_request, reply) => {
    page ??= renderDocsPage(document(), opts);
    reply.header("content-security-policy", DOCS_CSP).header("cache-control", "no-cache");
    return reply.type("text/html; charset=utf-8").send(page);
  });
}
