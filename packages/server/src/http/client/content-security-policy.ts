/**
 * The policies of the pages the game client serves. The game page loads only its own scripts, styles and
 * images and talks only to this server; who may frame it is the operator's list of embedding origins.
 */

/** `frame-ancestors` value: the operator's origins, or 'none' (no embedding) when it has none. */
function frameAncestorsDirective(origins: readonly string[]): string {
  return origins.length === 0 ? "'none'" : origins.join(" ");
}

export function gamePageCsp(frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    `frame-ancestors ${frameAncestorsDirective(frameAncestors)}`,
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * The demo lobby: no script at all, its one inline style block allowed by hash, forms posted to this
 * server (whose public address may differ from the one in the browser, and receives the redirect).
 */
export function lobbyCsp(styleHash: string, publicOrigin: string): string {
  return [
    "default-src 'none'",
    `style-src '${styleHash}'`,
    "img-src 'self' data:",
    `form-action 'self' ${publicOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}
