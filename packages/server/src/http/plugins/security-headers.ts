import type { FastifyInstance } from "fastify";

/**
 * Defaults for every answer; a route that needs another policy (a page embedded by operators, the
 * HTML docs) sets its own header first and keeps it. Framing is controlled by CSP frame-ancestors only
 * (no X-Frame-Options), because that header has no value that would let a game page name the
 * operator sites allowed to embed it.
 */
const DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "content-security-policy":
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "cross-origin-resource-policy": "same-origin",
  "cross-origin-opener-policy": "same-origin",
  "cache-control": "no-store",
};

/** HSTS only makes sense, and is only honoured, when the public address is HTTPS. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The headers of an answer written outside Fastify (a connection refused before any request was read,
 * a request Node's HTTP parser refused), which the hooks below never see.
 */
export function securityHeaders(publicBaseUrl: string): Record<string, string> {
  return {
    ...DEFAULT_HEADERS,
    ...(publicBaseUrl.startsWith("https://") ? { "strict-transport-security": HSTS } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, opts: { publicBaseUrl: string }): void {
  const https = opts.publicBaseUrl.startsWith("https://");
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(DEFAULT_HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    if (https && !reply.hasHeader("strict-transport-security"))
      reply.header("strict-transport-security", HSTS);
    return payload;
  });
}
