/**
 * What the launch URL tells the client: /play/<slug>?sessionToken=...&id=<gameCode>&lang=...
 * The token is a credential: it is taken out of the visible address so it is not bookmarked or shared.
 * The lobby link is not read here: anyone can write an address, so it comes from the session (session.ts).
 */

export interface LaunchParams {
  token: string | null;
  gameCode: string | null;
  /** The page's slug (/play/<slug>). */
  slug: string | null;
  language: string | null;
}

export function readLaunchParams(href: string): LaunchParams {
  const url = new URL(href);
  const query = url.searchParams;
  const slug = /^\/play\/([a-z0-9_]+)\/?$/.exec(url.pathname)?.[1] ?? null;
  return {
    token: query.get("sessionToken") || null,
    gameCode: query.get("id") || null,
    slug,
    language: query.get("lang") || null,
  };
}

/** The same address without the session token (path, other parameters and fragment kept). */
export function withoutToken(href: string): string {
  const url = new URL(href);
  url.searchParams.delete("sessionToken");
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ""}${url.hash}`;
}
